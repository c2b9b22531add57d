// The sandbox proxy's policies (sandbox/csp.ts) against declarations a hostile server writes: an origin with a
// dangerous token before or after it must be dropped whole (issue 24, gap 3: the origin pattern's anchors), and the
// proxy's own frame-src lets the view's frame go only to declared frame domains; permissions that are not an object
// (`null` from a server that means "none") grant nothing, and do not keep the view from loading.
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { allowAttribute, buildCsp, frameNavigationPolicy, origins } from '../../sandbox/csp.js'

const directive = (policy: string, name: string) => policy.split('; ').find((d) => d.startsWith(`${name} `))

describe('the view CSP keeps only whole origins (sandbox/csp.ts)', { timeout: 5000 }, () => {
  // Each hides a token the policy must never carry next to an origin that alone would be kept.
  const smuggled = [
    '* https://cdn.example.com',
    "'unsafe-eval' https://x.example",
    "'unsafe-inline' https://x.example",
    'data: https://x.example',
    'https://x.example *',
    "https://x.example 'unsafe-eval'",
    'https://x.example data:',
    'https://x.example\n*',
    'junk https://x.example',
    'https://x.example/ junk',
  ]

  test('an entry with a junk or dangerous token before or after a valid origin is dropped, and reported as dropped', () => {
    for (const entry of smuggled) {
      const dropped: string[] = []
      assert.deepEqual(origins([entry, 'https://ok.example'], dropped), ['https://ok.example'], JSON.stringify(entry))
      assert.deepEqual(dropped, [entry], JSON.stringify(entry))
    }
  })

  test('no such entry puts *, a keyword or a scheme into script-src (or any directive)', () => {
    const dropped: string[] = []
    const policy = buildCsp(
      { connectDomains: smuggled, resourceDomains: smuggled, frameDomains: smuggled, baseUriDomains: smuggled },
      dropped,
    )
    assert.equal(directive(policy, 'script-src'), "script-src 'self' 'unsafe-inline'")
    assert.equal(directive(policy, 'connect-src'), "connect-src 'none'")
    assert.equal(directive(policy, 'frame-src'), "frame-src 'none'")
    assert.doesNotMatch(policy, /unsafe-eval|x\.example|junk|\*/)
    assert.equal(dropped.length, smuggled.length * 4)
  })

  test('the proxy’s own frame-src: the declared frame domains (whole origins only), or none', () => {
    assert.equal(frameNavigationPolicy(undefined), "frame-src 'none'")
    assert.equal(frameNavigationPolicy({ frameDomains: smuggled }), "frame-src 'none'")
    assert.equal(
      frameNavigationPolicy({ frameDomains: ['https://www.youtube.com/', ...smuggled], connectDomains: ['https://api.example.com'] }),
      'frame-src https://www.youtube.com',
    )
  })
})

describe('the view frame’s allow attribute (sandbox/csp.ts)', { timeout: 5000 }, () => {
  // The proxy calls this for every view (load()): a throw here would leave the view's frame never created.
  test('permissions that are not an object (null, a string, a number, true, an array) grant nothing, and do not throw', () => {
    for (const permissions of [null, undefined, 'camera', 42, true, ['camera']]) {
      assert.equal(allowAttribute(permissions), '', JSON.stringify(permissions))
    }
  })
})
