import { css } from 'lit'
import { themeStyles } from '../shared/theme.js'

/** Buttons and error boxes, shared with `<mcp-tool>` so its Call and Cancel look like the dialog's. */
export const controlStyles = css`
  .error {
    margin: var(--mcp-space) 0;
    padding: var(--mcp-space);
    border-radius: var(--mcp-radius);
    background: var(--mcp-color-danger-bg);
    color: var(--mcp-color-danger);
    overflow-wrap: anywhere;
  }
  button {
    font: inherit;
    padding: calc(var(--mcp-space) * 0.75) calc(var(--mcp-space) * 2);
    border: 1px solid var(--mcp-color-border);
    border-radius: var(--mcp-radius);
    background: var(--mcp-color-bg-secondary);
    color: var(--mcp-color-text);
    cursor: pointer;
  }
  button.primary {
    border-color: var(--mcp-color-accent);
    background: var(--mcp-color-accent);
    color: var(--mcp-color-bg);
  }
  button:disabled {
    opacity: 0.6;
    cursor: default;
  }
`

export const styles = [
  themeStyles,
  controlStyles,
  css`
    :host {
      display: contents;
    }
    dialog {
      width: var(--mcp-elicitation-width, min(36rem, 100vw - 2rem));
      max-height: calc(100vh - 2rem);
      overflow: auto;
      box-sizing: border-box;
      padding: calc(var(--mcp-space) * 3);
      border: 1px solid var(--mcp-color-border);
      border-radius: var(--mcp-radius);
      background: var(--mcp-color-bg);
      color: var(--mcp-color-text);
      font: inherit;
    }
    dialog::backdrop {
      background: rgb(0 0 0 / 0.45);
    }
    h2 {
      margin: 0 0 var(--mcp-space);
      font-size: 1.15em;
    }
    .context {
      margin: 0 0 var(--mcp-space);
      color: var(--mcp-color-text-secondary);
      font-size: 0.9em;
    }
    .context code {
      font-family: var(--mcp-font-mono);
      overflow-wrap: anywhere;
    }
    #message {
      margin: 0 0 calc(var(--mcp-space) * 2);
      white-space: pre-wrap;
      overflow-wrap: anywhere;
    }
    .url {
      margin: 0 0 var(--mcp-space);
      padding: var(--mcp-space);
      border: 1px solid var(--mcp-color-border);
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
      font-size: 0.9em;
    }
    .actions {
      display: flex;
      flex-wrap: wrap;
      justify-content: flex-end;
      gap: var(--mcp-space);
      margin-top: calc(var(--mcp-space) * 2);
    }
  `,
]
