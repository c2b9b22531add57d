import { html, nothing, type TemplateResult } from 'lit'
import { ifDefined } from 'lit/directives/if-defined.js'
import { humaniseName, type Field } from '../../../src/schema/form-model.js'
import { escapePointer } from '../../../src/schema/json-pointer.js'
import { msg } from '../../shared/i18n.js'
import type { FieldHost } from './host.js'

/** A DOM id for a field path: unique (every character outside [A-Za-z0-9-] is escaped, `_` included). */
export function idFor(path: string): string {
  return `f${path.replace(/[^A-Za-z0-9-]/g, (c) => `_${c.charCodeAt(0).toString(16)}_`)}`
}

/** The id of the control that takes focus for a field, e.g. when an item was just added. */
export function firstControlId(field: Field, path: string): string {
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
export function isRequired(field: Field): boolean {
  return field.required && !field.nullable
}

/** The ids a control is described by, and whether it is invalid. */
export function describe(host: FieldHost, field: Field, path: string): { describedBy: string | undefined; invalid: boolean; id: string } {
  const id = idFor(path)
  const ids = []
  if (field.description) ids.push(`${id}-help`)
  const invalid = !!host.errorsAt(path)?.length
  if (invalid) ids.push(`${id}-error`)
  return { id, describedBy: ids.join(' ') || undefined, invalid }
}

/** A control's label; when it is the property's name humanised ("User id"), the name itself follows as code (`user_id`) for developers. */
export function label(field: Field, id: string, text: string): TemplateResult {
  const key = field.name && text === field.label && text !== field.name && text === humaniseName(field.name) ? field.name : undefined
  const label = html`<label for=${id} part="label"
    >${text}${isRequired(field) ? html`<span class="required" aria-hidden="true">*</span>` : nothing}</label
  >`
  return key ? html`<span class="label-row">${label} <code class="key" part="key">${key}</code></span>` : label
}

export function help(field: Field, path: string): TemplateResult | typeof nothing {
  return field.description ? html`<div id="${idFor(path)}-help" class="help" part="help">${field.description}</div>` : nothing
}

export function error(host: FieldHost, path: string): TemplateResult | typeof nothing {
  const errors = host.errorsAt(path)
  if (!errors?.length) return nothing
  // The validator's own words stay at hand for developers (a tooltip); the message says what to enter.
  return html`<div id="${idFor(path)}-error" class="error" part="error">
    ${errors.map((e) => html`<div title=${ifDefined(e.detail)}>${e.message}</div>`)}
  </div>`
}

/** A list's ✕ button for one item; focus then goes to `focus` (the Add button). */
export function removeButton(host: FieldHost, item: string, focus: string, remove: () => void): TemplateResult {
  return html`<button
    type="button"
    part="button"
    aria-label=${msg('schema-form.remove', 'Remove {item}', { item })}
    @click=${() => (host.focusAfterUpdate(focus), remove())}
  >
    ✕
  </button>`
}

/** A list's Add button; focus then goes to `focus` (the new item's first control). */
export function addButton(host: FieldHost, id: string, text: string, disabled: boolean, focus: string, add: () => void): TemplateResult {
  return html`<button type="button" part="button" id=${id} ?disabled=${disabled} @click=${() => (host.focusAfterUpdate(focus), add())}>
    ${text}
  </button>`
}
