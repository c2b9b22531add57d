// `npm run lint` loads this before ESLint (`node --import`). typescript-eslint reads the sources through TypeScript's
// compiler API with `require('typescript')`, which the native TypeScript 7 this project type-checks and builds with
// does not offer; so in the lint process `typescript` resolves to TypeScript 6 (the devDependency
// `typedoc-typescript`, the one `npm run docs` uses). A `register` hook (as in typedoc-typescript.mjs) would not do:
// on Node 20 it does not see `require`, so this patches CommonJS resolution itself.
import Module from 'node:module'

const resolve = Module._resolveFilename
Module._resolveFilename = function (request, ...rest) {
  return resolve.call(this, request === 'typescript' || request.startsWith('typescript/') ? `typedoc-${request}` : request, ...rest)
}
