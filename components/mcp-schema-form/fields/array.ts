import { html, nothing, type TemplateResult } from 'lit'
import { ifDefined } from 'lit/directives/if-defined.js'
import type { ArrayField } from '../../../src/schema/form-model.js'
import { newItemValue } from '../../../src/schema/form-values.js'
import { msg } from '../../shared/i18n.js'
import type { FieldHost, Placement } from './host.js'
import { addButton, describe, error, firstControlId, help, isRequired, removeButton } from './parts.js'

/** A list: its items, each with move up, move down and remove buttons, and an Add button (up to `maxItems`). */
export function renderArrayField(host: FieldHost, field: ArrayField, path: string, value: unknown, placement: Placement): TemplateResult {
  const items = Array.isArray(value) ? value : []
  const { id, describedBy } = describe(host, field, path)
  // "Item 1", or the items' own title with the number ("Line 1"); buttons name the list too ("Remove Item 1 of Tags").
  const itemTitle =
    typeof field.item.schema.title === 'string' && field.item.schema.title.trim() ? field.item.schema.title.trim() : undefined
  const itemLabel = (i: number) =>
    itemTitle
      ? msg('schema-form.item-titled', '{title} {n}', { title: itemTitle, n: i + 1 })
      : msg('schema-form.item', 'Item {n}', { n: i + 1 })
  const itemName = (i: number) => msg('schema-form.item-of', '{item} of {list}', { item: itemLabel(i), list: placement.label })
  const move = (from: number, to: number, focus: string) => {
    const next = [...items]
    const [moved] = next.splice(from, 1)
    next.splice(to, 0, moved)
    host.focusAfterUpdate(focus)
    host.set(path, next)
  }
  const full = field.maxItems !== undefined && items.length >= field.maxItems
  return html`<fieldset class="group" part="group field" aria-describedby=${ifDefined(describedBy)}>
    <legend part="label">
      ${placement.label}${isRequired(field) ? html`<span class="required" aria-hidden="true">*</span>` : nothing}
    </legend>
    ${help(field, path)} ${error(host, path)}
    <ol class="items">
      ${items.map((_, i) => {
        const label = itemLabel(i)
        const name = itemName(i)
        return html`<li class="item" part="item">
          <div class="item-body">${host.field(field.item, `${path}/${i}`, { label })}</div>
          <div class="item-actions">
            <button
              type="button"
              part="button"
              id="${id}-up-${i}"
              aria-label=${msg('schema-form.move-up', 'Move {item} up', { item: name })}
              ?disabled=${i === 0}
              @click=${() => move(i, i - 1, i - 1 === 0 ? `${id}-down-0` : `${id}-up-${i - 1}`)}
            >
              ↑
            </button>
            <button
              type="button"
              part="button"
              id="${id}-down-${i}"
              aria-label=${msg('schema-form.move-down', 'Move {item} down', { item: name })}
              ?disabled=${i === items.length - 1}
              @click=${() => move(i, i + 1, i + 1 === items.length - 1 ? `${id}-up-${i + 1}` : `${id}-down-${i + 1}`)}
            >
              ↓
            </button>
            ${removeButton(host, name, `${id}-add`, () =>
              host.set(
                path,
                items.filter((_, j) => j !== i),
              ),
            )}
          </div>
        </li>`
      })}
    </ol>
    ${addButton(
      host,
      `${id}-add`,
      msg('schema-form.add', 'Add to {label}', { label: placement.label }),
      full,
      firstControlId(field.item, `${path}/${items.length}`),
      () => host.set(path, [...items, newItemValue(field)]),
    )}
  </fieldset>`
}
