// Where the redirect URI's page goes once a redirect sign-in is done: back to the pending sign-in's returnTo only when
// it is an http(s) URL on the callback page's own origin; anything else goes to that origin's root (and says why).
// The browser suite (test/browser/auth.test.ts) runs the whole round trip with such returnTo values.
import { describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { returnTarget } from '../../src/auth/return-target.js'

const CALLBACK = 'https://site.example/auth/callback.html?code=c&state=s'
const ROOT = 'https://site.example/'

describe('returnTarget', { timeout: 5000 }, () => {
  test('a returnTo on the callback page’s origin is followed, relative ones resolved against the callback page', { timeout: 5000 }, (t) => {
    const warn = t.mock.method(console, 'warn', () => {})
    assert.equal(returnTarget('https://site.example/app?tab=2#tools', CALLBACK), 'https://site.example/app?tab=2#tools')
    assert.equal(returnTarget('/app?tab=2', CALLBACK), 'https://site.example/app?tab=2')
    assert.equal(returnTarget('next.html', CALLBACK), 'https://site.example/auth/next.html')
    assert.equal(returnTarget('http://localhost:8080/app', 'http://localhost:8080/callback'), 'http://localhost:8080/app')
    assert.equal(warn.mock.callCount(), 0)
  })

  test('none goes to the site’s root', { timeout: 5000 }, () => {
    assert.equal(returnTarget(undefined, CALLBACK), ROOT)
    assert.equal(returnTarget(null, CALLBACK), ROOT)
    assert.equal(returnTarget(42, CALLBACK), ROOT)
  })

  test('script URLs, other schemes and other origins go to the site’s root, with a warning naming the returnTo', { timeout: 5000 }, (t) => {
    const warn = t.mock.method(console, 'warn', () => {})
    const refused = [
      'javascript:alert(document.cookie)',
      ' JavaScript:alert(1)',
      'java\tscript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'blob:https://site.example/0b4f1f2e-1111-4444-8888-123456789abc', // its origin is the site's, its scheme is not http(s)
      'https://evil.example/',
      '//evil.example/phish',
      '/\\evil.example/phish',
      'https://site.example@evil.example/',
      'http://site.example/app', // another scheme is another origin
      'https://site.example:8443/app',
      'https://shop.site.example/app',
      'http://[',
    ]
    for (const returnTo of refused) assert.equal(returnTarget(returnTo, CALLBACK), ROOT, returnTo)
    assert.equal(warn.mock.callCount(), refused.length)
    assert.match(String(warn.mock.calls[0]!.arguments[0]), /returnTo "javascript:alert\(document.cookie\)" is not on this page's origin/)
  })
})
