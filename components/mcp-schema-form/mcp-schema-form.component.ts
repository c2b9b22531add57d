import { LitElement, html, nothing, type PropertyValues, type TemplateResult } from 'lit'
import { property, state } from 'lit/decorators.js'
import { live } from 'lit/directives/live.js'
import { ifDefined } from 'lit/directives/if-defined.js'
import { validateAgainstSchema } from '../../src/client/index.js'
import {
  buildFormModel,
  choiceText,
  humaniseName,
  isObject,
  type ArrayField,
  type Field,
  type MultiSelectField,
  type NumberField,
  type ObjectField,
  type SelectField,
  type StringField,
  type Variant,
  type VariantField,
  type JsonField,
} from '../../src/schema/form-model.js'
import {
  buildArguments,
  chooseVariant,
  deepEqual,
  extraKeys,
  getAt,
  initialValue,
  newItemValue,
  put,
  setAt,
} from '../../src/schema/form-values.js'
import { checkValue, mapErrors, type FieldError } from '../../src/schema/form-checks.js'
import { escapePointer, ownProperty } from '../../src/schema/json-pointer.js'
import { emit } from '../shared/events.js'
import { I18nController, msg } from '../shared/i18n.js'
import { styles } from './mcp-schema-form.styles.js'

/** An error from outside (InvalidArgumentsError.errors, a server's message) or from validate(). */
export interface SchemaFormError {
  path: string
  message: string
  /** The validator's keyword (`type`, `maxLength` …): the message is then said in the form's own words. */
  keyword?: string
}

/** How a field is drawn where it sits: its label may come from its parent (array items, variant branches). */
interface Placement {
  label: string
  /** Inside a variant: consts (the discriminator) are not shown, the chooser says it. */
  inVariant?: boolean
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
 * @tag mcp-schema-form
 *
 * @attr {boolean} disabled - Every control is disabled (e.g. while a call runs).
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
 * @fires mcp-form-input - On every change. `detail: { value }`, the arguments as they would be sent now.
 * @fires mcp-form-submit - The user pressed Enter in a one-line field: the host may send. No detail.
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
 *
 * @cssprop --mcp-schema-form-gap - Space between fields.
 */
export class McpSchemaFormElement extends LitElement {
  static override styles = styles
  static override shadowRootOptions: ShadowRootInit = { ...LitElement.shadowRootOptions, delegatesFocus: true }

  @property({ attribute: false }) schema?: unknown
  @property({ attribute: false }) value?: Record<string, unknown>
  @property({ attribute: false }) errors: ReadonlyArray<SchemaFormError> = []
  @property({ type: Boolean, reflect: true }) disabled = false
  @property({ type: Boolean, attribute: 'hide-json-toggle' }) hideJsonToggle = false

  /** The value being edited: arguments-shaped, `undefined` where nothing is filled in. */
  @state() private current: unknown = {}
  /** Editing the whole value as JSON text. */
  @state() private jsonMode = false
  /** The whole-value JSON text, kept while invalid so toggling loses nothing. */
  @state() private jsonText = ''
  /** Problems found by validate(); a field's go away when it is edited. */
  @state() private localErrors: FieldError[] = []

  #i18n = new I18nController(this)
  #model?: Field
  /** The schema as JSON text, to tell a new schema from the same one sent again. */
  #schemaText?: string
  #modelError?: string
  /** The variant each chooser shows, by path, when the value alone cannot say (e.g. nothing filled in yet). */
  #choices = new Map<string, number>()
  /** JSON editor texts of `json` fields, by path, kept while they do not parse. */
  #drafts = new Map<string, string>()
  /** Fields edited since `errors` was set: their outside errors are stale. */
  #edited = new Set<string>()
  /** After a reorder, the control to give focus back to. */
  #focusAfterUpdate?: string
  /** Key/value editors' keys in row order, by object path (see #entries). */
  #entryRows = new Map<string, { field: ObjectField; keys: string[] }>()

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
        problems = await validateAgainstSchema(this.schema, this.arguments)
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
      return html`${model.fields.map((f) => this.#field(f, `/${escapePointer(f.name)}`, { label: f.label }))}
      ${this.#entries(model, '', model.label || msg('schema-form.arguments', 'Arguments'))}`
    return this.#field(model, '', { label: model.label || msg('schema-form.value', 'Value') })
  }

  #renderWholeJson(): TemplateResult {
    const parsed = parseArguments(this.jsonText)
    const messages = 'error' in parsed ? [parsed.error] : this.localErrors.map(withPath)
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

  #field(field: Field, path: string, placement: Placement): TemplateResult | typeof nothing {
    const value = getAt(this.current, path)
    if (field.readOnly) {
      // Managed by the server: shown with its default or const, no control, and not sent unless required.
      const shown = field.kind === 'const' ? field.value : value
      return html`<div class="field const" part="field">
        <span part="label">${placement.label}</span>:
        <code>${shown === undefined ? '—' : choiceText(shown)}</code>
        <span class="help">${msg('schema-form.read-only', '(read-only)')}</span>${this.#help(field, path)}
      </div>`
    }
    switch (field.kind) {
      case 'string':
        return this.#string(field, path, value, placement)
      case 'number':
      case 'integer':
        return this.#number(field, path, value, placement)
      case 'boolean':
        return this.#boolean(field, path, value, placement)
      case 'select':
        return this.#select(field, path, value, placement)
      case 'multiselect':
        return this.#multiselect(field, path, value, placement)
      case 'const':
        if (placement.inVariant) return nothing
        return html`<div class="field const" part="field">
          <span part="label">${placement.label}</span>: <code>${choiceText(field.value)}</code>${this.#help(field, path)}
        </div>`
      case 'object':
        return this.#object(field, path, placement)
      case 'array':
        return this.#array(field, path, value, placement)
      case 'variant':
        return this.#variant(field, path, value, placement)
      default:
        return this.#json(field, path, value, placement)
    }
  }

  /** The ids a control is described by, and whether it is invalid. */
  #describe(field: Field, path: string): { describedBy: string | undefined; invalid: boolean; id: string } {
    const id = idFor(path)
    const ids = []
    if (field.description) ids.push(`${id}-help`)
    const invalid = !!this.#errorsFor.get(path)?.length
    if (invalid) ids.push(`${id}-error`)
    return { id, describedBy: ids.join(' ') || undefined, invalid }
  }

  /** A control's label; when it is the property's name humanised ("User id"), the name itself follows as code (`user_id`) for developers. */
  #label(field: Field, id: string, text: string): TemplateResult {
    const key = field.name && text === field.label && text !== field.name && text === humaniseName(field.name) ? field.name : undefined
    const label = html`<label for=${id} part="label"
      >${text}${isRequired(field) ? html`<span class="required" aria-hidden="true">*</span>` : nothing}</label
    >`
    return key ? html`<span class="label-row">${label} <code class="key" part="key">${key}</code></span>` : label
  }

  #help(field: Field, path: string): TemplateResult | typeof nothing {
    return field.description ? html`<div id="${idFor(path)}-help" class="help" part="help">${field.description}</div>` : nothing
  }

  #error(path: string): TemplateResult | typeof nothing {
    const errors = this.#errorsFor.get(path)
    if (!errors?.length) return nothing
    // The validator's own words stay at hand for developers (a tooltip); the message says what to enter.
    return html`<div id="${idFor(path)}-error" class="error" part="error">
      ${errors.map((e) => html`<div title=${ifDefined(e.detail)}>${e.message}</div>`)}
    </div>`
  }

  #string(field: StringField, path: string, value: unknown, placement: Placement): TemplateResult {
    const { id, describedBy, invalid } = this.#describe(field, path)
    const text = typeof value === 'string' ? value : value === undefined || value === null ? '' : String(value)
    const set = (e: Event) => {
      const raw = (e.target as HTMLInputElement).value
      this.#set(path, field.format === 'date-time' ? fromLocalDateTime(raw) : field.format === 'time' ? fromLocalTime(raw) : raw)
    }
    const control = field.multiline
      ? html`<textarea
          id=${id}
          part="control"
          rows="4"
          placeholder=${ifDefined(field.example)}
          minlength=${ifDefined(field.minLength)}
          maxlength=${ifDefined(field.maxLength)}
          aria-required=${isRequired(field) ? 'true' : 'false'}
          aria-invalid=${invalid ? 'true' : 'false'}
          aria-describedby=${ifDefined(describedBy)}
          .value=${live(text)}
          @input=${set}
        ></textarea>`
      : html`<input
          id=${id}
          part="control"
          type=${INPUT_TYPES[field.format ?? ''] ?? 'text'}
          placeholder=${ifDefined(field.example)}
          minlength=${ifDefined(field.minLength)}
          maxlength=${ifDefined(field.maxLength)}
          pattern=${ifDefined(field.pattern)}
          step=${ifDefined(field.format === 'date-time' || field.format === 'time' ? '1' : undefined)}
          autocomplete=${field.format === 'email' ? 'email' : 'off'}
          aria-required=${isRequired(field) ? 'true' : 'false'}
          aria-invalid=${invalid ? 'true' : 'false'}
          aria-describedby=${ifDefined(describedBy)}
          .value=${live(field.format === 'date-time' ? toLocalDateTime(text) : field.format === 'time' ? text.slice(0, 8) : text)}
          @input=${set}
        />`
    return html`<div class="field" part="field">
      ${this.#label(field, id, placement.label)} ${control} ${this.#help(field, path)} ${this.#error(path)}
    </div>`
  }

  #number(field: NumberField, path: string, value: unknown, placement: Placement): TemplateResult {
    const { id, describedBy, invalid } = this.#describe(field, path)
    return html`<div class="field" part="field">
      ${this.#label(field, id, placement.label)}
      <input
        id=${id}
        part="control"
        type="number"
        placeholder=${ifDefined(field.example)}
        inputmode=${field.kind === 'integer' ? 'numeric' : 'decimal'}
        min=${ifDefined(field.minimum ?? field.exclusiveMinimum)}
        max=${ifDefined(field.maximum ?? field.exclusiveMaximum)}
        step=${field.step}
        aria-required=${isRequired(field) ? 'true' : 'false'}
        aria-invalid=${invalid ? 'true' : 'false'}
        aria-describedby=${ifDefined(describedBy)}
        .value=${live(typeof value === 'number' ? String(value) : '')}
        @input=${(e: Event) => {
          const input = e.target as HTMLInputElement
          this.#set(path, input.value === '' ? undefined : Number(input.value))
        }}
      />
      ${this.#help(field, path)} ${this.#error(path)}
    </div>`
  }

  /**
   * A required boolean is a checkbox (unticked is an answer: false), and so is an optional one with a default
   * (it starts at the default and is sent as shown). An optional one without a default has a third answer,
   * "not set" (left out of the arguments; a required nullable one is sent as null): a select of Not set, Yes,
   * No, as Swagger UI has it, rather than a mixed checkbox with a Clear button beside it.
   */
  #boolean(field: Field, path: string, value: unknown, placement: Placement): TemplateResult {
    const { id, describedBy, invalid } = this.#describe(field, path)
    if (isRequired(field) || field.hasDefault) {
      return html`<div class="field checkbox" part="field">
        <input
          id=${id}
          part="control"
          type="checkbox"
          aria-invalid=${invalid ? 'true' : 'false'}
          aria-describedby=${ifDefined(describedBy)}
          .checked=${live(value === true)}
          @change=${(e: Event) => this.#set(path, (e.target as HTMLInputElement).checked)}
        />
        ${this.#label(field, id, placement.label)} ${this.#help(field, path)} ${this.#error(path)}
      </div>`
    }
    const choice = value === true ? 'yes' : value === false ? 'no' : ''
    return html`<div class="field" part="field">
      ${this.#label(field, id, placement.label)}
      <select
        id=${id}
        part="control"
        aria-invalid=${invalid ? 'true' : 'false'}
        aria-describedby=${ifDefined(describedBy)}
        @change=${(e: Event) => {
          const picked = (e.target as HTMLSelectElement).value
          this.#set(path, picked === 'yes' ? true : picked === 'no' ? false : undefined)
        }}
      >
        <option value="" ?selected=${choice === ''}>${msg('schema-form.not-set', 'Not set')}</option>
        <option value="yes" ?selected=${choice === 'yes'}>${msg('schema-form.yes', 'Yes')}</option>
        <option value="no" ?selected=${choice === 'no'}>${msg('schema-form.no', 'No')}</option>
      </select>
      ${this.#help(field, path)} ${this.#error(path)}
    </div>`
  }

  #select(field: SelectField, path: string, value: unknown, placement: Placement): TemplateResult {
    const { id, describedBy, invalid } = this.#describe(field, path)
    const selected = field.options.findIndex((o) => deepEqual(o.value, value))
    return html`<div class="field" part="field">
      ${this.#label(field, id, placement.label)}
      <select
        id=${id}
        part="control"
        aria-required=${isRequired(field) ? 'true' : 'false'}
        aria-invalid=${invalid ? 'true' : 'false'}
        aria-describedby=${ifDefined(describedBy)}
        @change=${(e: Event) => {
          const index = (e.target as HTMLSelectElement).value
          this.#set(path, index === '' ? undefined : field.options[Number(index)].value)
        }}
      >
        <option value="" ?selected=${selected < 0}>${msg('schema-form.none', '(none)')}</option>
        ${field.options.map((o, i) => html`<option value=${String(i)} ?selected=${i === selected}>${o.label}</option>`)}
      </select>
      ${this.#help(field, path)} ${this.#error(path)}
    </div>`
  }

  #multiselect(field: MultiSelectField, path: string, value: unknown, placement: Placement): TemplateResult {
    const { id, describedBy, invalid } = this.#describe(field, path)
    const chosen = Array.isArray(value) ? value : []
    // At maxItems, the unticked options are disabled: the user unticks one to choose another.
    const full = field.maxItems !== undefined && chosen.length >= field.maxItems
    const toggle = (option: unknown, on: boolean) => {
      // Chosen values keep the order of the options.
      const next = field.options.map((o) => o.value).filter((v) => (deepEqual(v, option) ? on : chosen.some((c) => deepEqual(c, v))))
      this.#set(path, next)
    }
    return html`<fieldset
      class="group"
      part="group field"
      aria-describedby=${ifDefined(describedBy)}
      aria-invalid=${invalid ? 'true' : 'false'}
    >
      <legend part="label">
        ${placement.label}${isRequired(field) ? html`<span class="required" aria-hidden="true">*</span>` : nothing}
      </legend>
      ${field.options.map(
        (o, i) =>
          html`<div class="checkbox">
            <input
              id="${id}-${i}"
              part="control"
              type="checkbox"
              .checked=${live(chosen.some((c) => deepEqual(c, o.value)))}
              ?disabled=${full && !chosen.some((c) => deepEqual(c, o.value))}
              @change=${(e: Event) => toggle(o.value, (e.target as HTMLInputElement).checked)}
            />
            <label for="${id}-${i}">${o.label}</label>
          </div>`,
      )}
      ${this.#help(field, path)} ${this.#error(path)}
    </fieldset>`
  }

  #object(field: ObjectField, path: string, placement: Placement, inline = false): TemplateResult {
    const children = [
      ...field.fields.map((f) =>
        this.#field(f, `${path}/${escapePointer(f.name)}`, { label: f.label, inVariant: inline && placement.inVariant }),
      ),
      this.#entries(field, path, placement.label),
    ]
    if (inline) return html`${children}`
    const { describedBy } = this.#describe(field, path)
    return html`<fieldset class="group" part="group field" aria-describedby=${ifDefined(describedBy)}>
      <legend part="label">${placement.label}</legend>
      ${this.#help(field, path)} ${this.#error(path)} ${children}
    </fieldset>`
  }

  /**
   * The key/value editor of an object's other keys (`additionalProperties`):
   * rows of a key and a value typed by the schema, added and removed. The
   * key list (in row order, with keys being typed that are empty or taken)
   * is kept here; the value holds each entry under its key.
   */
  #entries(field: ObjectField, path: string, label: string): TemplateResult | typeof nothing {
    const additional = field.additional
    if (!additional) return nothing
    const value = getAt(this.current, path)
    const keys = this.#entryKeys(field, path, value)
    const id = `${idFor(path)}-entries`
    const entryLabel = (i: number) => msg('schema-form.entry', '{label} entry {n}', { label, n: i + 1 })
    const rows = html`<ol class="items">
        ${keys.map((key, i) => {
          const problem = entryProblem(field, keys, i)
          return html`<li class="item" part="item">
            <div class="item-body">
              <div class="field" part="field">
                <label for="${id}-key-${i}" part="label">${msg('schema-form.key', 'Key {n}', { n: i + 1 })}</label>
                <input
                  id="${id}-key-${i}"
                  part="control"
                  autocomplete="off"
                  aria-invalid=${problem ? 'true' : 'false'}
                  aria-describedby=${ifDefined(problem ? `${id}-key-${i}-error` : undefined)}
                  .value=${live(key)}
                  @input=${(e: Event) => this.#renameEntry(field, path, i, (e.target as HTMLInputElement).value)}
                />
                ${problem ? html`<div id="${id}-key-${i}-error" class="error" part="error">${problem}</div>` : nothing}
              </div>
              ${
                key && !problem
                  ? this.#field(additional, `${path}/${escapePointer(key)}`, {
                      label: msg('schema-form.value-n', 'Value {n}', { n: i + 1 }),
                    })
                  : nothing
              }
            </div>
            <div class="item-actions">
              ${this.#removeButton(entryLabel(i), `${id}-add`, () =>
                this.#setEntries(
                  field,
                  path,
                  keys.filter((_, j) => j !== i),
                ),
              )}
            </div>
          </li>`
        })}
      </ol>
      ${this.#addButton(
        `${id}-add`,
        msg('schema-form.add-entry', 'Add entry to {label}', { label }),
        false,
        `${id}-key-${keys.length}`,
        () => this.#setEntries(field, path, [...keys, '']),
      )}`
    // A nested object with only other keys is a group already; otherwise the entries get one of their own.
    if (path && !field.fields.length) return rows
    const legend = field.fields.length ? msg('schema-form.other-keys', '{label}: other keys', { label }) : label
    return html`<fieldset class="group" part="group field">
      <legend part="label">${legend}</legend>
      ${rows}
    </fieldset>`
  }

  /** The rows' keys at `path`: the ones kept here while they match the value's other keys, else (a JSON edit, a new value) the value's. */
  #entryKeys(field: ObjectField, path: string, value: unknown): string[] {
    const actual = extraKeys(field, value)
    const kept = this.#entryRows.get(path)?.keys
    const owned = kept?.filter((_, i) => !entryProblem(field, kept, i) && kept[i])
    if (kept && owned!.length === actual.length && owned!.every((k) => actual.includes(k))) return kept
    this.#entryRows.set(path, { field, keys: actual })
    return actual
  }

  /** Sets the rows' keys; entries no row owns any more leave the value, a key newly owned gets a value (the one it had, or a new one). */
  #setEntries(field: ObjectField, path: string, keys: string[], carried?: { value: unknown }): void {
    const before = getAt(this.current, path)
    const object: Record<string, unknown> = isObject(before) ? { ...before } : {}
    const owned = keys.filter((k, i) => k && !entryProblem(field, keys, i))
    for (const key of extraKeys(field, object)) if (!owned.includes(key)) delete object[key]
    for (const key of owned)
      if (!Object.hasOwn(object, key))
        put(object, key, carried && carried.value !== undefined ? carried.value : initialValue(field.additional!))
    this.#entryRows.set(path, { field, keys })
    this.#set(path, object)
  }

  /** Types row `i`'s key: its value goes with it. */
  #renameEntry(field: ObjectField, path: string, i: number, key: string): void {
    const keys = this.#entryRows.get(path)?.keys ?? []
    const old = keys[i]
    const value = old && !entryProblem(field, keys, i) ? getAt(this.current, `${path}/${escapePointer(old)}`) : undefined
    this.#setEntries(
      field,
      path,
      keys.map((k, j) => (j === i ? key : k)),
      { value },
    )
  }

  #array(field: ArrayField, path: string, value: unknown, placement: Placement): TemplateResult {
    const items = Array.isArray(value) ? value : []
    const { id, describedBy } = this.#describe(field, path)
    // "Item 1", or the items' own title with the number ("Line 1"); buttons name the list too ("Remove Item 1 of Tags").
    const itemTitle =
      typeof field.item.schema.title === 'string' && field.item.schema.title.trim() ? field.item.schema.title.trim() : undefined
    const itemLabel = (i: number) =>
      itemTitle
        ? msg('schema-form.item-titled', '{title} {n}', { title: itemTitle, n: i + 1 })
        : msg('schema-form.item', 'Item {n}', { n: i + 1 })
    const itemName = (i: number) => msg('schema-form.item-of', '{item} of {list}', { item: itemLabel(i), list: placement.label })
    const move = (from: number, to: number, focus: string) => {
      const next = [...items]
      const [moved] = next.splice(from, 1)
      next.splice(to, 0, moved)
      this.#focusAfterUpdate = focus
      this.#set(path, next)
    }
    const full = field.maxItems !== undefined && items.length >= field.maxItems
    return html`<fieldset class="group" part="group field" aria-describedby=${ifDefined(describedBy)}>
      <legend part="label">
        ${placement.label}${isRequired(field) ? html`<span class="required" aria-hidden="true">*</span>` : nothing}
      </legend>
      ${this.#help(field, path)} ${this.#error(path)}
      <ol class="items">
        ${items.map((_, i) => {
          const label = itemLabel(i)
          const name = itemName(i)
          return html`<li class="item" part="item">
            <div class="item-body">${this.#field(field.item, `${path}/${i}`, { label })}</div>
            <div class="item-actions">
              <button
                type="button"
                part="button"
                id="${id}-up-${i}"
                aria-label=${msg('schema-form.move-up', 'Move {item} up', { item: name })}
                ?disabled=${i === 0}
                @click=${() => move(i, i - 1, i - 1 === 0 ? `${id}-down-0` : `${id}-up-${i - 1}`)}
              >
                ↑
              </button>
              <button
                type="button"
                part="button"
                id="${id}-down-${i}"
                aria-label=${msg('schema-form.move-down', 'Move {item} down', { item: name })}
                ?disabled=${i === items.length - 1}
                @click=${() => move(i, i + 1, i + 1 === items.length - 1 ? `${id}-up-${i + 1}` : `${id}-down-${i + 1}`)}
              >
                ↓
              </button>
              ${this.#removeButton(name, `${id}-add`, () =>
                this.#set(
                  path,
                  items.filter((_, j) => j !== i),
                ),
              )}
            </div>
          </li>`
        })}
      </ol>
      ${this.#addButton(
        `${id}-add`,
        msg('schema-form.add', 'Add to {label}', { label: placement.label }),
        full,
        firstControlId(field.item, `${path}/${items.length}`),
        () => this.#set(path, [...items, newItemValue(field)]),
      )}
    </fieldset>`
  }

  /** A list's ✕ button for one item; focus then goes to `focus` (the Add button). */
  #removeButton(item: string, focus: string, remove: () => void): TemplateResult {
    return html`<button
      type="button"
      part="button"
      aria-label=${msg('schema-form.remove', 'Remove {item}', { item })}
      @click=${() => ((this.#focusAfterUpdate = focus), remove())}
    >
      ✕
    </button>`
  }

  /** A list's Add button; focus then goes to `focus` (the new item's first control). */
  #addButton(id: string, text: string, disabled: boolean, focus: string, add: () => void): TemplateResult {
    return html`<button
      type="button"
      part="button"
      id=${id}
      ?disabled=${disabled}
      @click=${() => ((this.#focusAfterUpdate = focus), add())}
    >
      ${text}
    </button>`
  }

  #variant(field: VariantField, path: string, value: unknown, placement: Placement): TemplateResult {
    const { id, describedBy } = this.#describe(field, path)
    const index = this.#choices.get(path) ?? chooseVariant(field, value)
    const variant = field.variants[index]
    const branch = variant?.field
    const chooser = html`<div class="field" part="field">
      <label for="${id}-variant" part="label">${msg('schema-form.variant', '{label}: kind', { label: placement.label })}</label>
      <select
        id="${id}-variant"
        part="control"
        aria-describedby=${ifDefined(describedBy)}
        @change=${(e: Event) => this.#chooseVariant(field, path, Number((e.target as HTMLSelectElement).value))}
      >
        ${field.variants.map((v, i) => html`<option value=${String(i)} ?selected=${i === index}>${variantLabel(v, i)}</option>`)}
      </select>
    </div>`
    let body: TemplateResult | typeof nothing = nothing
    if (branch?.kind === 'object') body = this.#object(branch, path, { label: placement.label, inVariant: true }, true)
    else if (branch)
      body = this.#field({ ...branch, required: field.required, description: undefined } as Field, path, {
        label: placement.label,
        inVariant: true,
      })
    return html`<fieldset class="group" part="group field">
      <legend part="label">
        ${placement.label}${isRequired(field) ? html`<span class="required" aria-hidden="true">*</span>` : nothing}
      </legend>
      ${this.#help(field, path)} ${this.#error(path)} ${chooser} ${body}
    </fieldset>`
  }

  #json(field: JsonField, path: string, value: unknown, placement: Placement): TemplateResult {
    const { id, describedBy, invalid } = this.#describe(field, path)
    const draft = this.#drafts.get(path)
    const text = draft ?? (value === undefined ? '' : stringify(value))
    const parsed = draft === undefined ? undefined : parseJson(draft)
    const problem = parsed && 'error' in parsed ? jsonError(parsed.error) : undefined
    const errorId = `${id}-json-error`
    return html`<div class="field" part="field">
      ${this.#label(field, id, placement.label)}
      <textarea
        id=${id}
        part="control json"
        class="json"
        rows="3"
        spellcheck="false"
        aria-required=${isRequired(field) ? 'true' : 'false'}
        aria-invalid=${invalid || problem ? 'true' : 'false'}
        aria-describedby=${[describedBy, `${id}-json-help`, problem ? errorId : ''].filter(Boolean).join(' ')}
        .value=${live(text)}
        @input=${(e: Event) => {
          const raw = (e.target as HTMLTextAreaElement).value
          this.#drafts.set(path, raw)
          const result = parseJson(raw)
          if ('error' in result) this.requestUpdate()
          else this.#set(path, result.value)
        }}
      ></textarea>
      <div id="${id}-json-help" class="help" part="help">
        ${msg('schema-form.json-field', 'JSON value ({reason}).', { reason: field.reason })}
      </div>
      ${this.#help(field, path)} ${problem ? html`<div id=${errorId} class="error" part="error">${problem}</div>` : nothing}
      ${this.#error(path)}
    </div>`
  }

  // -------------------------------------------------------------------------
  // Changes

  #set(path: string, next: unknown): void {
    this.current = setAt(this.current, path, next)
    this.#edited.add(path)
    if (this.localErrors.some((e) => e.path === path)) this.localErrors = this.localErrors.filter((e) => e.path !== path)
    emit(this, 'mcp-form-input', { value: this.arguments })
  }

  #chooseVariant(field: VariantField, path: string, index: number): void {
    this.#choices.set(path, index)
    const branch = field.variants[index]?.field
    if (!branch) return
    const old = getAt(this.current, path)
    let next = initialValue({ ...branch, required: true } as Field)
    // Keep what the new variant also has (same property names), so switching back and forth loses little.
    if (branch.kind === 'object' && isObject(old) && isObject(next)) {
      for (const f of branch.fields) {
        const shared = ownProperty(old, f.name)
        if (f.kind !== 'const' && shared !== undefined) next = setAt(next, `/${escapePointer(f.name)}`, shared)
      }
    }
    for (const key of this.#drafts.keys()) if (key.startsWith(`${path}/`)) this.#drafts.delete(key)
    this.#set(path, next)
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
      emit(this, 'mcp-form-input', { value: this.arguments })
    }
  }

  #onKeydown = (e: KeyboardEvent): void => {
    const target = e.composedPath()[0]
    if (e.key !== 'Enter' || e.isComposing || !(target instanceof HTMLInputElement)) return
    if (target.type === 'checkbox' || target.type === 'button') return
    e.preventDefault()
    emit(this, 'mcp-form-submit')
  }

  /** Errors to show: outside ones not yet edited away, then validate()'s, placed on their fields. */
  #shownErrors(): { byField: Map<string, FieldError[]>; general: FieldError[] } {
    const outside = this.errors ?? []
    // With no fields to put them on, outside errors go above, saying where they point; validate()'s go under the JSON text.
    if (this.jsonMode || !this.#model) return { byField: new Map(), general: outside.map((e) => ({ ...e, message: withPath(e) })) }
    const { byField, general } = mapErrors(this.#model, this.current, outside)
    for (const path of this.#edited) byField.delete(path)
    const local = mapErrors(this.#model, this.current, this.localErrors)
    for (const [path, errors] of local.byField) byField.set(path, [...(byField.get(path) ?? []), ...errors])
    for (const [path, errors] of byField) byField.set(path, errors.map(translated))
    return { byField, general: [...general, ...local.general].map(translated) }
  }
}

const INPUT_TYPES: Record<string, string> = { date: 'date', 'date-time': 'datetime-local', time: 'time', email: 'email', uri: 'url' }

/** A DOM id for a field path: unique (every character outside [A-Za-z0-9-] is escaped, `_` included). */
function idFor(path: string): string {
  return `f${path.replace(/[^A-Za-z0-9-]/g, (c) => `_${c.charCodeAt(0).toString(16)}_`)}`
}

/** The id of the control that takes focus for a field, e.g. when an item was just added. */
function firstControlId(field: Field, path: string): string {
  if (field.kind === 'variant') return `${idFor(path)}-variant`
  if (field.kind === 'multiselect') return `${idFor(path)}-0`
  if (field.kind === 'object') {
    const first = field.fields.find((f) => f.kind !== 'const')
    return first ? firstControlId(first, `${path}/${escapePointer(first.name)}`) : idFor(path)
  }
  if (field.kind === 'array') return `${idFor(path)}-add`
  return idFor(path)
}

/** Required and not nullable: leaving it empty is an error (a nullable one is sent as null). */
function isRequired(field: Field): boolean {
  return field.required && !field.nullable
}

/** "2025-03-04T05:06" (a datetime-local input, the user's time zone) → RFC 3339 with the zone's offset. */
function fromLocalDateTime(local: string): string {
  if (!local) return ''
  const date = new Date(local)
  if (Number.isNaN(date.getTime())) return local
  return `${local.length === 16 ? `${local}:00` : local}${zoneOffset(date)}`
}

/** "05:06" (a time input, the user's time zone, today's offset) → RFC 3339 full-time, as JSON Schema's `time` format wants. */
function fromLocalTime(local: string): string {
  if (!/^\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/.test(local)) return local
  return `${local.length === 5 ? `${local}:00` : local}${zoneOffset(new Date())}`
}

/** The RFC 3339 offset of the user's time zone at `date`: "Z", "+02:00" … */
function zoneOffset(date: Date): string {
  const offset = -date.getTimezoneOffset()
  if (offset === 0) return 'Z'
  const abs = Math.abs(offset)
  return `${offset > 0 ? '+' : '-'}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`
}

/** An RFC 3339 date-time → what a datetime-local input shows, in the user's time zone. */
function toLocalDateTime(value: string): string {
  if (!value) return ''
  const date = new Date(value)
  if (Number.isNaN(date.getTime())) return ''
  const local = `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`
  return date.getSeconds() ? `${local}:${pad(date.getSeconds())}` : local
}

const pad = (n: number) => String(n).padStart(2, '0')

/** The whole-value JSON text as arguments, or what is wrong with it: not JSON, or not an object. */
function parseArguments(text: string): { value: Record<string, unknown> } | { error: string } {
  const parsed = parseJson(text)
  if ('error' in parsed) return { error: jsonError(parsed.error) }
  if (!isObject(parsed.value)) return { error: msg('schema-form.json-object', 'The arguments must be a JSON object.') }
  return { value: parsed.value }
}

function parseJson(text: string): { value: unknown } | { error: string } {
  if (!text.trim()) return { value: undefined }
  try {
    return { value: JSON.parse(text) }
  } catch (e) {
    return { error: (e as Error).message }
  }
}

/**
 * A form check's message through msg(), so a page can replace it: ids are
 * `schema-form.check.<code>` (e.g. `.required`, `.minLength`, `.choice`; formats are
 * `.format.email` …, types `.type.number` …), with the check's numbers as `{min}`, `{max}`, `{step}`,
 * `{pattern}`, and `{options}` (the choices' labels). The validator's errors get the same codes (explainError).
 */
export function translated(e: FieldError): FieldError {
  if (!e.code) return e
  const id = e.code === 'format' || e.code === 'type' ? `schema-form.check.${e.code}.${e.params?.[e.code]}` : `schema-form.check.${e.code}`
  return { ...e, message: msg(id, e.message, e.params) }
}

/** A variant's label; one the schema does not name is a type name (`schema-form.type.integer` …) or `schema-form.option`. */
function variantLabel(v: Variant, index: number): string {
  if (v.named) return v.label
  const type = v.field.schema.type
  return typeof type === 'string' && v.label !== `Option ${index + 1}`
    ? msg(`schema-form.type.${type}`, v.label)
    : msg('schema-form.option', 'Option {n}', { n: index + 1 })
}

/** An error's message, with where it points when that is not the whole value. */
function withPath(e: { path: string; message: string }): string {
  return e.path ? `${e.path}: ${e.message}` : e.message
}

function jsonError(detail: string): string {
  return msg('schema-form.json-invalid', 'Not valid JSON: {detail}', { detail })
}

function stringify(value: unknown): string {
  return value === undefined ? '' : JSON.stringify(value, null, 2)
}

let unique = 0

function safeStringify(value: unknown): string {
  try {
    return JSON.stringify(value) ?? ''
  } catch {
    return `not JSON ${++unique}` // a cycle: always counts as new
  }
}

/** What is wrong with row `i`'s key of a key/value editor: taken by a property or an earlier row. Empty is not wrong (the row is left out). */
function entryProblem(field: ObjectField, keys: string[], i: number): string | undefined {
  const key = keys[i]
  if (!key) return undefined
  if (field.fields.some((f) => f.name === key) || keys.indexOf(key) < i)
    return msg('schema-form.key-taken', 'The key "{key}" is used already.', { key })
  return undefined
}
