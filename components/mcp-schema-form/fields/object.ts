import { html, type TemplateResult } from 'lit'
import { ifDefined } from 'lit/directives/if-defined.js'
import type { ObjectField } from '../../../src/schema/form-model.js'
import { escapePointer } from '../../../src/schema/json-pointer.js'
import { renderEntries } from './entries.js'
import type { FieldHost, Placement } from './host.js'
import { describe, error, help } from './parts.js'

/** A nested object: a fieldset of its properties and its other keys' editor; `inline` (a variant's branch) without the fieldset. */
export function renderObjectField(host: FieldHost, field: ObjectField, path: string, placement: Placement, inline = false): TemplateResult {
  const children = [
    ...field.fields.map((f) =>
      host.field(f, `${path}/${escapePointer(f.name)}`, { label: f.label, inVariant: inline && placement.inVariant }),
    ),
    renderEntries(host, field, path, placement.label),
  ]
  if (inline) return html`${children}`
  const { describedBy } = describe(host, field, path)
  return html`<fieldset class="group" part="group field" aria-describedby=${ifDefined(describedBy)}>
    <legend part="label">${placement.label}</legend>
    ${help(field, path)} ${error(host, path)} ${children}
  </fieldset>`
}
