// Grows to 420 px once it has its result; the App class reports the new size (autoResize).
import { App, report } from './report.js'

const app = new App({ name: 'resize-view', version: '1.0.0' }, {})
app.addEventListener('toolresult', () => {
  const block = document.createElement('div')
  block.style.height = '420px'
  block.textContent = 'tall'
  document.body.append(block)
  report(app, 'grown')
})
document.documentElement.style.margin = document.body.style.margin = '0'
await app.connect()
