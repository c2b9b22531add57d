// Lets the conformance CLI start on Node 20.
//
// `@modelcontextprotocol/conformance` does `import { globSync } from "fs"`, an export
// Node added in 22. On Node 20 the import fails at link time, before any code runs.
// (The CLI only uses it in `tier-check` to find `**/checks.json` under a results dir.)
//
// Usage: node --import ./scripts/node20-globsync.mjs node_modules/.bin/conformance …
//
// This one file plays three roles, told apart by its URL's query:
//   (none)   preload: registers this file as a module-customization hook, only when
//            `fs.globSync` is missing (so on Node 22+ it does nothing);
//   ?hooks   the hook: imports of `fs`/`node:fs` from inside the conformance package
//            resolve to `?shim`; everything else resolves as usual;
//   ?shim    `node:fs` re-exported, plus a `globSync` built on tinyglobby.
import * as fs from 'node:fs'
import { register } from 'node:module'
import { globSync as tinyGlobSync } from 'tinyglobby'

export * from 'node:fs'

const role = new URL(import.meta.url).search

if (role === '' && typeof fs.globSync !== 'function') {
  register(new URL('?hooks', import.meta.url))
}

const PACKAGE_DIR = '/node_modules/@modelcontextprotocol/conformance/'

/** Module-customization `resolve` hook (used only in the `?hooks` role). */
export async function resolve(specifier, context, nextResolve) {
  if (
    (specifier === 'fs' || specifier === 'node:fs') &&
    context.parentURL?.startsWith('file:') &&
    context.parentURL.includes(PACKAGE_DIR)
  ) {
    return { url: new URL('?shim', import.meta.url).href, shortCircuit: true }
  }
  return nextResolve(specifier, context)
}

/**
 * The subset of Node 22's `fs.globSync(pattern, { cwd, exclude })` the CLI relies on:
 * paths relative to `cwd` (default: process.cwd()), files and directories alike,
 * no dot-entries for wildcards, no directory expansion. `withFileTypes` is refused
 * rather than faked.
 */
export function globSync(pattern, options = {}) {
  if (options.withFileTypes) throw new Error('globSync shim: withFileTypes is not supported')
  const exclude = options.exclude
  const matches = tinyGlobSync(pattern, {
    cwd: options.cwd ?? process.cwd(),
    onlyFiles: false,
    dot: false,
    expandDirectories: false,
    ignore: Array.isArray(exclude) ? exclude : [],
  })
  return typeof exclude === 'function' ? matches.filter((path) => !exclude(path)) : matches
}
