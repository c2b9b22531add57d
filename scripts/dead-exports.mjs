// Exports of src/ and components/ that nothing else imports:
//
//   node scripts/dead-exports.mjs
//
// For each exported name of a module that is not a public entry point, the
// TypeScript language service finds its references (the TypeScript 6 API that
// `npm run docs` installs as typedoc-typescript; the project's TypeScript 7 has
// no such API). A name referenced outside its own file only by tests, bench or
// demo is listed with where; one referenced nowhere else, as such. Names a
// public entry re-exports are public API, and not listed. Exits 0: it informs,
// and what to do with a test-only export (a seam the tests need) is a judgement.
import { createRequire } from 'node:module'
import { dirname, join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const ts = createRequire(import.meta.url)('typedoc-typescript')
const PUBLIC = new Set(['src/client/index.ts', 'src/cache/index.ts', 'src/auth/index.ts', 'src/auth/callback.ts', 'components/index.ts'])
const LIBRARY = /^(src|components|sandbox)\//

const config = ts.getParsedCommandLineOfConfigFile(
  join(root, 'tsconfig.json'),
  {},
  { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} },
)
const service = ts.createLanguageService(
  {
    getScriptFileNames: () => config.fileNames,
    getScriptVersion: () => '1',
    getScriptSnapshot: (file) => (ts.sys.fileExists(file) ? ts.ScriptSnapshot.fromString(ts.sys.readFile(file)) : undefined),
    getCurrentDirectory: () => root,
    getCompilationSettings: () => config.options,
    getDefaultLibFileName: (options) => ts.getDefaultLibFilePath(options),
    fileExists: ts.sys.fileExists,
    readFile: ts.sys.readFile,
    readDirectory: ts.sys.readDirectory,
    directoryExists: ts.sys.directoryExists,
    getDirectories: ts.sys.getDirectories,
  },
  ts.createDocumentRegistry(),
)
const program = service.getProgram()
const checker = program.getTypeChecker()
const found = []
for (const source of program.getSourceFiles()) {
  const file = relative(root, source.fileName)
  if (!/^(src|components)\//.test(file) || file.includes('/generated/') || file.endsWith('.test.ts') || PUBLIC.has(file)) continue
  const moduleSymbol = checker.getSymbolAtLocation(source)
  if (!moduleSymbol) continue
  for (const exported of checker.getExportsOfModule(moduleSymbol)) {
    const declaration = exported.declarations?.[0]
    if (!declaration || declaration.getSourceFile() !== source) continue // a re-export: judged where it is declared
    const at = (declaration.name ?? declaration).getStart()
    const elsewhere = new Set()
    for (const group of service.findReferences(source.fileName, at) ?? [])
      for (const reference of group.references) elsewhere.add(relative(root, reference.fileName))
    elsewhere.delete(file)
    const users = [...elsewhere]
    if (users.some((user) => PUBLIC.has(user) || (LIBRARY.test(user) && !user.endsWith('.test.ts')))) continue
    found.push(`${file}: ${exported.name}${users.length ? `  (only ${users.join(', ')})` : '  (nowhere else)'}`)
  }
}
console.log(found.length ? found.join('\n') : 'no dead exports')
