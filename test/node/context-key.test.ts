// The one context key (src/cache/context-key.ts): every place in the library that stores or shares something is
// listed here, and each one builds its keys and names through the context key (or says why it holds nothing of a
// server's or a person's). A new store, channel or lock in a file not listed fails the first test.
import { describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { globSync } from 'tinyglobby'
import { contextKey, type ContextSource } from '../../src/cache/context-key.js'

const root = join(import.meta.dirname, '../..')

/**
 * What stores or shares: a store write, a record of the records API (src/cache/records.ts), Web Storage, IndexedDB, a
 * cross-tab channel, a Web Lock.
 */
const STORES_OR_SHARES =
  /\bstore\(?\)?\??\.set\(|\b(?:ownRecord|recordOf)\(|\b(?:session|local)Storage\b|\bopenDB\(|\bindexedDB\.open\(|new BroadcastChannel\(|\blocks\??\.request\(/

/** A file's code without its comments (a comment may name what it does not do). */
const codeOf = (file: string) =>
  readFileSync(join(root, file), 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/^\s*\/\/.*$/gm, '')

/**
 * Each file that stores or shares: for a keyed one, the code by which it keys what it keeps with the context key;
 * `exempt` says why a file needs none.
 */
const PLACES: Record<string, { keyed: RegExp | RegExp[] } | { exempt: string }> = {
  // Private results under their context; a context's records (ownRecord) under the context key.
  'src/cache/layer.ts': {
    keyed: [/privateKey\(plan\.key, plan\.context/, /const \{ key, id, shared \} = this\.contextKey\(headers\)/, /recordOf\([^()]*, name, key, /],
  },
  // The records API: a record's name and the key it is given (ownRecord's: the context key).
  'src/cache/records.ts': { keyed: /`\$\{name\}\\n\$\{of\}\\n`/ },
  'src/client/call/approval.ts': { keyed: /cache\.ownRecord\(/ },
  'src/client/tasks/tasks-store.ts': { keyed: /cache\.ownRecord\(/ },
  'src/client/era/era-select.ts': { keyed: /recordOf\(store, 'mcp-web-elements\/era', this\.host\.url\)/ },
  'src/client/tasks/task-follow.ts': { keyed: /`\$\{context\.key\}\\n\$\{taskId\}`/ },
  'components/mcp-tool/stored-arguments.ts': { keyed: /\$\{context\.key\}/ },
  'src/cache/idb.ts': { exempt: 'the store itself: it keeps what it is given under the keys it is given; its channel tells only which keys changed' },
  'src/auth/idb-store.ts': { exempt: 'the sign-in’s own store: the credentials themselves, keyed by server and issuer' },
  'src/auth/browser.ts': { exempt: 'the sign-in callback channel: one message per sign-in, matched by its random state' },
  'src/auth/callback.ts': { exempt: 'the sign-in callback channel: one message per sign-in, matched by its random state' },
  'src/auth/provider.ts': { exempt: 'the sign-in’s own records (tokens, its client, the pending sign-in), keyed by server and issuer' },
  'src/auth/client-identity.ts': { exempt: 'the sign-in’s client registration, the app’s and not a user’s, keyed by issuer' },
}

describe('the one context key', () => {
  test('every place that stores or shares is listed, and each keyed one uses the context key', () => {
    const files = globSync(['src/**/*.ts', 'components/**/*.ts', 'sandbox/**/*.ts'], { cwd: root, ignore: ['**/*.test.ts', 'src/protocol/generated/**'] })
    const found = files.filter((file) => STORES_OR_SHARES.test(codeOf(file))).sort()
    assert.deepEqual(found, Object.keys(PLACES).sort(), 'a file that stores or shares is not listed in PLACES (key it with the context key)')
    for (const [file, place] of Object.entries(PLACES)) {
      if ('keyed' in place) for (const keyed of [place.keyed].flat()) assert.match(codeOf(file), keyed, `${file} builds no key with the context key`)
    }
  })

  const source = (over: Partial<ContextSource> = {}): ContextSource => ({
    url: 'https://example.com/mcp',
    authContext: () => undefined,
    hiddenCredential: false,
    instance: '1',
    ...over,
  })

  test('every header the page adds is part of the key, whatever its name’s case; its absence is the anonymous key', () => {
    const alice = contextKey(source(), { 'X-Api-Key': 'alice' })
    assert.equal(contextKey(source(), { 'x-api-key': 'alice' }).key, alice.key)
    assert.notEqual(contextKey(source(), { 'X-Api-Key': 'bob' }).key, alice.key)
    assert.notEqual(contextKey(source(), { Authorization: 'Bearer alice' }).key, alice.key)
    assert.ok(alice.shared && alice.id)
    const anonymous = contextKey(source(), {})
    assert.deepEqual(anonymous, { key: 'https://example.com/mcp\n@anonymous', id: undefined, shared: true })
    assert.ok(!alice.key.includes('alice'), 'the credential itself is not in the key')
  })

  test('a named sign-in keys by its name, not by its token (which changes at each refresh), and by the other headers', () => {
    const named = source({ authContext: () => 'issuer alice' })
    const before = contextKey(named, { Authorization: 'Bearer one' })
    assert.equal(contextKey(named, { Authorization: 'Bearer two' }).key, before.key)
    assert.notEqual(contextKey(source({ authContext: () => 'issuer bob' }), { Authorization: 'Bearer one' }).key, before.key)
    assert.notEqual(contextKey(named, { Authorization: 'Bearer one', 'X-Tenant': 'b' }).key, before.key)
  })

  test('a credential out of sight (cookies, a fetch of the page’s own) gives the client a key of its own, shared with nobody', () => {
    const one = contextKey(source({ hiddenCredential: true, instance: '1' }), { 'X-Api-Key': 'alice' })
    const two = contextKey(source({ hiddenCredential: true, instance: '2' }), { 'X-Api-Key': 'alice' })
    assert.equal(one.shared, false)
    assert.notEqual(one.key, two.key)
    assert.equal(contextKey(source({ hiddenCredential: true, authContext: () => 'issuer alice' }), {}).shared, true, 'unless the page names who is signed in')
  })
})
