import { html, nothing, type TemplateResult } from 'lit'
import { live } from 'lit/directives/live.js'
import { ifDefined } from 'lit/directives/if-defined.js'
import { isObject, type ObjectField } from '../../../src/schema/form-model.js'
import { extraKeys, initialValue, put } from '../../../src/schema/form-values.js'
import { escapePointer } from '../../../src/schema/json-pointer.js'
import { msg } from '../../shared/i18n.js'
import type { FieldHost } from './host.js'
import { addButton, idFor, removeButton } from './parts.js'

/**
 * The key/value editor of an object's other keys (`additionalProperties`):
 * rows of a key and a value typed by the schema, added and removed. The
 * key list (in row order, with keys being typed that are empty or taken)
 * is kept in the host's `entryRows`; the value holds each entry under its key.
 */
export function renderEntries(host: FieldHost, field: ObjectField, path: string, label: string): TemplateResult | typeof nothing {
  const additional = field.additional
  if (!additional) return nothing
  const value = host.valueAt(path)
  const keys = entryKeys(host, field, path, value)
  const id = `${idFor(path)}-entries`
  const entryLabel = (i: number) => msg('schema-form.entry', '{label} entry {n}', { label, n: i + 1 })
  const rows = html`<ol class="items">
      ${keys.map((key, i) => {
        const problem = entryProblem(field, keys, i)
        return html`<li class="item" part="item">
          <div class="item-body">
            <div class="field" part="field">
              <label for="${id}-key-${i}" part="label">${msg('schema-form.key', 'Key {n}', { n: i + 1 })}</label>
              <input
                id="${id}-key-${i}"
                part="control"
                autocomplete="off"
                aria-invalid=${problem ? 'true' : 'false'}
                aria-describedby=${ifDefined(problem ? `${id}-key-${i}-error` : undefined)}
                .value=${live(key)}
                @input=${(e: Event) => renameEntry(host, field, path, i, (e.target as HTMLInputElement).value)}
              />
              ${problem ? html`<div id="${id}-key-${i}-error" class="error" part="error">${problem}</div>` : nothing}
            </div>
            ${
              key && !problem
                ? host.field(additional, `${path}/${escapePointer(key)}`, {
                    label: msg('schema-form.value-n', 'Value {n}', { n: i + 1 }),
                  })
                : nothing
            }
          </div>
          <div class="item-actions">
            ${removeButton(host, entryLabel(i), `${id}-add`, () =>
              setEntries(
                host,
                field,
                path,
                keys.filter((_, j) => j !== i),
              ),
            )}
          </div>
        </li>`
      })}
    </ol>
    ${addButton(host, `${id}-add`, msg('schema-form.add-entry', 'Add entry to {label}', { label }), false, `${id}-key-${keys.length}`, () =>
      setEntries(host, field, path, [...keys, '']),
    )}`
  // A nested object with only other keys is a group already; otherwise the entries get one of their own.
  if (path && !field.fields.length) return rows
  const legend = field.fields.length ? msg('schema-form.other-keys', '{label}: other keys', { label }) : label
  return html`<fieldset class="group" part="group field">
    <legend part="label">${legend}</legend>
    ${rows}
  </fieldset>`
}

/** What is wrong with row `i`'s key of a key/value editor: taken by a property or an earlier row. Empty is not wrong (the row is left out). */
export function entryProblem(field: ObjectField, keys: string[], i: number): string | undefined {
  const key = keys[i]
  if (!key) return undefined
  if (field.fields.some((f) => f.name === key) || keys.indexOf(key) < i)
    return msg('schema-form.key-taken', 'The key "{key}" is used already.', { key })
  return undefined
}

/** The rows' keys at `path`: the ones kept while they match the value's other keys, else (a JSON edit, a new value) the value's. */
function entryKeys(host: FieldHost, field: ObjectField, path: string, value: unknown): string[] {
  const actual = extraKeys(field, value)
  const kept = host.entryRows.get(path)?.keys
  const owned = kept?.filter((_, i) => !entryProblem(field, kept, i) && kept[i])
  if (kept && owned!.length === actual.length && owned!.every((k) => actual.includes(k))) return kept
  host.entryRows.set(path, { field, keys: actual })
  return actual
}

/** Sets the rows' keys; entries no row owns any more leave the value, a key newly owned gets a value (the one it had, or a new one). */
function setEntries(host: FieldHost, field: ObjectField, path: string, keys: string[], carried?: { value: unknown }): void {
  const before = host.valueAt(path)
  const object: Record<string, unknown> = isObject(before) ? { ...before } : {}
  const owned = keys.filter((k, i) => k && !entryProblem(field, keys, i))
  for (const key of extraKeys(field, object)) if (!owned.includes(key)) delete object[key]
  for (const key of owned)
    if (!Object.hasOwn(object, key))
      put(object, key, carried && carried.value !== undefined ? carried.value : initialValue(field.additional!))
  host.entryRows.set(path, { field, keys })
  host.set(path, object)
}

/** Types row `i`'s key: its value goes with it. */
function renameEntry(host: FieldHost, field: ObjectField, path: string, i: number, key: string): void {
  const keys = host.entryRows.get(path)?.keys ?? []
  const old = keys[i]
  const value = old && !entryProblem(field, keys, i) ? host.valueAt(`${path}/${escapePointer(old)}`) : undefined
  setEntries(
    host,
    field,
    path,
    keys.map((k, j) => (j === i ? key : k)),
    { value },
  )
}
