import { html, type TemplateResult } from 'lit'
import { live } from 'lit/directives/live.js'
import { ifDefined } from 'lit/directives/if-defined.js'
import type { StringField } from '../../../src/schema/form-model.js'
import type { FieldHost, Placement } from './host.js'
import { fromLocalDateTime, fromLocalTime, toLocalDateTime } from './local-time.js'
import { describe, error, help, isRequired, label } from './parts.js'

const INPUT_TYPES: Record<string, string> = { date: 'date', 'date-time': 'datetime-local', time: 'time', email: 'email', uri: 'url' }

/** A one-line input typed by the format (date, date-time, time, email, uri), or a textarea for multiline text. */
export function renderStringField(host: FieldHost, field: StringField, path: string, value: unknown, placement: Placement): TemplateResult {
  const { id, describedBy, invalid } = describe(host, field, path)
  const text = typeof value === 'string' ? value : value === undefined || value === null ? '' : String(value)
  const set = (e: Event) => {
    const raw = (e.target as HTMLInputElement).value
    host.set(path, field.format === 'date-time' ? fromLocalDateTime(raw) : field.format === 'time' ? fromLocalTime(raw) : raw)
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
    ${label(field, id, placement.label)} ${control} ${help(field, path)} ${error(host, path)}
  </div>`
}
