import { css } from 'lit'

/**
 * The look of a primary action (`<button class="primary">`): the tool's Call, the prompt's Get, the template's
 * Read, the dialogs' Submit. Every element's primary button uses this one rule, so they all look the same.
 */
export const primaryButtonStyles = css`
  button.primary {
    border-color: var(--mcp-color-accent);
    background: var(--mcp-color-accent);
    color: var(--mcp-color-bg);
  }
`

/** Buttons and error boxes, shared by `<mcp-elicitation>` and `<mcp-tool>` so the tool's Call and Cancel look like the dialog's. */
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
  ${primaryButtonStyles}
  button:disabled {
    opacity: 0.6;
    cursor: default;
  }
`

/** A modal `<dialog>` and its backdrop (`<mcp-elicitation>`, `<mcp-tool-call modal>`); its width is `--dialog-width` here. */
export const dialogStyles = css`
  dialog {
    width: var(--dialog-width, min(36rem, 100vw - 2rem));
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
`
