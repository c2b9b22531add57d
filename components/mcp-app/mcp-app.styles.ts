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
    .frame-box {
      position: relative;
      background: var(--mcp-color-bg);
    }
    :host([prefers-border]) .frame-box {
      border: 1px solid var(--mcp-color-border);
      border-radius: var(--mcp-radius);
      overflow: hidden;
    }
    iframe {
      display: block;
      width: 100%;
      border: 0;
      color-scheme: normal;
    }
    :host([display-mode='fullscreen']) .frame-box,
    :host([display-mode='pip']) .frame-box {
      position: fixed;
      z-index: 2147483000;
      box-shadow: 0 4px 24px rgb(0 0 0 / 0.3);
    }
    :host([display-mode='fullscreen']) .frame-box {
      inset: 0;
    }
    :host([display-mode='pip']) .frame-box {
      right: 1rem;
      bottom: 1rem;
      width: min(24rem, 90vw);
      height: min(16rem, 50vh);
    }
    :host(:not([display-mode='inline'])) iframe {
      height: 100% !important;
    }
    .exit {
      position: absolute;
      top: var(--mcp-space);
      right: var(--mcp-space);
      z-index: 1;
    }
    .status {
      color: var(--mcp-color-text-secondary);
      margin: var(--mcp-space) 0;
    }
  `,
]
