import { html, nothing, type TemplateResult } from 'lit'
import { live } from 'lit/directives/live.js'
import type { JsonField } from '../../../src/schema/form-model.js'
import { msg } from '../../shared/i18n.js'
import { jsonError, parseJson, stringify } from '../json-text.js'
import type { FieldHost, Placement } from './host.js'
import { describe, error, help, isRequired, label } from './parts.js'

/** A JSON editor for a value the form cannot express; the text is kept as typed while it does not parse. */
export function renderJsonField(host: FieldHost, field: JsonField, path: string, value: unknown, placement: Placement): TemplateResult {
  const { id, describedBy, invalid } = describe(host, field, path)
  const draft = host.drafts.get(path)
  const text = draft ?? (value === undefined ? '' : stringify(value))
  const parsed = draft === undefined ? undefined : parseJson(draft)
  const problem = parsed && 'error' in parsed ? jsonError(parsed.error) : undefined
  const errorId = `${id}-json-error`
  return html`<div class="field" part="field">
    ${label(field, id, placement.label)}
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
        host.drafts.set(path, raw)
        const result = parseJson(raw)
        if ('error' in result) host.requestUpdate()
        else host.set(path, result.value)
      }}
    ></textarea>
    <div id="${id}-json-help" class="help" part="help">
      ${msg('schema-form.json-field', 'JSON value ({reason}).', { reason: field.reason })}
    </div>
    ${help(field, path)} ${problem ? html`<div id=${errorId} class="error" part="error">${problem}</div>` : nothing} ${error(host, path)}
  </div>`
}
