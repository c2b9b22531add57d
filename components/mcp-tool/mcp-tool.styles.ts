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
    header {
      display: flex;
      align-items: center;
      gap: var(--mcp-space);
    }
    h3 {
      margin: 0;
      font-size: 1.1em;
    }
    .name {
      font-family: var(--mcp-font-mono);
      color: var(--mcp-color-text-secondary);
      font-size: 0.85em;
    }
    .description {
      margin: var(--mcp-space) 0;
      color: var(--mcp-color-text-secondary);
      white-space: pre-wrap;
      overflow-wrap: anywhere;
    }
    .actions {
      display: flex;
      gap: var(--mcp-space);
      margin: var(--mcp-space) 0;
    }
    button[aria-disabled='true'] {
      opacity: 0.6;
      cursor: progress;
    }
    .progress:empty {
      display: none;
    }
    .progress {
      display: flex;
      align-items: center;
      gap: var(--mcp-space);
      margin: var(--mcp-space) 0;
    }
    progress {
      flex: 1;
      accent-color: var(--mcp-color-accent);
    }
    .progress-text {
      color: var(--mcp-color-text-secondary);
      font-size: 0.9em;
    }
    .error p,
    .error ul {
      margin: calc(var(--mcp-space) / 2) 0 0;
    }
    .cancelled,
    .status {
      color: var(--mcp-color-text-secondary);
    }
  `,
]
