import { html, nothing, type TemplateResult } from 'lit'
import { live } from 'lit/directives/live.js'
import { ifDefined } from 'lit/directives/if-defined.js'
import type { MultiSelectField } from '../../../src/schema/form-model.js'
import { deepEqual } from '../../../src/schema/form-values.js'
import type { FieldHost, Placement } from './host.js'
import { describe, error, help, isRequired } from './parts.js'

/** A group of checkboxes, one per choice (an array of enum items); at most `maxItems` ticked. */
export function renderMultiSelectField(
  host: FieldHost,
  field: MultiSelectField,
  path: string,
  value: unknown,
  placement: Placement,
): TemplateResult {
  const { id, describedBy, invalid } = describe(host, field, path)
  const chosen = Array.isArray(value) ? value : []
  // At maxItems, the unticked options are disabled: the user unticks one to choose another.
  const full = field.maxItems !== undefined && chosen.length >= field.maxItems
  const toggle = (option: unknown, on: boolean) => {
    // Chosen values keep the order of the options.
    const next = field.options.map((o) => o.value).filter((v) => (deepEqual(v, option) ? on : chosen.some((c) => deepEqual(c, v))))
    host.set(path, next)
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
    ${help(field, path)} ${error(host, path)}
  </fieldset>`
}
