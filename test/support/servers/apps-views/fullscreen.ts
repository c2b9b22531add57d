// Declares inline and fullscreen. At its result it asks for fullscreen unprompted (a host must refuse: no user action);
// a click on its button (it fills the view) asks for the other mode, then for picture-in-picture (not declared).
// In fullscreen it shows 150 px more (a size-changed the host must not apply there).
// It keeps a click count and an id made at load in memory: a frame that is reloaded starts again from 0 with a new id.
import { App, report } from './report.js'

const app = new App({ name: 'fullscreen-view', version: '1.0.0' }, { availableDisplayModes: ['inline', 'fullscreen'] })
const loadId = Math.random().toString(36).slice(2)
let clicks = 0
let mode = 'inline'
app.addEventListener('hostcontextchanged', (c) => {
  if (c.displayMode) mode = c.displayMode
  // Given the screen, it shows more (its document grows, and the App class reports the new size): the host keeps the
  // frame filling the screen all the same.
  if (c.displayMode === 'fullscreen' && !document.getElementById('details')) {
    const details = Object.assign(document.createElement('div'), { id: 'details', textContent: 'details' })
    details.style.height = '150px'
    document.body.append(details)
  }
  if (c.displayMode) report(app, 'display-mode-changed', { displayMode: c.displayMode, containerDimensions: c.containerDimensions })
})
app.addEventListener('toolresult', async () => {
  const unprompted = await app.requestDisplayMode({ mode: 'fullscreen' })
  report(app, 'at-load', { mode: unprompted.mode })
})
const button = document.createElement('button')
button.textContent = 'Switch'
button.style.cssText = 'position: fixed; inset: 0; width: 100%; height: 100%; font-size: 2rem'
button.addEventListener('click', async () => {
  clicks++
  const asked = mode === 'inline' ? 'fullscreen' : 'inline'
  const answer = await app.requestDisplayMode({ mode: asked })
  mode = answer.mode
  report(app, 'clicked', { asked, mode: answer.mode, clicks, loadId })
  if (answer.mode === 'fullscreen') {
    const pip = await app.requestDisplayMode({ mode: 'pip' })
    report(app, 'pip', { mode: pip.mode })
  }
})
document.body.append(button)
await app.connect()
report(app, 'connected', { loadId })
