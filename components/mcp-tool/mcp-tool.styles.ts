import { css } from 'lit'
import { controlStyles } from '../shared/controls.js'
import { themeStyles } from '../shared/theme.js'
import { taskStatusStyles } from '../shared/task-status.js'
import { hintBadgeStyles } from '../shared/tool-hints.js'
import { callStyles } from '../shared/call/call-display.js'
import { taskStyles } from './task-display.js'

export const styles = [
  themeStyles,
  controlStyles,
  callStyles,
  hintBadgeStyles,
  taskStatusStyles,
  taskStyles,
  css`
    :host {
      display: block;
    }
    .badges {
      display: flex;
      flex-wrap: wrap;
      gap: var(--mcp-space-xs);
      margin: var(--mcp-space) 0 0;
    }
    .badges:empty {
      display: none;
    }
    .description {
      margin: var(--mcp-space-m) 0;
      color: var(--mcp-color-text-secondary);
      white-space: pre-wrap;
      overflow-wrap: anywhere;
    }
    .actions {
      display: flex;
      gap: var(--mcp-space);
      margin: var(--mcp-space-l) 0 var(--mcp-space-m);
    }
    button[aria-disabled='true'] {
      opacity: 0.6;
      cursor: progress;
    }
    .error p,
    .error ul {
      margin: var(--mcp-space-xs) 0 0;
    }
    .cancelled,
    .status {
      color: var(--mcp-color-text-secondary);
    }
  `,
]
