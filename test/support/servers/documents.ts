// Binary resources for <mcp-resource-view>'s PDF and download tests.
//
// - `doc://files/report.pdf` is a real one-page PDF (a valid cross-reference
//   table) whose open action runs JavaScript (`app.alert`): if the PDF's script
//   could reach the page, a dialog would show there.
// - `doc://files/archive.zip` is 12,345 bytes of application/zip (not a real
//   archive: the bytes only have to arrive whole).
import { McpServer } from '@modelcontextprotocol/server'
import { serveMcp, type TestServer } from '../fixture-server.js'

/** A PDF made of `objects` (numbered from 1, the first the catalog), with the byte offsets its xref table needs. */
function pdfOf(objects: string[]): Buffer {
  let out = '%PDF-1.4\n'
  const offsets: number[] = []
  objects.forEach((body, i) => {
    offsets.push(out.length)
    out += `${i + 1} 0 obj\n${body}\nendobj\n`
  })
  const xref = out.length
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`
  out += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('')
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`
  return Buffer.from(out, 'latin1')
}

const page = 'BT /F1 24 Tf 40 100 Td (Quarterly report) Tj ET'
export const REPORT_PDF = pdfOf([
  '<< /Type /Catalog /Pages 2 0 R /OpenAction 6 0 R >>',
  '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
  '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 200] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
  `<< /Length ${page.length} >>\nstream\n${page}\nendstream`,
  '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  "<< /S /JavaScript /JS (app.alert\\('the PDF ran a script'\\);) >>",
])

export const ARCHIVE_BYTES = 12_345
/** Bytes that are not text in any encoding, the same on every run. */
export const ARCHIVE = Buffer.from(Array.from({ length: ARCHIVE_BYTES }, (_, i) => (i * 131 + 7) % 256))

export async function startServer(): Promise<TestServer> {
  return serveMcp(
    () => {
      const mcp = new McpServer({ name: 'documents', version: '1.0.0' })
      mcp.registerResource(
        'report',
        'doc://files/report.pdf',
        { title: 'Report', mimeType: 'application/pdf', size: REPORT_PDF.length },
        async (uri) => ({ contents: [{ uri: uri.href, mimeType: 'application/pdf', blob: REPORT_PDF.toString('base64') }] }),
      )
      mcp.registerResource(
        'archive',
        'doc://files/archive.zip',
        { title: 'Archive', mimeType: 'application/zip', size: ARCHIVE_BYTES },
        async (uri) => ({
          contents: [{ uri: uri.href, mimeType: 'application/zip', blob: ARCHIVE.toString('base64') }],
        }),
      )
      return mcp
    },
    { cors: true },
  )
}
