import { css } from 'lit'
import { controlStyles } from '../shared/controls.js'
import { textFieldStyles } from '../shared/text-field-styles.js'
import { themeStyles } from '../shared/theme.js'

export const styles = [
  themeStyles,
  controlStyles,
  textFieldStyles,
  css`
    :host {
      display: block;
    }
    [part='header'],
    .row,
    form,
    [part='import'] {
      display: flex;
      flex-wrap: wrap;
      align-items: center;
      gap: var(--mcp-space);
    }
    .count {
      flex: 1;
      color: var(--mcp-color-text-secondary);
    }
    [part='status'] {
      margin: var(--mcp-space-xs) 0;
      overflow-wrap: anywhere;
    }
    [part='status']:empty {
      display: none;
    }
    [part='status'].failed {
      color: var(--mcp-color-danger);
    }
    ul {
      list-style: none;
      margin: 0;
      padding: 0;
    }
    li {
      border-top: var(--mcp-border);
      padding: var(--mcp-space) 0;
    }
    .what {
      flex: 1 1 12rem;
      min-width: 0;
      overflow-wrap: anywhere;
    }
    [part~='open'] {
      font-weight: 600;
      text-align: start;
      overflow-wrap: anywhere;
    }
    [part='tool'],
    [part='arguments'] {
      display: block;
      color: var(--mcp-color-text-secondary);
      font-family: var(--mcp-font-mono);
      font-size: var(--mcp-font-size-sm);
      overflow-wrap: anywhere;
    }
    label {
      display: flex;
      flex-direction: column;
      gap: var(--mcp-space-xs);
      flex: 1 1 12rem;
      min-width: 0;
    }
    input[type='file'] {
      max-width: 100%;
    }
    textarea {
      min-height: 5rem;
      font-family: var(--mcp-font-mono);
      font-size: var(--mcp-font-size-sm);
    }
    [part='import'] {
      margin: var(--mcp-space) 0;
      padding: var(--mcp-space);
      border: var(--mcp-border);
      border-radius: var(--mcp-radius);
    }
    [part='import'] label {
      flex-basis: 100%;
    }
    .empty {
      color: var(--mcp-color-text-secondary);
    }
  `,
]
