import { css } from 'lit'
import { controlStyles } from '../shared/controls.js'
import { themeStyles } from '../shared/theme.js'

export const styles = [
  themeStyles,
  controlStyles,
  css`
    :host {
      display: block;
    }
    [part='header'] {
      display: flex;
      flex-wrap: wrap;
      align-items: center;
      gap: var(--mcp-space);
      margin-bottom: var(--mcp-space);
    }
    .target {
      flex: 1 1 12rem;
      min-width: 0;
      font-family: var(--mcp-font-mono);
      font-size: var(--mcp-font-size-sm);
      overflow-wrap: anywhere;
    }
    [part='status'] {
      margin: 0 0 var(--mcp-space);
      color: var(--mcp-color-text-secondary);
    }
    ol {
      list-style: none;
      margin: 0;
      padding: 0;
    }
    li {
      display: grid;
      grid-template-columns: auto 1fr;
      gap: var(--mcp-space-xs) var(--mcp-space);
      padding: var(--mcp-space) 0;
      border-top: var(--mcp-border);
    }
    .mark {
      align-self: start;
      padding: 0 var(--mcp-space);
      font-size: var(--mcp-font-size-xs);
      font-weight: 600;
      border: 1px solid currentColor;
      border-radius: 999px;
    }
    .pass {
      color: var(--mcp-color-success);
    }
    .fail {
      color: var(--mcp-color-danger);
    }
    .warn {
      color: var(--mcp-color-warning);
    }
    .skip {
      color: var(--mcp-color-text-secondary);
    }
    .body {
      min-width: 0;
    }
    [part~='title'] {
      margin: 0;
      font-weight: 600;
    }
    [part~='detail'] {
      margin: var(--mcp-space-xs) 0 0;
      color: var(--mcp-color-text-secondary);
      overflow-wrap: anywhere;
    }
    [part~='fix'] {
      margin: var(--mcp-space-xs) 0 0;
      padding: var(--mcp-space-xs) var(--mcp-space);
      font-family: var(--mcp-font-mono);
      font-size: var(--mcp-font-size-sm);
      background: var(--mcp-color-bg-secondary);
      border-radius: var(--mcp-radius);
      white-space: pre-wrap;
      overflow-wrap: anywhere;
    }
  `,
]
