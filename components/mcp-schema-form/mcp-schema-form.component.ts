import { LitElement, html, nothing, type PropertyValues, type TemplateResult } from 'lit'
import { property, state } from 'lit/decorators.js'
import { live } from 'lit/directives/live.js'
import { ifDefined } from 'lit/directives/if-defined.js'
import { checkArguments } from '../../src/client/index.js'
import { buildFormModel, isObject, type Field } from '../../src/schema/form-model.js'
import { buildArguments, getAt, initialValue, setAt } from '../../src/schema/form-values.js'
import { checkValue, mapErrors, placeName, type FieldError } from '../../src/schema/form-checks.js'
import { escapePointer } from '../../src/schema/json-pointer.js'
import { formExamples, type FormExample, type FormExamples } from '../../src/schema/form-examples.js'
import { emit } from '../shared/events.js'
import { translated } from '../shared/check-messages.js'
import { I18nController, msg } from '../shared/i18n.js'

/** The detail of `mcp-form-input`: the arguments as they would be sent now. */
export interface FormInputDetail {
  value: Record<string, unknown>
}
import { entryProblem, renderEntries } from './fields/entries.js'
import { renderField } from './fields/field.js'
import type { EntryRow, FieldHost } from './fields/host.js'
import { jsonError, parseJson, stringify } from './json-text.js'
import { styles } from './mcp-schema-form.styles.js'
import { exampleStyles, renderExamples } from './examples.js'

/** An error from outside (InvalidArgumentsError.errors, a server's message) or from validate(). */
export interface SchemaFormError {
  path: string
  message: string
  /** The validator's keyword (`type`, `maxLength` …): the message is then said in the form's own words. */
  keyword?: string
}

/**
 * A form for a JSON Schema (a tool's `inputSchema`, an elicitation's
 * `requestedSchema`), built on the headless form model (`src/schema/form-model.ts`):
 * text with formats (date, date-time, email, uri), numbers with bounds,
 * booleans, selects (enums, `oneOf` of consts with titles), multi-selects,
 * nested objects, arrays (add, remove, reorder), variant and type choosers
 * for `anyOf`/`oneOf`, a JSON editor for what a form cannot express, and a
 * toggle to edit the whole value as JSON. It has no buttons of its own for
 * sending: the element around it owns those, and asks {@link validate}
 * before reading {@link arguments}.
 *
 * Empty optional fields are left out of `arguments`, never sent as `""` or
 * `null`. A required boolean is a checkbox, as is an optional one with a
 * default (sent as shown); an optional boolean without a default is a select
 * of Not set (left out), Yes and No. Validation problems, the form's own and
 * the validator's (by their keyword), are said as what to enter ("Enter a
 * number.", "Enter at most 10 characters.", "Pick one of: …", "This field is
 * required."), with the validator's text in the message's `title`. A field
 * with no title is labelled by its property name humanised ("User id"), the
 * name itself beside it as code (part `key`). List items are "Item 1" (or the
 * items' title with the number).
 * `readOnly` properties are shown, not editable, and not sent unless
 * required. `additionalProperties` get a key/value editor. Errors given in
 * `errors` are shown on the fields their paths point at; the rest above the
 * form. `focus()` focuses the first field.
 *
 * "Try an example": the schema's `examples` (on the root, whole arguments; on a top-level property, values of that
 * field), the root's `default` and the fields' defaults are buttons in a group above the fields; one fills the form
 * (or its field) and sends nothing. An example whose kind does not fit its field is left out; at most 20 are shown,
 * with how many there are. A schema with none shows nothing.
 *
 * @tag mcp-schema-form
 *
 * @attr {boolean} disabled - Every control is disabled (e.g. while a call runs).
 * @attr {boolean} hide-examples - No "Try an example" choices, even when the schema has examples or defaults.
 * @attr {boolean} hide-json-toggle - No "Edit as JSON" / "Edit as form" button, for a page whose users should only see the
 *   form. `json` fields keep their own JSON editor.
 *
 * @property {object} schema - The JSON Schema. A schema the form cannot use (too deep, a remote `$ref`) is
 *   shown as an error, with the JSON editor to fill in the value by hand.
 * @property {Record<string, unknown>} value - Initial values; the schema's defaults fill what it leaves out.
 *   A new object starts the form over from it.
 * @property {Array<{path: string, message: string}>} errors - Problems from outside (the client's
 *   `InvalidArgumentsError.errors`, a server's answer), each with a JSON Pointer (`/a/0/b`) into the arguments.
 * @property {Record<string, unknown>} arguments - (read-only) The current value as it would be sent.
 *
 * @fires {CustomEvent<FormInputDetail>} mcp-form-input - On every change. `detail: { value }`, the arguments as they would be sent now.
 * @fires {CustomEvent<null>} mcp-form-submit - The user pressed Enter in a one-line field: the host may send. No detail.
 *
 * @csspart form - The container of the fields.
 * @csspart field - One field: its label, control, help text and errors.
 * @csspart label - A field's label.
 * @csspart control - An input, select or textarea.
 * @csspart help - A field's help text (the schema's description).
 * @csspart error - A field's error messages.
 * @csspart errors - Errors no field takes, above the form.
 * @csspart group - A fieldset: a nested object, a list, a variant, a multi-select.
 * @csspart item - One item of a list, with its move and remove buttons.
 * @csspart button - The add, move, remove and JSON-toggle buttons.
 * @csspart json - A JSON editor (a field's, or the whole value's).
 * @csspart key - An untitled field's property name, beside its humanised label.
 * @csspart examples - The "Try an example" group: `examples-label`, each choice (`button example`), `examples-count`.
 *
 * @cssprop --mcp-schema-form-gap - Space between fields.
 */
export class McpSchemaFormElement extends LitElement {
  static override styles = [styles, exampleStyles]
  static override shadowRootOptions: ShadowRootInit = { ...LitElement.shadowRootOptions, delegatesFocus: true }

  @property({ attribute: false }) schema?: unknown
  @property({ attribute: false }) value?: Record<string, unknown>
  @property({ attribute: false }) errors: ReadonlyArray<SchemaFormError> = []
  @property({ type: Boolean, reflect: true }) disabled = false
  @property({ type: Boolean, attribute: 'hide-json-toggle' }) hideJsonToggle = false
  @property({ type: Boolean, attribute: 'hide-examples' }) hideExamples = false

  /** The value being edited: arguments-shaped, `undefined` where nothing is filled in. */
  @state() private current: unknown = {}
  /** Editing the whole value as JSON text. */
  @state() private jsonMode = false
  /** The whole-value JSON text, kept while invalid so toggling loses nothing. */
  @state() private jsonText = ''
  /** Problems found by validate(); a field's go away when it is edited. */
  @state() private localErrors: FieldError[] = []
  /** Says which example filled the form (a polite status). */
  @state() private filled = ''

  #i18n = new I18nController(this)
  #model?: Field
  /** The schema as JSON text, to tell a new schema from the same one sent again. */
  #schemaText?: string
  #modelError?: string
  #examples: FormExamples = { shown: [], given: 0 }
  /** The variant each chooser shows, by path, when the value alone cannot say (e.g. nothing filled in yet). */
  #choices = new Map<string, number>()
  /** JSON editor texts of `json` fields, by path, kept while they do not parse. */
  #drafts = new Map<string, string>()
  /** Fields edited since `errors` was set: their outside errors are stale. */
  #edited = new Set<string>()
  /** After a reorder, the control to give focus back to. */
  #focusAfterUpdate?: string
  /** Key/value editors' keys in row order, by object path (see fields/entries.ts). */
  #entryRows = new Map<string, EntryRow>()
  /** What the field renderers (fields/) read from this form and do to it. */
  #host: FieldHost = {
    valueAt: (path) => getAt(this.current, path),
    errorsAt: (path) => this.#errorsFor.get(path),
    field: (field, path, placement) => renderField(this.#host, field, path, placement),
    set: (path, next) => this.#set(path, next),
    focusAfterUpdate: (id) => {
      this.#focusAfterUpdate = id
    },
    requestUpdate: () => this.requestUpdate(),
    choices: this.#choices,
    drafts: this.#drafts,
    entryRows: this.#entryRows,
  }

  /** The arguments as they would be sent now: empty optional fields left out. In JSON mode, the JSON as written. */
  get arguments(): Record<string, unknown> {
    if (this.jsonMode || !this.#model) return isObject(this.current) ? this.current : {}
    return buildArguments(this.#model, this.current)
  }

  /**
   * Checks the value (required fields, formats, bounds, lengths, patterns,
   * then the whole schema), shows the problems on their fields and focuses
   * the first. True when there are none.
   */
  async validate(): Promise<boolean> {
    await this.updateComplete
    let problems: FieldError[] = []
    if (this.jsonMode) {
      const parsed = parseArguments(this.jsonText)
      if ('error' in parsed) problems.push({ path: '', code: 'json', message: parsed.error })
    } else if (this.#model) {
      problems = checkValue(this.#model, this.current)
      for (const [path, { field, keys }] of this.#entryRows)
        keys.forEach((_, i) => {
          const problem = entryProblem(field, keys, i)
          if (problem) problems.push({ path, code: 'key', message: problem })
        })
      for (const [path, text] of this.#drafts) {
        const parsed = parseJson(text)
        if ('error' in parsed) problems.push({ path, code: 'json', message: jsonError(parsed.error) })
      }
    }
    if (!problems.length && this.schema && !this.#modelError) {
      try {
        // Arguments found valid here are not checked again by the client when they are sent as they are.
        problems = await checkArguments(this.schema, this.arguments)
      } catch {
        // The client's validator refuses schemas it cannot check safely; the form's own checks above still stand,
        // and the client refuses to send with the same reason, which the host shows.
      }
    }
    this.localErrors = problems
    await this.updateComplete
    if (problems.length) this.#focusFirstProblem()
    return !problems.length
  }

  /** Focuses the control of the first field showing an error (for a group, such as a list or a multi-select, its first control). */
  #focusFirstProblem(): void {
    const first = this.renderRoot.querySelector('.error, [aria-invalid="true"]')
    const container = first?.closest('.field, fieldset')
    const target =
      (first?.matches('input, select, textarea') ? first : undefined) ??
      container?.querySelector('[aria-invalid="true"]:is(input, select, textarea)') ??
      container?.querySelector('input, select, textarea, button')
    ;(target as HTMLElement | null | undefined)?.focus()
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    // A listing refreshed from the server brings a new schema object for the same tool: what the user typed stays.
    const schemaChanged = changed.has('schema') && this.#schemaText !== (this.#schemaText = safeStringify(this.schema))
    if (schemaChanged) {
      this.#model = undefined
      this.#modelError = undefined
      try {
        this.#model = buildFormModel(this.schema ?? { type: 'object' })
      } catch (e) {
        this.#modelError = (e as Error).message
      }
      this.#examples = this.#model ? formExamples(this.#model) : { shown: [], given: 0 }
      this.filled = ''
      this.jsonMode = !this.#model
    }
    if (schemaChanged || changed.has('value')) {
      this.#choices.clear()
      this.#drafts.clear()
      this.#entryRows.clear()
      this.localErrors = []
      this.current = this.#model ? initialValue(this.#model, this.value) : { ...this.value }
      if (this.jsonMode) this.jsonText = stringify(this.arguments)
    }
    if (changed.has('errors')) this.#edited.clear()
  }

  protected override updated(): void {
    if (this.#focusAfterUpdate) {
      this.renderRoot.querySelector<HTMLElement>(`#${CSS.escape(this.#focusAfterUpdate)}`)?.focus()
      this.#focusAfterUpdate = undefined
    }
  }

  override render(): TemplateResult {
    const { byField, general } = this.#shownErrors()
    this.#errorsFor = byField
    const model = this.#model
    return html`<div part="form" class="form" @keydown=${this.#onKeydown}>
      ${
        this.#modelError
          ? html`<p class="schema-error" role="alert" part="errors">
              ${msg('schema-form.bad-schema', 'This form cannot be shown: {reason}. Enter the value as JSON.', { reason: this.#modelError })}
            </p>`
          : nothing
      }
      <div class="errors" part="errors" role="alert" ?hidden=${!general.length}>
        ${
          general.length
            ? html`<ul>
                ${general.map((e) => html`<li>${e.message}</li>`)}
              </ul>`
            : nothing
        }
      </div>
      <fieldset class="fields" ?disabled=${this.disabled}>
        ${this.hideExamples ? nothing : renderExamples(this.#examples, (example, label) => this.#fill(example, label))}
        <p class="visually-hidden" role="status">${this.filled}</p>
        ${this.jsonMode || !model ? this.#renderWholeJson() : this.#renderFields(model)}
        ${
          model &&
          !this.#modelError &&
          !this.hideJsonToggle &&
          model.kind !== 'json' &&
          !(model.kind === 'object' && !model.fields.length && !model.additional)
            ? html`<div class="toolbar">
                <button
                  type="button"
                  part="button"
                  class="json-toggle"
                  aria-pressed=${this.jsonMode ? 'true' : 'false'}
                  @click=${this.#toggleJson}
                >
                  ${this.jsonMode ? msg('schema-form.edit-form', 'Edit as form') : msg('schema-form.edit-json', 'Edit as JSON')}
                </button>
              </div>`
            : nothing
        }
      </fieldset>
    </div>`
  }

  // -------------------------------------------------------------------------
  // Rendering

  /** This render's errors by field path (set at the start of render()). */
  #errorsFor = new Map<string, FieldError[]>()

  #renderFields(model: Field): TemplateResult | typeof nothing {
    if (model.kind === 'object')
      return html`${model.fields.map((f) => this.#host.field(f, `/${escapePointer(f.name)}`, { label: f.label }))}
      ${renderEntries(this.#host, model, '', model.label || msg('schema-form.arguments', 'Arguments'))}`
    return this.#host.field(model, '', { label: model.label || msg('schema-form.value', 'Value') })
  }

  #renderWholeJson(): TemplateResult {
    const parsed = parseArguments(this.jsonText)
    const messages = 'error' in parsed ? [parsed.error] : this.localErrors.map((e) => this.#placed(e))
    return html`<div class="field" part="field">
      <label for="whole-json" part="label">${msg('schema-form.json-label', 'Arguments (JSON)')}</label>
      <textarea
        id="whole-json"
        part="control json"
        class="json"
        rows="10"
        spellcheck="false"
        aria-invalid=${messages.length ? 'true' : 'false'}
        aria-describedby=${ifDefined(messages.length ? 'whole-json-error' : undefined)}
        .value=${live(this.jsonText)}
        @input=${(e: Event) => this.#onWholeJson((e.target as HTMLTextAreaElement).value)}
      ></textarea>
      ${messages.length ? html`<div id="whole-json-error" class="error" part="error">${messages.join(' ')}</div>` : nothing}
    </div>`
  }

  // -------------------------------------------------------------------------
  // Changes

  #set(path: string, next: unknown): void {
    this.current = setAt(this.current, path, next)
    this.#edited.add(path)
    if (this.localErrors.some((e) => e.path === path)) this.localErrors = this.localErrors.filter((e) => e.path !== path)
    emit<FormInputDetail>(this, 'mcp-form-input', { value: this.arguments })
  }

  /** Fills the form with an example (the whole value, or one field's), as if typed: nothing is sent. */
  #fill(example: FormExample, label: string): void {
    const model = this.#model
    if (!model) return
    const value = structuredClone(example.value)
    let next: unknown
    if (example.path) {
      const start = this.jsonMode ? initialValue(model, this.current) : this.current
      next = setAt(start, example.path, initialValue(example.field, value))
      this.#edited.add(example.path)
    } else {
      next = initialValue(model, value)
      this.#choices.clear()
      this.#entryRows.clear()
      this.#edited.clear()
      this.#edited.add('')
    }
    for (const path of this.#drafts.keys()) if (!example.path || path === example.path || path.startsWith(`${example.path}/`)) this.#drafts.delete(path)
    this.localErrors = []
    if (this.jsonMode) {
      this.current = buildArguments(model, next)
      this.jsonText = stringify(this.current)
    } else this.current = next
    this.filled = msg('schema-form.example-filled', 'Filled in: {example}.', { example: label })
    emit<FormInputDetail>(this, 'mcp-form-input', { value: this.arguments })
  }

  #toggleJson(): void {
    if (this.jsonMode) {
      const parsed = parseArguments(this.jsonText)
      if ('value' in parsed && this.#model) this.current = initialValue(this.#model, parsed.value)
      this.jsonMode = false
      return
    }
    // An invalid text from last time is shown again rather than replaced: nothing typed is lost.
    if (!this.jsonText || 'value' in parseArguments(this.jsonText)) this.jsonText = stringify(this.arguments)
    this.jsonMode = true
  }

  #onWholeJson(text: string): void {
    this.jsonText = text
    const parsed = parseArguments(text)
    if ('value' in parsed) {
      this.current = parsed.value
      this.localErrors = []
      emit<FormInputDetail>(this, 'mcp-form-input', { value: this.arguments })
    }
  }

  #onKeydown = (e: KeyboardEvent): void => {
    const target = e.composedPath()[0]
    if (e.key !== 'Enter' || e.isComposing || !(target instanceof HTMLInputElement)) return
    if (target.type === 'checkbox' || target.type === 'button') return
    e.preventDefault()
    emit(this, 'mcp-form-submit')
  }

  /** An error's message, after the field it is about by its label ("Address › City: …") when that is not the whole value. */
  #placed(e: { path: string; message: string }): string {
    if (!e.path) return e.message
    return `${this.#model ? placeName(this.#model, this.current, e.path) : e.path}: ${e.message}`
  }

  /** Errors to show: outside ones not yet edited away, then validate()'s, placed on their fields. */
  #shownErrors(): { byField: Map<string, FieldError[]>; general: FieldError[] } {
    const outside = this.errors ?? []
    // With no fields to put them on, outside errors go above, saying where they point; validate()'s go under the JSON text.
    if (this.jsonMode || !this.#model) return { byField: new Map(), general: outside.map((e) => ({ ...e, message: this.#placed(e) })) }
    const { byField, general } = mapErrors(this.#model, this.current, outside)
    for (const path of this.#edited) byField.delete(path)
    const local = mapErrors(this.#model, this.current, this.localErrors)
    for (const [path, errors] of local.byField) byField.set(path, [...(byField.get(path) ?? []), ...errors])
    for (const [path, errors] of byField) byField.set(path, errors.map(translated))
    return { byField, general: [...general, ...local.general].map(translated) }
  }
}

/** The whole-value JSON text as arguments, or what is wrong with it: not JSON, or not an object. */
function parseArguments(text: string): { value: Record<string, unknown> } | { error: string } {
  const parsed = parseJson(text)
  if ('error' in parsed) return { error: jsonError(parsed.error) }
  if (!isObject(parsed.value)) return { error: msg('schema-form.json-object', 'The arguments must be a JSON object.') }
  return { value: parsed.value }
}

let unique = 0

function safeStringify(value: unknown): string {
  try {
    return JSON.stringify(value) ?? ''
  } catch {
    return `not JSON ${++unique}` // a cycle: always counts as new
  }
}
