import { html, nothing, type TemplateResult } from 'lit'
import { ifDefined } from 'lit/directives/if-defined.js'
import { isObject, type Field, type Variant, type VariantField } from '../../../src/schema/form-model.js'
import { chooseVariant, initialValue, setAt } from '../../../src/schema/form-values.js'
import { escapePointer, ownProperty } from '../../../src/schema/json-pointer.js'
import { msg } from '../../shared/i18n.js'
import type { FieldHost, Placement } from './host.js'
import { renderObjectField } from './object.js'
import { describe, error, help, isRequired } from './parts.js'

/** An `anyOf`/`oneOf`: a chooser of the variant (or type), then the chosen variant's fields. */
export function renderVariantField(
  host: FieldHost,
  field: VariantField,
  path: string,
  value: unknown,
  placement: Placement,
): TemplateResult {
  const { id, describedBy } = describe(host, field, path)
  const index = host.choices.get(path) ?? chooseVariant(field, value)
  const variant = field.variants[index]
  const branch = variant?.field
  const chooser = html`<div class="field" part="field">
    <label for="${id}-variant" part="label">${msg('schema-form.variant', '{label}: kind', { label: placement.label })}</label>
    <select
      id="${id}-variant"
      part="control"
      aria-describedby=${ifDefined(describedBy)}
      @change=${(e: Event) => pickVariant(host, field, path, Number((e.target as HTMLSelectElement).value))}
    >
      ${field.variants.map((v, i) => html`<option value=${String(i)} ?selected=${i === index}>${variantLabel(v, i)}</option>`)}
    </select>
  </div>`
  let body: TemplateResult | typeof nothing = nothing
  if (branch?.kind === 'object') body = renderObjectField(host, branch, path, { label: placement.label, inVariant: true }, true)
  else if (branch)
    body = host.field({ ...branch, required: field.required, description: undefined } as Field, path, {
      label: placement.label,
      inVariant: true,
    })
  return html`<fieldset class="group" part="group field">
    <legend part="label">
      ${placement.label}${isRequired(field) ? html`<span class="required" aria-hidden="true">*</span>` : nothing}
    </legend>
    ${help(field, path)} ${error(host, path)} ${chooser} ${body}
  </fieldset>`
}

/** The user picks variant `index`: the value starts over from it, keeping what the old one shares with it. */
function pickVariant(host: FieldHost, field: VariantField, path: string, index: number): void {
  host.choices.set(path, index)
  const branch = field.variants[index]?.field
  if (!branch) return
  const old = host.valueAt(path)
  let next = initialValue({ ...branch, required: true } as Field)
  // Keep what the new variant also has (same property names), so switching back and forth loses little.
  if (branch.kind === 'object' && isObject(old) && isObject(next)) {
    for (const f of branch.fields) {
      const shared = ownProperty(old, f.name)
      if (f.kind !== 'const' && shared !== undefined) next = setAt(next, `/${escapePointer(f.name)}`, shared)
    }
  }
  for (const key of host.drafts.keys()) if (key.startsWith(`${path}/`)) host.drafts.delete(key)
  host.set(path, next)
}

/** A variant's label; one the schema does not name is a type name (`schema-form.type.integer` …) or `schema-form.option`. */
function variantLabel(v: Variant, index: number): string {
  if (v.named) return v.label
  const type = v.field.schema.type
  return typeof type === 'string' && v.label !== `Option ${index + 1}`
    ? msg(`schema-form.type.${type}`, v.label)
    : msg('schema-form.option', 'Option {n}', { n: index + 1 })
}
