// Why <mcp-content> opens a PDF in a tab of its own rather than in a sandboxed
// frame: Chromium refuses to show a PDF in any sandboxed frame (its viewer is
// a plugin, which sandboxing forbids), whatever the sandbox allows; the frame
// becomes an error page. Without a sandbox it shows the PDF, and also runs
// the PDF's own JavaScript. Checked here so that the day Chromium changes,
// this test says the sandboxed frame could come back. The frames are read
// past the page, over CDP (test/support/browser-commands.mjs).
import { expect, fixture, html } from '@open-wc/testing'
import { executeServerCommand } from '@web/test-runner-commands'
import { chromiumOnly, describeExceptIn, nextEvent } from '../support/browser.js'

interface Frame {
  name: string
  url: string
  mimeType: string
  unreachableUrl?: string
}

/** A one-page PDF with a valid cross-reference table. */
function onePagePdf(): Blob {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>',
  ]
  let out = '%PDF-1.4\n'
  const offsets = objects.map((body, i) => {
    const at = out.length
    out += `${i + 1} 0 obj\n${body}\nendobj\n`
    return at
  })
  const xref = out.length
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`
  return new Blob([out], { type: 'application/pdf' })
}

describeExceptIn(
  chromiumOnly('about Chromium’s PDF viewer (a plugin, refused in sandboxed frames), read through CDP’s frame tree'),
  'a PDF in a frame, in Chromium',
  () => {
    it('is refused in a sandboxed frame, even one that allows scripts and same-origin, and shown in a frame with no sandbox', async () => {
      const url = URL.createObjectURL(onePagePdf())
      const host = await fixture<HTMLDivElement>(html`<div></div>`)
      const sandboxes: Record<string, string | undefined> = {
        strict: '',
        lax: 'allow-scripts allow-same-origin allow-popups allow-downloads',
        none: undefined,
      }
      const loads = Object.entries(sandboxes).map(([name, sandbox]) => {
        const frame = document.createElement('iframe')
        frame.name = name
        if (sandbox !== undefined) frame.setAttribute('sandbox', sandbox)
        frame.src = url
        // Listening before the frame is in the page, so a quick load is not missed.
        const loaded = nextEvent(frame, 'load')
        host.append(frame)
        return loaded
      })
      await Promise.all(loads)
      const frames = await executeServerCommand<Frame[], undefined>('frame-tree')
      const byName = Object.fromEntries(frames.map((frame) => [frame.name, frame]))
      for (const name of ['strict', 'lax']) {
        expect(byName[name], `the ${name} sandbox`).to.deep.include({ url: 'chrome-error://chromewebdata/', unreachableUrl: url })
      }
      expect(byName.none).to.deep.equal({ name: 'none', url, mimeType: 'application/pdf' })
      URL.revokeObjectURL(url)
    })
  },
)
