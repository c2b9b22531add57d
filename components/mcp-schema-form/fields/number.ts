import { html, type TemplateResult } from 'lit'
import { live } from 'lit/directives/live.js'
import { ifDefined } from 'lit/directives/if-defined.js'
import type { NumberField } from '../../../src/schema/form-model.js'
import type { FieldHost, Placement } from './host.js'
import { describe, error, help, isRequired, label } from './parts.js'

/** A number input with the schema's bounds and step; empty is left out. */
export function renderNumberField(host: FieldHost, field: NumberField, path: string, value: unknown, placement: Placement): TemplateResult {
  const { id, describedBy, invalid } = describe(host, field, path)
  return html`<div class="field" part="field">
    ${label(field, id, placement.label)}
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
        host.set(path, input.value === '' ? undefined : Number(input.value))
      }}
    />
    ${help(field, path)} ${error(host, path)}
  </div>`
}
