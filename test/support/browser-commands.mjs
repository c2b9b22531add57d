// Test-runner commands that reach past the page into the browser (Playwright
// and the Chrome DevTools Protocol), for what a page cannot see of itself:
// a storage quota, a tab it opened, a download. Browser suites call them with
// `executeServerCommand(name, payload)` from @web/test-runner-commands.
// Most need Chromium (Playwright, CDP): in Firefox (puppeteer over WebDriver BiDi) only page-dialogs and
// grant-clipboard work, in WebKit (WebDriver classic) none; any other fails saying so, and the tests that need one
// are skipped in those engines with the reason in their title (itExceptIn in test/support/browser.ts).
//
//   storage-quota     { quotaSize? }  Storage.overrideQuotaForOrigin for the test page's origin (no quotaSize: the
//                                     default again). Kept on one CDP session per page: the override ends with it.
//   expect-tab        {}              starts watching for the next tab the test page opens (call before the click)
//   opened-tab        {}              that tab, once loaded: { url, mimeType, frames, hasOpener, trap, dialogs }, then closes it
//   expect-download   {}              starts watching for the next download of the test page
//   downloaded        {}              that download: { fileName, size, url, text } (text: its contents, under 1 MB)
//   grant-clipboard   {}              lets the test page write and read the clipboard (navigator.clipboard)
//   page-dialogs      {}              the messages of dialogs (alert…) the test page showed since the first command
//   frame-tree        {}              the test page's child frames as the browser has them (CDP Page.getFrameTree):
//                                     [{ name, url, mimeType, unreachableUrl? }] (an error page has an unreachableUrl)
//   viewport          { width, height } sizes the test page's viewport, in every engine (the test-runner's own
//                                     setViewport knows no WebDriver browser)
//   collect-garbage   {}              a full garbage collection of the test page (CDP HeapProfiler.collectGarbage), so
//                                     a WeakRef to an object nothing holds any more reads undefined afterwards
import { readFile, stat } from 'node:fs/promises'

/** Per test page: its CDP session, the tab or download awaited, the dialogs seen. */
const state = new WeakMap()

function stateOf(page) {
  let s = state.get(page)
  if (!s) {
    s = { dialogs: [] }
    page.on('dialog', (dialog) => {
      s.dialogs.push(dialog.message())
      void dialog.dismiss()
    })
    state.set(page, s)
  }
  return s
}

const within = (promise, ms, what) =>
  Promise.race([promise, new Promise((_, reject) => setTimeout(() => reject(new Error(`no ${what} within ${ms} ms`)), ms))])

export function browserCommandsPlugin() {
  return {
    name: 'mcp-browser-commands',
    async executeCommand({ command, payload, session }) {
      if (
        ![
          'storage-quota',
          'expect-tab',
          'opened-tab',
          'expect-download',
          'downloaded',
          'page-dialogs',
          'frame-tree',
          'collect-garbage',
          'grant-clipboard',
          'viewport',
        ].includes(command)
      )
        return
      const kind = session.browser.type // 'playwright' (Chromium), 'puppeteer' (Firefox), 'webdriver' (WebKit)
      if (command === 'viewport') {
        const { width, height } = payload
        if (kind === 'webdriver') await session.browser.setViewport(width, height)
        else if (kind === 'puppeteer') await session.browser.getPage(session.id).setViewport({ width, height })
        else await session.browser.getPage(session.id).setViewportSize({ width, height })
        return true
      }
      if (kind !== 'playwright' && !(kind === 'puppeteer' && ['page-dialogs', 'grant-clipboard'].includes(command)))
        throw new Error(`the ${command} command needs Chromium (Playwright and CDP); ${session.browser.name} has no way to do it here`)
      const page = session.browser.getPage(session.id)
      const s = stateOf(page)
      // Firefox: its clipboard is open to the test page from the start (a pref test/support/engines.mjs sets at launch).
      if (kind === 'puppeteer' && command === 'grant-clipboard') return true
      switch (command) {
        case 'storage-quota': {
          s.cdp ??= await page.context().newCDPSession(page)
          const origin = new URL(page.url()).origin
          await s.cdp.send(
            'Storage.overrideQuotaForOrigin',
            payload?.quotaSize === undefined ? { origin } : { origin, quotaSize: payload.quotaSize },
          )
          return true
        }
        case 'expect-tab':
          s.tab = page.context().waitForEvent('page', { timeout: 10_000 })
          s.tab.catch(() => {})
          return true
        case 'opened-tab': {
          const tab = await s.tab
          s.tab = undefined
          const dialogs = []
          tab.on('dialog', (dialog) => {
            dialogs.push(dialog.message())
            void dialog.dismiss()
          })
          try {
            await tab.waitForLoadState('load')
            const cdp = await tab.context().newCDPSession(tab)
            const { frameTree } = await cdp.send('Page.getFrameTree')
            await cdp.detach()
            // Chromium's PDF viewer (an extension's frame) comes a moment after the load event; without it, the frames as they are.
            await within(
              (async () => {
                while (!tab.frames().some((f) => f.url().startsWith('chrome-extension:'))) await new Promise((r) => setTimeout(r, 25))
              })(),
              5_000,
              'viewer frame',
            ).catch(() => {})
            return {
              url: frameTree.frame.url,
              mimeType: frameTree.frame.mimeType,
              frames: tab.frames().map((f) => f.url()),
              hasOpener: await tab.evaluate(() => window.opener !== null).catch(() => 'unknown'),
              // The hostile test servers' trap (test/support/servers/hostile.ts): set only if script of theirs ran in the tab.
              trap: await tab.evaluate(() => window.__pwned ?? null).catch(() => 'unknown'),
              dialogs,
            }
          } finally {
            await tab.close()
          }
        }
        case 'expect-download':
          s.download = page.waitForEvent('download', { timeout: 10_000 })
          s.download.catch(() => {})
          return true
        case 'downloaded': {
          const download = await s.download
          s.download = undefined
          const path = await download.path()
          const { size } = await stat(path)
          const text = size < 1_000_000 ? await readFile(path, 'utf8') : undefined
          return { fileName: download.suggestedFilename(), size, url: download.url(), text }
        }
        case 'grant-clipboard':
          await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(page.url()).origin })
          return true
        case 'page-dialogs':
          return [...s.dialogs]
        case 'collect-garbage': {
          s.cdp ??= await page.context().newCDPSession(page)
          // Twice: objects freed by the first collection (finalizers, weak callbacks) may release others.
          await s.cdp.send('HeapProfiler.collectGarbage')
          await s.cdp.send('HeapProfiler.collectGarbage')
          return true
        }
        case 'frame-tree': {
          s.cdp ??= await page.context().newCDPSession(page)
          const { frameTree } = await s.cdp.send('Page.getFrameTree')
          return (frameTree.childFrames ?? []).map(({ frame }) => ({
            name: frame.name ?? '',
            url: frame.url,
            mimeType: frame.mimeType,
            ...(frame.unreachableUrl && { unreachableUrl: frame.unreachableUrl }),
          }))
        }
      }
    },
  }
}
