/** A connection check as plain text (a Markdown list), for pasting into an issue. */
import type { CheckLine, CheckStatus } from './connection-check.js'

const MARK: Record<CheckStatus, string> = { pass: '[x] PASS', fail: '[ ] FAIL', warn: '[ ] WARN', skip: '[ ] SKIP' }

/** The check of the server at `url` from `page` as a Markdown checklist: one item per line, its fix indented under it. */
export function connectionReport(url: string, lines: readonly CheckLine[], page: string = globalThis.location?.href ?? ''): string {
  const items = lines.map((line) => {
    const item = `- ${MARK[line.status]} ${line.title}: ${oneLine(line.detail)}`
    return line.fix ? `${item}\n  - Fix: ${oneLine(line.fix)}` : item
  })
  return [`Connection check of ${url}${page ? ` from ${new URL(page).origin}` : ''}`, '', ...items, ''].join('\n')
}

/** Server text on one line, so it cannot start list items or headings of its own. */
const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim()
