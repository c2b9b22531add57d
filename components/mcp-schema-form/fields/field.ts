import { html, nothing, type TemplateResult } from 'lit'
import { choiceText, type Field } from '../../../src/schema/form-model.js'
import { msg } from '../../shared/i18n.js'
import { renderArrayField } from './array.js'
import { renderBooleanField } from './boolean.js'
import type { FieldHost, Placement } from './host.js'
import { renderJsonField } from './json.js'
import { renderMultiSelectField } from './multiselect.js'
import { renderNumberField } from './number.js'
import { renderObjectField } from './object.js'
import { help } from './parts.js'
import { renderSelectField } from './select.js'
import { renderStringField } from './string.js'
import { renderVariantField } from './variant.js'

/** Draws a field by its kind; a read-only one, and a const, as its value with no control. */
export function renderField(host: FieldHost, field: Field, path: string, placement: Placement): TemplateResult | typeof nothing {
  const value = host.valueAt(path)
  if (field.readOnly) {
    // Managed by the server: shown with its default or const, no control, and not sent unless required.
    const shown = field.kind === 'const' ? field.value : value
    return html`<div class="field const" part="field">
      <span part="label">${placement.label}</span>:
      <code>${shown === undefined ? '—' : choiceText(shown)}</code>
      <span class="help">${msg('schema-form.read-only', '(read-only)')}</span>${help(field, path)}
    </div>`
  }
  switch (field.kind) {
    case 'string':
      return renderStringField(host, field, path, value, placement)
    case 'number':
    case 'integer':
      return renderNumberField(host, field, path, value, placement)
    case 'boolean':
      return renderBooleanField(host, field, path, value, placement)
    case 'select':
      return renderSelectField(host, field, path, value, placement)
    case 'multiselect':
      return renderMultiSelectField(host, field, path, value, placement)
    case 'const':
      if (placement.inVariant) return nothing
      return html`<div class="field const" part="field">
        <span part="label">${placement.label}</span>: <code>${choiceText(field.value)}</code>${help(field, path)}
      </div>`
    case 'object':
      return renderObjectField(host, field, path, placement)
    case 'array':
      return renderArrayField(host, field, path, value, placement)
    case 'variant':
      return renderVariantField(host, field, path, value, placement)
    default:
      return renderJsonField(host, field, path, value, placement)
  }
}
