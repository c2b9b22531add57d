/**
 * The form's "Try an example" choices (src/schema/form-examples.ts): a labelled group of buttons, each filling the
 * form (the whole arguments, or one field), never sending. Labels are the server's values as text.
 */
import { css, html, nothing, type TemplateResult } from 'lit'
import type { FormExample, FormExamples } from '../../src/schema/form-examples.js'
import { formatCount, msg } from '../shared/i18n.js'

export const exampleStyles = css`
  .examples {
    display: flex;
    flex-wrap: wrap;
    gap: var(--mcp-space-xs, 0.25rem);
    align-items: center;
    min-width: 0;
  }
  .examples button {
    max-width: 100%;
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
  .examples-count {
    color: var(--mcp-color-text-secondary);
  }
`

/** A choice's label: "Example 2: {…}", "City: Oslo", "Default values". */
function label(example: FormExample, index: number): string {
  if (example.source === 'defaults') return msg('schema-form.example-defaults', 'Default values')
  if (example.path) return msg('schema-form.example-field', '{field}: {value}', { field: example.field.label, value: example.text })
  if (example.source === 'default') return msg('schema-form.example-default', 'Default: {value}', { value: example.text })
  return msg('schema-form.example-whole', 'Example {n}: {value}', { n: index + 1, value: example.text })
}

/** The group, or nothing when the schema gives no example and no default. */
export function renderExamples(examples: FormExamples, fill: (example: FormExample, label: string) => void): TemplateResult | typeof nothing {
  const { shown, given } = examples
  if (!shown.length) return nothing
  let wholeExamples = 0
  return html`<div part="examples" class="examples" role="group" aria-labelledby="examples-label">
    <span id="examples-label" part="examples-label">${msg('schema-form.examples', 'Try an example')}</span>
    ${shown.map((example) => {
      const text = label(example, example.source === 'example' && !example.path ? wholeExamples++ : 0)
      return html`<button type="button" part="button example" title=${text} @click=${() => fill(example, text)}>${text}</button>`
    })}
    ${
      given > shown.length
        ? html`<span part="examples-count" class="examples-count"
            >${msg('schema-form.examples-count', 'Showing {shown} of {given}.', { shown: formatCount(shown.length), given: formatCount(given) })}</span
          >`
        : nothing
    }
  </div>`
}
