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
      padding: var(--mcp-space-l);
      border: var(--mcp-border);
      border-radius: var(--mcp-radius-lg);
    }
    .title {
      margin: 0;
      font-size: var(--mcp-font-size-lg);
      font-weight: 600;
      line-height: 1.3;
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
      font-size: var(--mcp-font-size-sm);
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
      padding: var(--mcp-space-m);
      border: var(--mcp-border);
      border-radius: var(--mcp-radius-lg);
    }
    .message.assistant {
      background: var(--mcp-color-bg-secondary);
    }
    .role {
      display: block;
      margin-bottom: var(--mcp-space-xs);
      font-weight: 600;
      font-size: var(--mcp-font-size-xs);
      letter-spacing: 0.04em;
      text-transform: uppercase;
      color: var(--mcp-color-text-secondary);
    }
  `,
]
