// The elements inside a React app, in JSX typed by the package's React typings
// (mcp-web-elements/react, generated from custom-elements.json): React 19 sets
// each element's properties (here `url`, `filter`) and listens to its events
// through `on` + the event's name (`onmcp-tool-result`), so no ref or effect is needed.
import { useEffect, useState, version, type CSSProperties } from 'react'
import { createRoot } from 'react-dom/client'
import 'mcp-web-elements'
import type {} from 'mcp-web-elements/react'
import { DEMO_URL, applyTheme, mountHeader, summarize } from './site.js'

function App() {
  const [url, setUrl] = useState(DEMO_URL)
  const [draft, setDraft] = useState(DEMO_URL)
  const [filter, setFilter] = useState('')
  const [calls, setCalls] = useState<string[]>([])

  const onResult = (event: CustomEvent) => {
    const { result } = event.detail
    const text = result.content?.find((block: { type: string }) => block.type === 'text')?.text ?? summarize(result)
    setCalls((previous) => [text, ...previous].slice(0, 5))
  }

  // New elements take the page's light or dark.
  useEffect(() => applyTheme())

  return (
    <div className="grid">
      <section className="panel">
        <form className="row" onSubmit={(event) => (event.preventDefault(), setUrl(draft))}>
          <label htmlFor="react-url">Server URL</label>
          <input id="react-url" type="url" size={36} value={draft} onChange={(event) => setDraft(event.target.value)} />
          <button className="primary" type="submit">
            Connect
          </button>
          <label htmlFor="react-filter">Filter (React state)</label>
          <input id="react-filter" type="search" value={filter} onChange={(event) => setFilter(event.target.value)} />
        </form>
        <mcp-server url={url} key={url} onmcp-tool-result={onResult}>
          <mcp-tool-list filter={filter} headingLevel={2} style={{ '--mcp-tool-list-max-height': '22rem' } as CSSProperties} />
        </mcp-server>
      </section>
      <aside className="panel">
        <h2 style={{ marginTop: 0, fontSize: '1rem' }}>React {version} state: last results</h2>
        {calls.length === 0 ? (
          <p className="lead">Call a tool.</p>
        ) : (
          <ol className="log" aria-label="Last results" tabIndex={0}>
            {calls.map((text, i) => (
              <li key={i}>{text}</li>
            ))}
          </ol>
        )}
      </aside>
    </div>
  )
}

mountHeader()
createRoot(document.querySelector('#root')!).render(<App />)
