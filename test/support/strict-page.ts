// The strict page's own script (see strict-page.html): records every Content-Security-Policy violation, then
// loads the build named by ?build= exactly as a page would, and nothing of the test's own code.
export interface StrictPage {
  /** One line per violation: the directive, what was blocked, where, and the sample the browser gives. */
  violations: string[]
  /** Settles once the build has loaded (and registered the elements). */
  loaded: Promise<unknown>
}

const BUILDS: Record<string, string> = {
  // The CDN file, untouched (npm run build writes it).
  cdn: '/dist/cdn/mcp-web-elements.js',
  // dist/index.js as a user's bundler resolves it (bundled by the runner: test/support/strict-page.mjs).
  npm: '/__strict/npm/index.js',
}

const violations: string[] = []
const seen = new Set<string>()
const record = (line: string) => {
  if (seen.has(line)) return
  violations.push(line)
  seen.add(line)
}
// Composed and bubbling: violations inside shadow roots arrive here too.
document.addEventListener(
  'securitypolicyviolation',
  (e) => record(`${e.effectiveDirective}: blocked ${e.blockedURI || '(inline)'} at ${e.sourceFile}:${e.lineNumber} ${e.sample}`),
  true,
)

const build = BUILDS[new URLSearchParams(location.search).get('build') ?? '']
const loaded = build ? import(build) : Promise.reject(new Error(`strict-page.html: ?build= must be one of ${Object.keys(BUILDS)}`))
loaded.catch((error) => record(`the build did not load: ${error}`))
;(window as unknown as { strictPage: StrictPage }).strictPage = { violations, loaded }
