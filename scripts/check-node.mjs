// Run first by `npm start` and `npm test`: stops with a clear message when this
// Node is older than the development tools need. The library itself runs on
// Node 20 ("engines" in package.json is for its users); building, the demo and
// the tests need Vite 8 (and its bundler, rolldown): Node ^20.19 or >=22.12.
// `npm ci` on Node 20 also warns (EBADENGINE) about a few test and build tools
// that declare Node 22 (oauth2-mock-server, minify-literals, and commander,
// html-minifier-next, basic-auth, content-type under them); the whole suite
// passes on Node 20.19+, so those stay warnings.
// Plain syntax, so that an old Node gets as far as the message.
// CHECK_NODE_VERSION stands in for this Node's version (test/node/check-node.test.ts).
const version = process.env.CHECK_NODE_VERSION || process.versions.node
const [major, minor] = version.split('.').map(Number)
const supported = major === 20 ? minor >= 19 : major === 22 ? minor >= 12 : major > 22

if (!supported) {
  const script = (process.env.npm_lifecycle_event || '').replace(/^pre/, '')
  console.error(
    `${script ? `npm ${script}` : 'Development'} needs Node 20.19 or later on Node 20, or 22.12 or later (Vite 8 does); this is Node ${version}.\n` +
      'Install a newer Node (from nodejs.org, or `nvm install 22`) and run it again. The published package itself runs on any Node 20.',
  )
  process.exit(1)
}
