// A TypeDoc plugin (typedoc.json "plugin"): what the default theme's pages need to pass axe as the demo's own pages do
// (demo at /api/), with scripts/typedoc-a11y.css (typedoc.json "customCss") keeping their look.
// - Landmarks: the page's content is its main landmark; the sidebar (settings, "on this page", the site menu) is
//   complementary.
// - Headings in order: the theme gives a page's own sections (Hierarchy, Index, a function's Parameters and Returns,
//   block tags) the levels it uses inside a member, under the page's h1; they are moved up to follow it.
// - No link inside a summary (a summary is a button): a section heading's permalink icon is left out of it, and the
//   sidebar's module sections, which the theme's script draws as a summary holding the module's link, get the link
//   beside their summary.
import { PageEvent } from 'typedoc'

/** @param {import('typedoc').Application} app */
export function load(app) {
  app.renderer.on(PageEvent.END, (page) => {
    if (!page.contents) return
    const landmarked = page.contents
      .replace('<div class="col-content">', '<div class="col-content" role="main">')
      .replace('<div class="col-sidebar">', '<div class="col-sidebar" role="complementary" aria-label="Navigation and settings">')
    page.contents = rewriteMarkup(landmarked).replace('</body>', `<script>(${separateNavigationLinks})()</script></body>`)
  })
}

const VOID = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr'])
const TAG = /<(\/?)([a-zA-Z][a-zA-Z0-9-]*)((?:"[^"]*"|'[^']*'|[^'">])*)>/g

/**
 * The page's HTML with its headings renumbered and the permalinks inside summaries left out. TypeDoc's output is
 * well-formed (its JSX renderer writes every close tag), so one pass over the tags with a stack of open elements
 * knows each tag's ancestors.
 * @param {string} html
 */
function rewriteMarkup(html) {
  /** @type {{ name: string, classes: string[], renamed?: string, dropFrom?: number }[]} */
  const open = []
  const within = (/** @type {string} */ name, /** @type {string} */ className) =>
    open.some((element) => element.name === name && element.classes.includes(className))
  const dropping = () => open.some((element) => element.dropFrom !== undefined)
  let out = ''
  let copied = 0
  TAG.lastIndex = 0
  for (let match; (match = TAG.exec(html));) {
    const [, closing, rawName, attributes] = match
    const name = rawName.toLowerCase()
    if (!closing && (name === 'script' || name === 'style')) {
      const end = html.indexOf(`</${name}>`, TAG.lastIndex)
      TAG.lastIndex = end < 0 ? html.length : end + name.length + 3
      continue
    }
    if (closing) {
      const at = open.findLastIndex((element) => element.name === name)
      if (at < 0) continue
      const [element] = open.splice(at)
      if (element.dropFrom !== undefined) {
        out += html.slice(copied, element.dropFrom)
        copied = TAG.lastIndex
      } else if (element.renamed) {
        out += html.slice(copied, match.index) + `</${element.renamed}>`
        copied = TAG.lastIndex
      }
      continue
    }
    if (VOID.has(name) || attributes.trimEnd().endsWith('/')) continue
    const classes = /\bclass="([^"]*)"/.exec(attributes)?.[1].split(/\s+/) ?? []
    /** @type {{ name: string, classes: string[], renamed?: string, dropFrom?: number }} */
    const element = { name, classes }
    if (name === 'a' && classes.includes('tsd-anchor-icon') && open.some((e) => e.name === 'summary') && !dropping()) {
      element.dropFrom = match.index
    }
    const level = /^h([1-6])$/.exec(name)?.[1]
    if (level && !dropping()) {
      const renamed = headingLevel(Number(level), classes, within)
      if (renamed !== Number(level)) {
        element.renamed = `h${renamed}`
        out += html.slice(copied, match.index) + `<h${renamed} data-drawn-as="h${level}"${attributes}>`
        copied = TAG.lastIndex
      }
    }
    open.push(element)
  }
  return out + html.slice(copied)
}

/**
 * The level a heading should have. In the sidebar, its sections (Settings, On This Page) follow the page's content.
 * In the content, the theme's h4 and h5 outside a member are sections of the page itself: under its h1, not under a
 * member's h3; the Index heading stands above its own h3 sections.
 * @param {number} level
 * @param {string[]} classes
 * @param {(name: string, className: string) => boolean} within
 */
function headingLevel(level, classes, within) {
  if (within('div', 'col-sidebar')) return level === 3 ? 2 : level
  if (!within('div', 'col-content') || within('section', 'tsd-member')) return level
  if (classes.includes('tsd-index-heading') && level === 5) return 2
  return level >= 4 ? level - 2 : level
}

/**
 * Runs in the page: once the theme's script has drawn the sidebar's navigation (and whenever it draws it again), a
 * module's section, drawn as <details><summary>chevron, link</summary>…, gets its link moved before the <details>,
 * so the summary only opens and closes; the summary keeps the module's name, unseen, as its accessible name.
 */
function separateNavigationLinks() {
  /* global document, MutationObserver */
  const container = document.getElementById('tsd-nav-container')
  if (!container) return
  const separate = () => {
    for (const summary of container.querySelectorAll('summary')) {
      const link = summary.querySelector('a')
      if (!link) continue
      const details = summary.parentElement
      // A copy: the theme's listener on the original (which followed the link from inside the summary) stays behind.
      const copy = /** @type {HTMLAnchorElement} */ (link.cloneNode(true))
      details.before(copy)
      details.parentElement.classList.add('tsd-section')
      const name = document.createElement('span')
      name.className = 'tsd-unseen'
      name.textContent = link.textContent
      link.replaceWith(name)
    }
  }
  new MutationObserver(separate).observe(container, { childList: true, subtree: true })
  separate()
}
