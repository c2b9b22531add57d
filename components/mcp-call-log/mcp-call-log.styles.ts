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
    ol {
      list-style: none;
      margin: 0;
      padding: 0;
    }
    li {
      border-top: 1px solid var(--mcp-color-border);
    }
    summary {
      display: flex;
      flex-wrap: wrap;
      gap: var(--mcp-space);
      align-items: baseline;
      padding: calc(var(--mcp-space) * 0.75) 0;
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
    .decision,
    .outcome {
      padding: 0 calc(var(--mcp-space) / 2);
      font-size: 0.85em;
      border: 1px solid currentColor;
      border-radius: var(--mcp-radius);
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
      gap: calc(var(--mcp-space) / 2) var(--mcp-space);
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
      max-height: 20rem;
      overflow: auto;
      font-family: var(--mcp-font-mono);
      font-size: 0.85em;
      background: var(--mcp-color-bg-secondary);
      border-radius: var(--mcp-radius);
      white-space: pre-wrap;
      overflow-wrap: anywhere;
    }
    h4 {
      margin: var(--mcp-space) 0 calc(var(--mcp-space) / 2);
      font-size: 0.95em;
    }
    .empty,
    [part='status'] {
      margin: 0;
      color: var(--mcp-color-text-secondary);
    }
  `,
]
