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
    /* The server's content, marked as such: a border and a header naming the server, whatever the view asks for. */
    .boundary {
      display: flex;
      flex-direction: column;
      border: var(--mcp-border);
      border-radius: var(--mcp-radius);
      overflow: hidden;
      background: var(--mcp-color-bg);
    }
    .boundary[hidden] {
      display: none;
    }
    .header {
      display: flex;
      align-items: center;
      justify-content: space-between;
      gap: var(--mcp-space);
      min-height: 1.75rem;
      padding: 0.125rem var(--mcp-space);
      background: var(--mcp-color-bg-secondary);
      border-bottom: var(--mcp-border);
      color: var(--mcp-color-text-secondary);
      font-size: 0.85em;
    }
    .server {
      overflow: hidden;
      text-overflow: ellipsis;
      white-space: nowrap;
    }
    .note {
      margin: 0;
      padding: 0.25rem var(--mcp-space);
      background: var(--mcp-color-warning-bg);
      color: var(--mcp-color-warning);
      border-bottom: var(--mcp-border);
      font-size: 0.85em;
    }
    .frame-box {
      position: relative;
      flex: 1 1 auto;
      min-height: 0;
    }
    iframe {
      display: block;
      width: 100%;
      border: 0;
      color-scheme: normal;
    }
    :host([display-mode='fullscreen']) .boundary,
    :host([display-mode='pip']) .boundary {
      position: fixed;
      z-index: 2147483000;
      box-shadow: 0 4px 24px rgb(0 0 0 / 0.3);
    }
    :host([display-mode='fullscreen']) .boundary {
      inset: 0;
      border-radius: 0;
    }
    :host([display-mode='pip']) .boundary {
      right: 1rem;
      bottom: 1rem;
      width: min(24rem, 90vw);
      height: min(16rem, 50vh);
    }
    :host(:not([display-mode='inline'])) iframe {
      height: 100% !important;
    }
    .status {
      color: var(--mcp-color-text-secondary);
      margin: var(--mcp-space) 0;
    }
  `,
]
