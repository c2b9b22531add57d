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
    .count {
      flex: 1;
      color: var(--mcp-color-text-secondary);
    }
    .actions {
      display: flex;
      flex-wrap: wrap;
      gap: var(--mcp-space);
      margin: var(--mcp-space) 0;
    }
    ol {
      list-style: none;
      margin: 0;
      padding: 0;
    }
    li {
      border-top: var(--mcp-border);
    }
    summary {
      display: flex;
      flex-wrap: wrap;
      gap: var(--mcp-space);
      align-items: baseline;
      padding: var(--mcp-space) 0;
      cursor: pointer;
    }
    .time,
    .duration {
      font-variant-numeric: tabular-nums;
      color: var(--mcp-color-text-secondary);
    }
    .tool {
      font-family: var(--mcp-font-mono);
      font-weight: 600;
      overflow-wrap: anywhere;
    }
    .origin {
      color: var(--mcp-color-text-secondary);
      overflow-wrap: anywhere;
    }
    .time,
    .duration,
    .origin {
      font-size: var(--mcp-font-size-sm);
    }
    .decision,
    .outcome {
      padding: 0 var(--mcp-space);
      font-size: var(--mcp-font-size-xs);
      font-weight: 600;
      border: 1px solid currentColor;
      border-radius: 999px;
    }
    .denied,
    .failed {
      color: var(--mcp-color-danger);
    }
    .done {
      color: var(--mcp-color-success);
    }
    [part='details'] {
      padding: 0 0 var(--mcp-space) var(--mcp-space);
    }
    dl {
      display: grid;
      grid-template-columns: max-content 1fr;
      gap: var(--mcp-space-xs) var(--mcp-space);
      margin: 0 0 var(--mcp-space);
    }
    dt {
      color: var(--mcp-color-text-secondary);
    }
    dd {
      margin: 0;
      overflow-wrap: anywhere;
    }
    pre {
      margin: 0;
      padding: var(--mcp-space);
      max-height: 12rem;
      overflow: auto;
      font-family: var(--mcp-font-mono);
      font-size: var(--mcp-font-size-sm);
      background: var(--mcp-color-bg-secondary);
      border-radius: var(--mcp-radius);
      white-space: pre-wrap;
      overflow-wrap: anywhere;
    }
    h4 {
      margin: var(--mcp-space-m) 0 var(--mcp-space-xs);
      font-size: var(--mcp-font-size-sm);
      color: var(--mcp-color-text-secondary);
    }
    .empty,
    [part='status'] {
      margin: 0;
      color: var(--mcp-color-text-secondary);
    }
  `,
]
