// `npm run layers`: the layer rules (.dependency-cruiser.cjs) on what runs. TypeScript emits src/, components/ and
// sandbox/ as JavaScript into .tmp/layers/ (type-only imports erased), and dependency-cruiser checks its imports: no
// runtime cycle, the client never importing the elements, the sandbox importing nothing of the page. Exits non-zero on
// any violation, naming each.
import { spawnSync } from 'node:child_process'
import { rmSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const out = join(root, '.tmp/layers')

function run(command, args) {
  const result = spawnSync(process.execPath, [join(root, command), ...args], { cwd: root, stdio: 'inherit' })
  if (result.status !== 0) process.exit(result.status ?? 1)
}

rmSync(out, { recursive: true, force: true })
run('node_modules/typescript/bin/tsc', ['-p', 'tsconfig.layers.json'])
run('node_modules/dependency-cruiser/bin/dependency-cruise.mjs', ['--config', '.dependency-cruiser.cjs', '--output-type', 'err', '.tmp/layers'])
