// The layer rules of ARCHITECTURE.md, as code (`npm run layers`, in `npm test`). scripts/check-layers.mjs runs them on
// the JavaScript TypeScript emits for src/, components/ and sandbox/ (.tmp/layers/): type-only imports are gone there,
// so what is checked is what runs.
module.exports = {
  forbidden: [
    {
      name: 'no-runtime-cycle',
      comment: 'No module reaches itself through imports that run (static or import()).',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'client-not-to-ui',
      comment: 'The headless client (src/) never imports the elements, the sandbox proxy or the demo.',
      severity: 'error',
      from: { path: '^\\.tmp/layers/src/' },
      to: { path: '^\\.tmp/layers/(components|sandbox|demo)/' },
    },
    {
      name: 'elements-through-public-api',
      comment:
        "Elements reach a server only through the client's public API (src/client/index.ts, McpClient.ts, the cache's and auth's entries): never the transport, the client's parts or the cache's internals.",
      severity: 'error',
      from: { path: '^\\.tmp/layers/components/' },
      to: { path: '^\\.tmp/layers/src/(transport/|client/(?!index\\.js$|McpClient\\.js$)|cache/(?!index\\.js$|idb\\.js$))' },
    },
    {
      name: 'sandbox-alone',
      comment: 'The sandbox proxy runs on another origin: it imports nothing of the page code.',
      severity: 'error',
      from: { path: '^\\.tmp/layers/sandbox/' },
      to: { path: '^\\.tmp/layers/(src|components|demo)/' },
    },
    {
      name: 'no-unresolvable',
      comment: 'Every relative import resolves to a file.',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true, pathNot: '^[^.]' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    moduleSystems: ['es6'],
  },
}
