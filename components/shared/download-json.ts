/**
 * Offers JSON text as a file download: a blob: URL typed application/json (shown as text if opened, never as a
 * page). The URL stays valid until the next download of the same `JsonDownloads`, or until `revoke()` (when the element
 * leaves the page).
 */
export class JsonDownloads {
  #url?: string

  download(json: string, fileName: string): void {
    this.revoke()
    this.#url = URL.createObjectURL(new Blob([json], { type: 'application/json' }))
    const link = document.createElement('a')
    link.href = this.#url
    link.download = fileName
    link.click()
  }

  revoke(): void {
    if (this.#url) URL.revokeObjectURL(this.#url)
    this.#url = undefined
  }
}

/** A file name of `prefix` and the time now, safe on every file system: `mcp-call-log-2026-07-28T10-00-00-000Z.json`. */
export const timedFileName = (prefix: string) => `${prefix}-${new Date().toISOString().replace(/[:.]/g, '-')}.json`
