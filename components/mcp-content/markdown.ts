/**
 * Markdown to Lit templates, safely. `<mcp-content>` loads this module with a
 * dynamic `import()` the first time a block is markdown, so a page that never
 * shows markdown never downloads the parser.
 *
 * The source is parsed into a syntax tree (mdast, CommonMark) and the tree is
 * turned into templates here, node by node. Nothing is ever parsed as HTML:
 * raw HTML in the source is an `html` node, shown as its literal text; every
 * string reaches the DOM through a Lit text or attribute binding. Links are
 * live only for http(s)/mailto; images load only from `data:image/…` or the
 * MCP server's (or the page's) origin, always through `<img>`; from any other
 * host an image is offered as a link labelled with its alt text.
 */
import { html, nothing, type TemplateResult } from 'lit'
import { fromMarkdown } from 'mdast-util-from-markdown'
import type { Definition, ImageReference, LinkReference, List, Nodes, Parents } from 'mdast'
import { imageAllowed, linkAllowed, type ImageSourceOptions } from './urls.js'

// The parser decodes `&copy;` with named-references.ts (every build aliases decode-named-character-reference to it):
// its table is loaded on demand, and renderMarkdown() expects it loaded for source that needs it.
export { namedReferencesLoad } from './named-references.js'

/** Deeper nesting than this (`>>>>>>…`, lists in lists …) is shown as its plain text, so hostile input cannot exhaust the stack. */
const MAX_DEPTH = 64

type Rendered = TemplateResult | string | typeof nothing

interface Context {
  definitions: Map<string, Definition>
  /** Where images may load from besides data: (see urls.ts imageAllowed). */
  images: ImageSourceOptions
  /** Inside a tight list item, paragraphs are rendered without `<p>`. */
  tight: boolean
}

/**
 * Renders markdown source as Lit templates (see the module comment for the safety rules). `images` says where
 * images may load from: the MCP server the content came from (`serverUrl`), and the origins the page allows.
 * Await `namedReferencesLoad(source)` first, or named references (`&amp;`) stay as written.
 */
export function renderMarkdown(source: string, images: ImageSourceOptions = {}): TemplateResult {
  const tree = fromMarkdown(source)
  const definitions = new Map<string, Definition>()
  collectDefinitions(tree, definitions, 0)
  return html`${children(tree, { definitions, tight: false, images }, 0)}`
}

function collectDefinitions(node: Nodes, into: Map<string, Definition>, depth: number): void {
  if (node.type === 'definition') {
    // The first definition of an identifier wins, as CommonMark says.
    if (!into.has(node.identifier)) into.set(node.identifier, node)
    return
  }
  if ('children' in node && depth < MAX_DEPTH) for (const child of node.children) collectDefinitions(child, into, depth + 1)
}

function children(parent: Parents, context: Context, depth: number): Rendered[] {
  return parent.children.map((child) => render(child, context, depth + 1))
}

/** The plain text of a subtree (for alt text, and for nesting beyond MAX_DEPTH). */
function plainText(node: Nodes): string {
  let text = ''
  const stack: Nodes[] = [node]
  while (stack.length) {
    const current = stack.pop()!
    if ('value' in current) text += current.value
    else if (current.type === 'image' || current.type === 'imageReference') text += current.alt ?? ''
    else if ('children' in current) for (let i = current.children.length - 1; i >= 0; i--) stack.push(current.children[i])
  }
  return text
}

function render(node: Nodes, context: Context, depth: number): Rendered {
  if (depth > MAX_DEPTH) return plainText(node)
  switch (node.type) {
    case 'root':
      return html`${children(node, context, depth)}`
    case 'paragraph':
      return context.tight ? html`${children(node, context, depth)}` : html`<p>${children(node, context, depth)}</p>`
    case 'heading':
      return heading(node.depth, children(node, context, depth))
    case 'thematicBreak':
      return html`<hr />`
    case 'blockquote':
      return html`<blockquote>${children(node, { ...context, tight: false }, depth)}</blockquote>`
    case 'list':
      return list(node, context, depth)
    case 'listItem': {
      const inner = { ...context, tight: node.spread !== true }
      return html`<li>${children(node, inner, depth)}</li>`
    }
    case 'code':
      return html`<pre class="code" data-lang=${node.lang ?? nothing}><code>${node.value}</code></pre>`
    case 'inlineCode':
      return html`<code>${node.value}</code>`
    case 'html':
      // Raw HTML is shown as the text it is; block-level HTML keeps its line breaks.
      return node.position && node.position.start.line !== node.position.end.line
        ? html`<pre class="raw-html">${node.value}</pre>`
        : html`<span class="raw-html">${node.value}</span>`
    case 'text':
      return node.value
    case 'emphasis':
      return html`<em>${children(node, context, depth)}</em>`
    case 'strong':
      return html`<strong>${children(node, context, depth)}</strong>`
    case 'delete':
      return html`<del>${children(node, context, depth)}</del>`
    case 'break':
      return html`<br />`
    case 'link':
      return link(node.url, node.title, children(node, context, depth))
    case 'linkReference':
      return linkReference(node, context, depth)
    case 'image':
      return image(node.url, node.alt, node.title, context)
    case 'imageReference':
      return imageReference(node, context)
    case 'definition':
      return nothing // used by references, not shown
    default:
      // Extensions this parser is not configured for (tables, footnotes …) never appear; anything else is its text.
      return plainText(node)
  }
}

function heading(level: number, content: Rendered[]): TemplateResult {
  switch (level) {
    case 1:
      return html`<h1>${content}</h1>`
    case 2:
      return html`<h2>${content}</h2>`
    case 3:
      return html`<h3>${content}</h3>`
    case 4:
      return html`<h4>${content}</h4>`
    case 5:
      return html`<h5>${content}</h5>`
    default:
      return html`<h6>${content}</h6>`
  }
}

function list(node: List, context: Context, depth: number): TemplateResult {
  const items = children(node, context, depth)
  return node.ordered
    ? html`<ol start=${node.start != null && node.start !== 1 ? node.start : nothing}>
        ${items}
      </ol>`
    : html`<ul>
        ${items}
      </ul>`
}

/** A live link for allowed URLs; otherwise the link text followed by the URL as plain text, so the reader sees where it pointed. */
function link(url: string, title: string | null | undefined, content: Rendered[]): TemplateResult {
  if (linkAllowed(url)) {
    return html`<a href=${url} title=${title ?? nothing} rel="noopener noreferrer" target="_blank">${content}</a>`
  }
  return html`<span class="blocked-link">${content} <span class="blocked-url">(${url})</span></span>`
}

function image(src: string, alt: string | null | undefined, title: string | null | undefined, context: Context): TemplateResult {
  if (imageAllowed(src, context.images)) return html`<img src=${src} alt=${alt ?? ''} title=${title ?? nothing} />`
  // An image that may not load is offered as a link to it (when the link itself is allowed), labelled by its alt text.
  const label = alt || src
  return linkAllowed(src) ? link(src, title, [label]) : html`<span class="blocked-image">${label}</span>`
}

function linkReference(node: LinkReference, context: Context, depth: number): Rendered {
  const definition = context.definitions.get(node.identifier)
  const content = children(node, context, depth)
  // An undefined reference is not a link in CommonMark; show what was written.
  if (!definition) return html`${content}`
  return link(definition.url, definition.title, content)
}

function imageReference(node: ImageReference, context: Context): Rendered {
  const definition = context.definitions.get(node.identifier)
  if (!definition) return node.alt ?? ''
  return image(definition.url, node.alt, definition.title, context)
}
