import { css } from 'lit'
import { controlStyles } from '../shared/controls.js'
import { taskStatusStyles } from '../shared/task-status.js'
import { themeStyles } from '../shared/theme.js'

export const styles = [
  themeStyles,
  controlStyles,
  taskStatusStyles,
  css`
    :host {
      display: block;
    }
    [part='header'] {
      display: flex;
      flex-wrap: wrap;
      align-items: center;
      gap: var(--mcp-space);
    }
    .count {
      flex: 1;
      color: var(--mcp-color-text-secondary);
    }
    .status {
      margin: var(--mcp-space-xs) 0;
      color: var(--mcp-color-text-secondary);
      font-size: 0.9em;
    }
    .status:empty {
      display: none;
    }
    ol {
      list-style: none;
      margin: 0;
      padding: 0;
    }
    .task {
      padding: calc(var(--mcp-space) * 0.75) 0 calc(var(--mcp-space) * 0.75) var(--mcp-space);
      border-top: var(--mcp-border);
      border-left: 4px solid var(--task-color, var(--mcp-color-accent));
    }
    .line {
      display: flex;
      flex-wrap: wrap;
      gap: var(--mcp-space-xs) var(--mcp-space);
      align-items: baseline;
    }
    .tool {
      font-family: var(--mcp-font-mono);
      font-weight: 600;
      overflow-wrap: anywhere;
    }
    .task-time {
      font-variant-numeric: tabular-nums;
    }
    .arguments {
      display: block;
      margin-top: var(--mcp-space-xs);
      font-family: var(--mcp-font-mono);
      font-size: 0.85em;
      color: var(--mcp-color-text-secondary);
      overflow-wrap: anywhere;
    }
    .arguments:empty {
      display: none;
    }
    .task-message {
      margin: var(--mcp-space-xs) 0 0;
    }
    .actions {
      display: flex;
      gap: var(--mcp-space-xs);
      margin-top: var(--mcp-space-xs);
    }
    .empty {
      color: var(--mcp-color-text-secondary);
    }
  `,
]
