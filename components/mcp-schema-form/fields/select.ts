import { html, type TemplateResult } from 'lit'
import { ifDefined } from 'lit/directives/if-defined.js'
import type { SelectField } from '../../../src/schema/form-model.js'
import { deepEqual } from '../../../src/schema/form-values.js'
import { msg } from '../../shared/i18n.js'
import type { FieldHost, Placement } from './host.js'
import { describe, error, help, isRequired, label } from './parts.js'

/** A select of the schema's choices (an enum, a `oneOf` of consts with titles), with "(none)" for no choice. */
export function renderSelectField(host: FieldHost, field: SelectField, path: string, value: unknown, placement: Placement): TemplateResult {
  const { id, describedBy, invalid } = describe(host, field, path)
  const selected = field.options.findIndex((o) => deepEqual(o.value, value))
  return html`<div class="field" part="field">
    ${label(field, id, placement.label)}
    <select
      id=${id}
      part="control"
      aria-required=${isRequired(field) ? 'true' : 'false'}
      aria-invalid=${invalid ? 'true' : 'false'}
      aria-describedby=${ifDefined(describedBy)}
      @change=${(e: Event) => {
        const index = (e.target as HTMLSelectElement).value
        host.set(path, index === '' ? undefined : field.options[Number(index)].value)
      }}
    >
      <option value="" ?selected=${selected < 0}>${msg('schema-form.none', '(none)')}</option>
      ${field.options.map((o, i) => html`<option value=${String(i)} ?selected=${i === selected}>${o.label}</option>`)}
    </select>
    ${help(field, path)} ${error(host, path)}
  </div>`
}
