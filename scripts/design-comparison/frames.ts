// The comparison page: our side and Web Awesome's, each in a frame as wide as the width pictured, one row of two
// frames per part (the lists, the tool, the open dialog). `?width=390&mcp=<url>`.
const query = new URLSearchParams(location.search)
const width = Number(query.get('width') ?? 1280)
const DIALOG_HEIGHT = 780
const PARTS = ['lists', 'tool', 'dialog'] as const

function frame(page: string, part: string): HTMLIFrameElement {
  const src = `./${page}.html?${new URLSearchParams({ mcp: query.get('mcp') ?? '', part })}`
  return Object.assign(document.createElement('iframe'), {
    src,
    width: String(width),
    height: String(DIALOG_HEIGHT),
    title: `${page} ${part}`,
  })
}

const rows = PARTS.map((part) => {
  const row = Object.assign(document.createElement('div'), { id: part, className: 'row' })
  row.append(frame('ours', part), frame('webawesome', part))
  document.body.append(row)
  return row
})

/** Resolves once every side says it is drawn, each row's frames as tall as the taller of them (the dialogs' fixed). */
Object.assign(window, {
  async settled(): Promise<void> {
    const frames = rows.flatMap((row) => [...row.querySelectorAll('iframe')])
    for (let tries = 0; tries < 300; tries++) {
      if (frames.every((f) => f.contentDocument?.documentElement.dataset.ready === 'true')) break
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    await new Promise((resolve) => setTimeout(resolve, 800))
    for (const row of rows.filter((r) => r.id !== 'dialog')) {
      const pair = [...row.querySelectorAll('iframe')]
      const height = Math.max(...pair.map((f) => f.contentDocument!.documentElement.scrollHeight))
      for (const f of pair) f.height = String(height)
    }
  },
})
