// Navigates its own frame to another page once it has its result: out of the document that carried its CSP.
// Where to is the call's `to` argument: `elsewhere` (a 404 on the MCP server's origin, the default), `data` (a
// data: URL it makes), `sandbox` (a page with a script on the sandbox proxy's own origin), `third` (such a page on a
// third origin), `third-optin` (one that accepts any embedder's CSP: Allow-CSP-From: *). With `child`, it first
// frames the third origin's page as a child frame of its own and reports what that page says (`child-landed`).
import { App, report } from './report.js'
import { landingPage } from './landing-page.js'

declare const MCP_URL: string
declare const SANDBOX_ORIGIN: string
declare const LANDING_ORIGIN: string

const targets: Record<string, () => string> = {
  elsewhere: () => new URL('/elsewhere', MCP_URL).href,
  data: () => `data:text/html,${encodeURIComponent(landingPage('data'))}`,
  sandbox: () => `${SANDBOX_ORIGIN}/landing.html`,
  third: () => `${LANDING_ORIGIN}/landing.html`,
  'third-optin': () => `${LANDING_ORIGIN}/landing-optin.html`,
}

const app = new App({ name: 'wander-view', version: '1.0.0' }, {})
let to = 'elsewhere'
addEventListener('message', (e) => {
  const child = document.querySelector('iframe')
  const said = e.data?.params?.data
  if (child && e.source === child.contentWindow && said) report(app, 'child-landed', { where: said.where, csp: said.csp })
})
app.addEventListener('toolinput', (p) => {
  if (typeof p.arguments?.to === 'string' && p.arguments.to in targets) to = p.arguments.to
  if (p.arguments?.child) document.body.append(Object.assign(document.createElement('iframe'), { src: targets.third() }))
})
app.addEventListener('toolresult', () => {
  report(app, 'leaving', { to })
  setTimeout(() => (location.href = targets[to]()), 100)
})
await app.connect()
