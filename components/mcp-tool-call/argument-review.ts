/**
 * The approval card's arguments, shown so that what the user approves is what is sent: each name and value drawn
 * with its invisible characters marked and its long runs counted (shared/visible-text.ts), isolated from its
 * neighbours; one cut short is shown whole on demand, and Allow waits until every one has been (a value too long
 * to draw here leaves only Deny).
 */
import { html, nothing, type TemplateResult } from 'lit'
import type { Tool } from '../../src/client/index.js'
import { buildFormModel, choiceText, type Field } from '../../src/schema/form-model.js'
import { deepEqual } from '../../src/schema/form-values.js'
import { formatCount, msg } from '../shared/i18n.js'
import { renderPieces, visibleText, type VisibleText } from '../shared/visible-text.js'

/** Characters drawn of one value, of one name, and of the JSON, before the rest waits for Show. */
const VALUE_CHARS = 2_000
const NAME_CHARS = 200
const JSON_CHARS = 100_000
/** The most one whole text may draw here (characters, and marked characters): a longer one cannot be reviewed. */
const WHOLE_CHARS = 1_000_000
const WHOLE_MARKERS = 20_000

/** One name, value or JSON text: its start as drawn, and its whole once asked for. */
export class ShownText {
  readonly preview: VisibleText
  /** The user asked to see it whole. */
  opened = false
  #whole?: VisibleText

  constructor(
    readonly id: string,
    readonly source: string,
    budget: number,
    readonly json = false,
  ) {
    this.preview = visibleText(source, { budget, json })
  }

  get cut(): boolean {
    return this.preview.left > 0
  }

  /** The whole text as drawn; undefined when it is too long to draw here. */
  get whole(): VisibleText | undefined {
    if (!this.cut) return this.preview
    this.#whole ??= visibleText(this.source, { budget: WHOLE_CHARS, markers: WHOLE_MARKERS, json: this.json })
    return this.#whole.left ? undefined : this.#whole
  }
}

interface Row {
  key: string
  value: unknown
  name: ShownText
  shown: ShownText
}

/** What the card shows of one call's arguments, and whether the user has seen all of it. */
export class ArgumentReview {
  readonly rows: Row[]
  readonly json: ShownText

  constructor(readonly args: Record<string, unknown>) {
    this.rows = Object.entries(args).map(([key, value], i) => ({
      key,
      value,
      name: new ShownText(`name-${i}`, key, NAME_CHARS),
      shown: new ShownText(`value-${i}`, asText(value), VALUE_CHARS),
    }))
    let json: string
    try {
      json = JSON.stringify(args, null, 2) ?? ''
    } catch {
      json = String(args)
    }
    this.json = new ShownText('json', json, JSON_CHARS, true)
  }

  /** Every name and value (the JSON repeats them). */
  get #texts(): ShownText[] {
    return this.rows.flatMap((row) => [row.name, row.shown])
  }

  /** Names and values still cut short. */
  get unseen(): number {
    return this.#texts.filter((text) => text.cut && !text.opened).length
  }

  /** A name or value too long to draw here: the call can only be denied. */
  get unreviewable(): boolean {
    return this.#texts.some((text) => !text.whole)
  }

  /** Allow may answer: every name and value has been seen whole. */
  get complete(): boolean {
    return !this.unreviewable && this.unseen === 0
  }

  /** Why Allow waits, if it does. */
  note(): string | undefined {
    if (this.unreviewable)
      return msg('tool-call.unreviewable', 'A value is too long to show here, so it cannot be checked: this call can only be denied.')
    const unseen = this.unseen
    if (unseen === 1) return msg('tool-call.show-whole-first', 'Show the whole value before allowing.')
    if (unseen > 1) return msg('tool-call.show-whole-first-many', 'Show the {count} whole values before allowing.', { count: unseen })
    return undefined
  }
}

/** A value as it is sent: a string as it is, anything else as JSON. */
function asText(value: unknown): string {
  if (typeof value === 'string') return value
  try {
    return JSON.stringify(value) ?? String(value)
  } catch {
    return String(value)
  }
}

/** The top-level fields of the tool's input schema, by property name (none when the schema cannot be used). */
function fieldsOf(tool: Tool): Map<string, Field> {
  try {
    const root = buildFormModel(tool.inputSchema)
    if (root.kind === 'object') return new Map(root.fields.map((f) => [f.name, f]))
  } catch {
    // A schema the form cannot use: the arguments are shown by their keys.
  }
  return new Map()
}

/** Server text around a value (a label, a choice's title): marked and isolated as values are, cut, never waited on. */
function serverText(text: string): TemplateResult {
  const { pieces, left } = visibleText(text, { budget: NAME_CHARS })
  return html`<span class="visible-text">${renderPieces(pieces)}${left ? '…' : nothing}</span>`
}

/** The text as drawn so far: its start, or, once opened, its whole (a name or value in a box of its own that scrolls). */
function renderText(text: ShownText, part: string, boxed = true): TemplateResult {
  const box = boxed && text.cut && text.opened
  return html`<span class="visible-text ${box ? 'whole' : ''}" part=${part} data-shown=${text.id} tabindex=${box ? '0' : nothing}
    >${renderPieces(((text.opened && text.whole) || text.preview).pieces)}</span
  >`
}

/** After a text cut short: the cut, and its Show button (`label` given the text's length), or why it has none. */
function renderCut(text: ShownText, label: (count: string) => string, onShow: (text: ShownText) => void): TemplateResult | typeof nothing {
  if (!text.cut || text.opened) return nothing
  const count = formatCount(text.source.length)
  return html`<span class="cut" part="cut">…</span>
    <span class="show-row"
      >${
        text.whole
          ? html`<button type="button" part="button show-whole" data-show=${text.id} @click=${() => onShow(text)}>${label(count)}</button>`
          : html`<span class="too-long" part="too-long"
              >${msg('tool-call.too-long', 'Too long to show here ({count} characters).', { count })}</span
            >`
      }</span
    >`
}

const showName = (count: string) => msg('tool-call.show-whole-name', 'Show the whole name ({count} characters)', { count })
const showValue = (count: string) => msg('tool-call.show-whole-value', 'Show the whole value ({count} characters)', { count })
const showJson = (count: string) => msg('tool-call.show-whole-json', 'Show all the JSON ({count} characters)', { count })

/** The arguments by their schema labels (each name and value as sent), then all of them as JSON. */
export function renderArguments(review: ArgumentReview, tool: Tool, onShow: (text: ShownText) => void): TemplateResult {
  const fields = fieldsOf(tool)
  return html`<section class="arguments-section" role="group" aria-label=${msg('tool-call.arguments', 'Arguments')}>
    <h4>${msg('tool-call.arguments', 'Arguments')}</h4>
    ${
      review.rows.length
        ? html`<dl part="arguments">
            ${review.rows.map(({ key, value, name, shown }) => {
              const field = fields.get(key)
              const choice = field?.kind === 'select' ? field.options.find((o) => deepEqual(o.value, value)) : undefined
              const titled = choice && choice.label !== choiceText(value)
              return html`<div class="argument">
                <dt>
                  ${
                    field && field.label !== key
                      ? html`${serverText(field.label)} <code class="key" part="key">${renderText(name, 'name')}</code>`
                      : renderText(name, 'name')
                  }${renderCut(name, showName, onShow)}
                </dt>
                <dd>
                  ${titled ? html`${serverText(choice.label)} (` : nothing}${renderText(shown, 'value')}${titled ? ')' : nothing}${renderCut(shown, showValue, onShow)}
                </dd>
              </div>`
            })}
          </dl>`
        : html`<p part="arguments" class="none">${msg('tool-call.no-arguments', 'No arguments.')}</p>`
    }
    <details part="json">
      <summary>${msg('tool-call.json', 'As JSON')}</summary>
      <pre class="json-block" tabindex="0" aria-label=${msg('tool-call.json-label', 'The arguments as JSON')}>
${renderText(review.json, 'json-text', false)}</pre>
      ${renderCut(review.json, showJson, onShow)}
    </details>
  </section>`
}
