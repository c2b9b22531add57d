// The demo server's pictures and sound, made here rather than shipped as
// files: icons for light and dark backgrounds (SVG), a picture (SVG) and a
// short chime (WAV), as base64.

const svg = (body: string, viewBox = '0 0 24 24') =>
  Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="${viewBox}">${body}</svg>`).toString('base64')

/** An icon drawn in `color`, as a data: URL. */
const icon = (shape: string, color: string) => `data:image/svg+xml;base64,${svg(shape.replaceAll('COLOR', color))}`

const SHAPES = {
  wave: '<path d="M3 12c3-6 6 6 9 0s6 6 9 0" fill="none" stroke="COLOR" stroke-width="2.5" stroke-linecap="round"/>',
  clock:
    '<circle cx="12" cy="12" r="9" fill="none" stroke="COLOR" stroke-width="2"/><path d="M12 7v5l3 3" fill="none" stroke="COLOR" stroke-width="2" stroke-linecap="round"/>',
  form: '<rect x="4" y="3" width="16" height="18" rx="2" fill="none" stroke="COLOR" stroke-width="2"/><path d="M8 8h8M8 12h8M8 16h5" stroke="COLOR" stroke-width="2" stroke-linecap="round"/>',
  link: '<path d="M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1" fill="none" stroke="COLOR" stroke-width="2" stroke-linecap="round"/>',
  shapes:
    '<circle cx="8" cy="8" r="4" fill="COLOR"/><rect x="13" y="13" width="8" height="8" rx="1" fill="COLOR"/><path d="M17 3l4 7h-8z" fill="COLOR"/>',
  plus: '<path d="M12 4v16M4 12h16" stroke="COLOR" stroke-width="3" stroke-linecap="round"/>',
  divide:
    '<circle cx="12" cy="5.5" r="2" fill="COLOR"/><path d="M4 12h16" stroke="COLOR" stroke-width="3" stroke-linecap="round"/><circle cx="12" cy="18.5" r="2" fill="COLOR"/>',
  server:
    '<rect x="3" y="4" width="18" height="7" rx="2" fill="COLOR"/><rect x="3" y="13" width="18" height="7" rx="2" fill="COLOR" opacity=".6"/>',
}

/** A tool's icons: dark strokes for light backgrounds, light strokes for dark ones. */
export function themedIcons(shape: keyof typeof SHAPES) {
  return [
    { src: icon(SHAPES[shape], '#1d4ed8'), mimeType: 'image/svg+xml', sizes: ['any'], theme: 'light' as const },
    { src: icon(SHAPES[shape], '#93c5fd'), mimeType: 'image/svg+xml', sizes: ['any'], theme: 'dark' as const },
  ]
}

/** A small landscape (image content). */
export const PICTURE_SVG_BASE64 = svg(
  '<defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#7dd3fc"/><stop offset="1" stop-color="#fef3c7"/></linearGradient></defs>' +
    '<rect width="160" height="90" fill="url(#s)"/><circle cx="120" cy="28" r="12" fill="#fbbf24"/>' +
    '<path d="M0 90 50 40l30 30 20-18 60 38z" fill="#15803d"/><path d="M0 90 40 62l40 28z" fill="#166534"/>',
  '0 0 160 90',
)

/** A 0.4 s two-note chime, 16-bit mono PCM at 8 kHz (audio content). */
export const CHIME_WAV_BASE64 = (() => {
  const rate = 8000
  const samples = Math.round(rate * 0.4)
  const data = Buffer.alloc(samples * 2)
  for (let i = 0; i < samples; i++) {
    const t = i / rate
    const freq = t < 0.2 ? 660 : 880
    const envelope = Math.exp(-6 * (t % 0.2))
    data.writeInt16LE(Math.round(Math.sin(2 * Math.PI * freq * t) * envelope * 12000), i * 2)
  }
  const header = Buffer.alloc(44)
  header.write('RIFF', 0)
  header.writeUInt32LE(36 + data.length, 4)
  header.write('WAVEfmt ', 8)
  header.writeUInt32LE(16, 16) // fmt chunk size
  header.writeUInt16LE(1, 20) // PCM
  header.writeUInt16LE(1, 22) // mono
  header.writeUInt32LE(rate, 24)
  header.writeUInt32LE(rate * 2, 28) // byte rate
  header.writeUInt16LE(2, 32) // block align
  header.writeUInt16LE(16, 34) // bits per sample
  header.write('data', 36)
  header.writeUInt32LE(data.length, 40)
  return Buffer.concat([header, data]).toString('base64')
})()

/** The server's own icon (serverInfo.icons). */
export const SERVER_ICONS = themedIcons('server')
