import { css } from 'lit'
import { themeStyles } from '../shared/theme.js'

export const styles = [
  themeStyles,
  css`
    :host {
      display: block;
      --mcp-schema-form-gap: var(--mcp-space-m);
    }
    .fields {
      border: 0;
      margin: 0;
      padding: 0;
      min-width: 0;
      display: flex;
      flex-direction: column;
      gap: var(--mcp-schema-form-gap);
    }
    .toolbar {
      display: flex;
      justify-content: flex-end;
    }
    .field {
      display: flex;
      flex-direction: column;
      gap: calc(var(--mcp-space) * 0.5);
      min-width: 0;
    }
    .field.checkbox,
    .checkbox {
      flex-direction: row;
      flex-wrap: wrap;
      align-items: center;
      display: flex;
      gap: var(--mcp-space);
    }
    .checkbox > .help,
    .checkbox > .error {
      flex-basis: 100%;
    }
    label,
    legend {
      font-weight: 600;
      overflow-wrap: anywhere;
    }
    .checkbox label {
      font-weight: normal;
    }
    .label-row {
      display: flex;
      flex-wrap: wrap;
      align-items: baseline;
      gap: 0 0.5em;
    }
    .key {
      font-family: var(--mcp-font-mono);
      font-size: 0.8em;
      color: var(--mcp-color-text-secondary);
      overflow-wrap: anywhere;
    }
    .required {
      color: var(--mcp-color-danger);
      margin-inline-start: 0.2em;
    }
    input:not([type='checkbox']),
    select,
    textarea {
      font: inherit;
      color: var(--mcp-color-text);
      background: var(--mcp-color-bg);
      border: 1px solid var(--mcp-color-border-strong);
      border-radius: var(--mcp-radius);
      padding: var(--mcp-space) var(--mcp-space-m);
      min-width: 0;
      max-width: 100%;
      box-sizing: border-box;
    }
    textarea {
      resize: vertical;
    }
    .json {
      font-family: var(--mcp-font-mono);
      font-size: 0.9em;
    }
    [aria-invalid='true']:not(fieldset) {
      border-color: var(--mcp-color-danger);
    }
    .help {
      color: var(--mcp-color-text-secondary);
      font-size: var(--mcp-font-size-sm);
      white-space: pre-wrap;
      overflow-wrap: anywhere;
    }
    .error,
    .errors,
    .schema-error {
      color: var(--mcp-color-danger);
      font-size: var(--mcp-font-size-sm);
      overflow-wrap: anywhere;
    }
    .errors:not([hidden]),
    .schema-error {
      background: var(--mcp-color-danger-bg);
      border-radius: var(--mcp-radius);
      padding: var(--mcp-space);
      margin: 0 0 var(--mcp-space);
    }
    .errors ul {
      margin: 0;
      padding-inline-start: 1.2em;
    }
    .group {
      border: var(--mcp-border);
      border-radius: var(--mcp-radius);
      padding: var(--mcp-space);
      margin: 0;
      min-width: 0;
      display: flex;
      flex-direction: column;
      gap: var(--mcp-schema-form-gap);
    }
    .items {
      list-style: none;
      margin: 0;
      padding: 0;
      display: flex;
      flex-direction: column;
      gap: var(--mcp-space);
    }
    .item {
      display: flex;
      gap: var(--mcp-space);
      align-items: flex-start;
    }
    .item-body {
      flex: 1;
      min-width: 0;
    }
    .item-actions {
      display: flex;
      gap: 0.25em;
    }
    /* The theme's secondary button (themeStyles), at the start of its row. */
    button {
      align-self: flex-start;
    }
    button[aria-pressed='true'] {
      border-color: var(--mcp-color-accent);
      color: var(--mcp-color-accent);
    }
    button:disabled,
    input:disabled,
    select:disabled,
    textarea:disabled {
      opacity: 0.6;
      cursor: not-allowed;
    }
    .const code {
      font-family: var(--mcp-font-mono);
    }
  `,
]
