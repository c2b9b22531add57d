// The elements inside a React app. React 19 passes attributes to custom
// elements and lets a ref reach them; the elements' events are DOM events,
// listened to in an effect. createElement keeps this file plain TypeScript (no JSX step).
import { createElement as h, useEffect, useRef, useState, version } from 'react'
import { createRoot } from 'react-dom/client'
import 'mcp-web-elements'
import { DEMO_URL, applyTheme, mountHeader, summarize } from './site.js'

function App() {
  const [url, setUrl] = useState(DEMO_URL)
  const [draft, setDraft] = useState(DEMO_URL)
  const [calls, setCalls] = useState<string[]>([])
  const server = useRef<HTMLElement>(null)

  useEffect(() => {
    const element = server.current!
    const onResult = (event: Event) => {
      const { result } = (event as CustomEvent).detail
      const text = result.content?.find((block: { type: string }) => block.type === 'text')?.text ?? summarize(result)
      setCalls((previous) => [text, ...previous].slice(0, 5))
    }
    element.addEventListener('mcp-tool-result', onResult)
    return () => element.removeEventListener('mcp-tool-result', onResult)
  }, [])

  // New elements take the page's light or dark.
  useEffect(() => applyTheme())

  return h(
    'div',
    { className: 'grid' },
    h(
      'section',
      { className: 'panel' },
      h(
        'form',
        {
          className: 'row',
          onSubmit: (event: { preventDefault(): void }) => (event.preventDefault(), setUrl(draft)),
        },
        h('label', { htmlFor: 'react-url' }, 'Server URL'),
        h('input', {
          id: 'react-url',
          type: 'url',
          size: 36,
          value: draft,
          onChange: (e: { target: HTMLInputElement }) => setDraft(e.target.value),
        }),
        h('button', { className: 'primary', type: 'submit' }, 'Connect'),
      ),
      h('mcp-server', { ref: server, url, key: url }, h('mcp-tool-list', { 'heading-level': '2', style: { '--mcp-tool-list-max-height': '22rem' } })),
    ),
    h(
      'aside',
      { className: 'panel' },
      h('h2', { style: { marginTop: 0, fontSize: '1rem' } }, `React ${version} state: last results`),
      calls.length === 0
        ? h('p', { className: 'lead' }, 'Call a tool.')
        : h('ol', { className: 'log', 'aria-label': 'Last results', tabIndex: 0 }, ...calls.map((text, i) => h('li', { key: i }, text))),
    ),
  )
}

mountHeader()
createRoot(document.querySelector('#root')!).render(h(App))
