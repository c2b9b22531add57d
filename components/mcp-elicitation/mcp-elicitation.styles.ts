import { css } from 'lit'
import { controlStyles, dialogStyles } from '../shared/controls.js'
import { themeStyles } from '../shared/theme.js'

export const styles = [
  themeStyles,
  controlStyles,
  dialogStyles,
  css`
    :host {
      display: contents;
    }
    dialog {
      --dialog-width: var(--mcp-elicitation-width);
    }
    h2 {
      margin: 0 0 var(--mcp-space-m);
      font-size: var(--mcp-font-size-lg);
      font-weight: 600;
      line-height: 1.25;
    }
    .context {
      margin: 0 0 var(--mcp-space);
      color: var(--mcp-color-text-secondary);
      font-size: var(--mcp-font-size-sm);
    }
    .context code {
      font-family: var(--mcp-font-mono);
      overflow-wrap: anywhere;
    }
    #message {
      margin: 0 0 var(--mcp-space-l);
      white-space: pre-wrap;
      overflow-wrap: anywhere;
    }
    .url {
      margin: 0 0 var(--mcp-space);
      padding: var(--mcp-space-m);
      border: var(--mcp-border);
      border-radius: var(--mcp-radius);
      background: var(--mcp-color-bg-secondary);
      font-family: var(--mcp-font-mono);
      overflow-wrap: anywhere;
      color: var(--mcp-color-text-secondary);
    }
    .host {
      color: var(--mcp-color-text);
      font-weight: 700;
      text-decoration: underline;
    }
    .warnings {
      margin: 0 0 var(--mcp-space);
      padding: var(--mcp-space) var(--mcp-space) var(--mcp-space) calc(var(--mcp-space) * 4);
      border-radius: var(--mcp-radius);
      background: var(--mcp-color-warning-bg);
      color: var(--mcp-color-warning);
    }
    .note {
      margin: 0 0 var(--mcp-space);
      color: var(--mcp-color-text-secondary);
      font-size: var(--mcp-font-size-sm);
    }
    .actions {
      display: flex;
      flex-wrap: wrap;
      justify-content: flex-end;
      gap: var(--mcp-space);
      margin-top: var(--mcp-space-xl);
    }
  `,
]
