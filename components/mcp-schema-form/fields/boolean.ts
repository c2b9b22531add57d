import { html, type TemplateResult } from 'lit'
import { live } from 'lit/directives/live.js'
import { ifDefined } from 'lit/directives/if-defined.js'
import type { Field } from '../../../src/schema/form-model.js'
import { msg } from '../../shared/i18n.js'
import type { FieldHost, Placement } from './host.js'
import { describe, error, help, isRequired, label } from './parts.js'

/**
 * A required boolean is a checkbox (unticked is an answer: false), and so is an optional one with a default
 * (it starts at the default and is sent as shown). An optional one without a default has a third answer,
 * "not set" (left out of the arguments; a required nullable one is sent as null): a select of Not set, Yes,
 * No, as Swagger UI has it, rather than a mixed checkbox with a Clear button beside it.
 */
export function renderBooleanField(host: FieldHost, field: Field, path: string, value: unknown, placement: Placement): TemplateResult {
  const { id, describedBy, invalid } = describe(host, field, path)
  if (isRequired(field) || field.hasDefault) {
    return html`<div class="field checkbox" part="field">
      <input
        id=${id}
        part="control"
        type="checkbox"
        aria-invalid=${invalid ? 'true' : 'false'}
        aria-describedby=${ifDefined(describedBy)}
        .checked=${live(value === true)}
        @change=${(e: Event) => host.set(path, (e.target as HTMLInputElement).checked)}
      />
      ${label(field, id, placement.label)} ${help(field, path)} ${error(host, path)}
    </div>`
  }
  const choice = value === true ? 'yes' : value === false ? 'no' : ''
  return html`<div class="field" part="field">
    ${label(field, id, placement.label)}
    <select
      id=${id}
      part="control"
      aria-invalid=${invalid ? 'true' : 'false'}
      aria-describedby=${ifDefined(describedBy)}
      @change=${(e: Event) => {
        const picked = (e.target as HTMLSelectElement).value
        host.set(path, picked === 'yes' ? true : picked === 'no' ? false : undefined)
      }}
    >
      <option value="" ?selected=${choice === ''}>${msg('schema-form.not-set', 'Not set')}</option>
      <option value="yes" ?selected=${choice === 'yes'}>${msg('schema-form.yes', 'Yes')}</option>
      <option value="no" ?selected=${choice === 'no'}>${msg('schema-form.no', 'No')}</option>
    </select>
    ${help(field, path)} ${error(host, path)}
  </div>`
}
