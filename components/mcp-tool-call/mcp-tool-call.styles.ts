import { css } from 'lit'
import { callStyles } from '../shared/call/call-display.js'
import { controlStyles, dialogStyles } from '../shared/controls.js'
import { themeStyles } from '../shared/theme.js'
import { visibleTextStyles } from '../shared/visible-text.js'

export const styles = [
  themeStyles,
  controlStyles,
  dialogStyles,
  callStyles,
  visibleTextStyles,
  css`
    :host {
      display: block;
    }
    dialog {
      --dialog-width: var(--mcp-tool-call-width);
    }
    h2 {
      margin: 0 0 var(--mcp-space-m);
      font-size: var(--mcp-font-size-lg);
      font-weight: 600;
      line-height: 1.25;
      overflow-wrap: anywhere;
    }
    :host(:not([modal])) .base,
    :host([modal]:not([state='awaiting'])) .base {
      padding: var(--mcp-space-l);
      border: var(--mcp-border);
      border-radius: var(--mcp-radius-lg);
      box-shadow: var(--mcp-shadow, 0 1px 3px #0002);
    }
    .server,
    .origin {
      margin: 0 0 var(--mcp-space);
      color: var(--mcp-color-text-secondary);
      font-size: var(--mcp-font-size-sm);
      overflow-wrap: anywhere;
    }
    .server strong {
      color: var(--mcp-color-text);
    }
    h4 {
      margin: var(--mcp-space-m) 0 var(--mcp-space-xs);
      font-size: var(--mcp-font-size-sm);
      color: var(--mcp-color-text-secondary);
    }
    header {
      margin-bottom: var(--mcp-space);
    }
    .key {
      font-family: var(--mcp-font-mono);
      color: var(--mcp-color-text-secondary);
      font-size: var(--mcp-font-size-sm);
      overflow-wrap: anywhere;
    }
    dl {
      margin: 0;
    }
    .argument {
      display: grid;
      grid-template-columns: minmax(6rem, max-content) 1fr;
      gap: var(--mcp-space);
      padding: calc(var(--mcp-space) / 4) 0;
    }
    dt {
      font-weight: 600;
      overflow-wrap: anywhere;
    }
    dd {
      margin: 0;
      overflow-wrap: anywhere;
    }
    /* A name or value shown whole: in a box of its own, so that the buttons stay near. */
    .visible-text.whole {
      display: block;
      max-height: 16rem;
      overflow: auto;
    }
    .cut {
      color: var(--mcp-color-text-secondary);
    }
    .show-row {
      display: block;
      margin-top: var(--mcp-space-xs);
    }
    .too-long,
    .review-note {
      color: var(--mcp-color-danger);
    }
    .review-note {
      margin: var(--mcp-space) 0 0;
    }
    .none {
      margin: 0;
      color: var(--mcp-color-text-secondary);
    }
    details {
      margin-top: var(--mcp-space-xs);
    }
    ul {
      margin: 0;
      padding-left: 1.25em;
    }
    .hint.destructive {
      color: var(--mcp-color-danger);
    }
    .status {
      margin: var(--mcp-space) 0;
      font-weight: 600;
    }
    .reason {
      margin: 0;
      color: var(--mcp-color-text-secondary);
      overflow-wrap: anywhere;
    }
    .actions {
      display: flex;
      flex-wrap: wrap;
      justify-content: flex-end;
      gap: var(--mcp-space);
      margin-top: var(--mcp-space-l);
    }
    .error p {
      margin: var(--mcp-space-xs) 0 0;
    }
  `,
]
