// `npm run docs` loads this before TypeDoc (`node --import`). TypeDoc reads the
// sources through TypeScript's compiler API, which the native TypeScript 7 this
// project type-checks and builds with does not offer; so TypeDoc alone gets
// TypeScript 6 (the devDependency `typedoc-typescript`, an npm alias), and
// everything else keeps TypeScript 7. package.json "overrides" lets TypeDoc's
// peer dependency accept the project's TypeScript so that npm installs both.
import { register } from 'node:module'

const hooks = `
export async function resolve(specifier, context, next) {
  if (specifier === 'typescript' && context.parentURL?.includes('/node_modules/typedoc/')) {
    return next('typedoc-typescript', context)
  }
  return next(specifier, context)
}`
register(`data:text/javascript,${encodeURIComponent(hooks)}`)
