// Declares inline and fullscreen; asks for fullscreen, then for picture-in-picture (not declared), then inline.
import { App, report } from './report.js'

const app = new App({ name: 'fullscreen-view', version: '1.0.0' }, { availableDisplayModes: ['inline', 'fullscreen'] })
app.addEventListener('hostcontextchanged', (c) => {
  if (c.displayMode) report(app, 'display-mode-changed', { displayMode: c.displayMode, containerDimensions: c.containerDimensions })
})
app.addEventListener('toolresult', async () => {
  const full = await app.requestDisplayMode({ mode: 'fullscreen' })
  report(app, 'fullscreen', { mode: full.mode })
  const pip = await app.requestDisplayMode({ mode: 'pip' })
  report(app, 'pip', { mode: pip.mode })
})
await app.connect()
