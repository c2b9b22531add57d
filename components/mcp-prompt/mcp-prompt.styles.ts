import { css } from 'lit'
import { comboboxStyles } from '../shared/combobox.js'
import { primaryButtonStyles } from '../shared/controls.js'
import { baseStyles, errorStyles, fieldStyles } from '../shared/item-list.js'
import { themeStyles } from '../shared/theme.js'

export const styles = [
  themeStyles,
  errorStyles,
  fieldStyles,
  baseStyles,
  primaryButtonStyles,
  comboboxStyles,
  css`
    form,
    .result {
      display: flex;
      flex-direction: column;
      gap: var(--mcp-space);
    }
    form {
      padding: var(--mcp-space);
      border: 1px solid var(--mcp-color-border);
      border-radius: var(--mcp-radius);
    }
    .title {
      margin: 0;
      font-weight: 600;
    }
    .description,
    .help,
    .status {
      margin: 0;
      color: var(--mcp-color-text-secondary);
    }
    .required,
    .key {
      font-family: var(--mcp-font-mono);
      font-size: 0.8em;
      color: var(--mcp-color-text-secondary);
      overflow-wrap: anywhere;
    }
    .field-error {
      color: var(--mcp-color-danger);
    }
    input[aria-invalid='true'] {
      border-color: var(--mcp-color-danger);
    }
    .error {
      margin: 0;
    }
    .messages {
      list-style: none;
      margin: 0;
      padding: 0;
      display: flex;
      flex-direction: column;
      gap: var(--mcp-space);
    }
    .message {
      padding: var(--mcp-space);
      border: 1px solid var(--mcp-color-border);
      border-radius: var(--mcp-radius);
    }
    .message.assistant {
      background: var(--mcp-color-bg-secondary);
    }
    .role {
      display: block;
      margin-bottom: calc(var(--mcp-space) / 2);
      font-weight: 600;
      font-size: 0.85em;
      text-transform: uppercase;
      color: var(--mcp-color-text-secondary);
    }
  `,
]
