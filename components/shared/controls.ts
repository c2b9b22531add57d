import { css } from 'lit'

/**
 * The primary action (`<button class="primary">`: the tool's Call, the prompt's Get, the template's Read, the dialogs'
 * Submit), filled with the accent, and a disabled button. A secondary button is the theme's (themeStyles).
 */
export const primaryButtonStyles = css`
  :where(button.primary) {
    border-color: var(--mcp-color-accent);
    background: var(--mcp-color-accent);
    color: var(--mcp-color-bg);
    font-weight: 600;
  }
  :where(button.primary:hover) {
    filter: brightness(1.1);
  }
  :where(button:disabled) {
    opacity: 0.6;
    cursor: default;
  }
`

/** Buttons and error boxes, shared by `<mcp-elicitation>` and `<mcp-tool>` so the tool's Call and Cancel look like the dialog's. */
export const controlStyles = css`
  ${primaryButtonStyles}
  .error {
    margin: var(--mcp-space) 0;
    padding: var(--mcp-space);
    border-radius: var(--mcp-radius);
    background: var(--mcp-color-danger-bg);
    color: var(--mcp-color-danger);
    overflow-wrap: anywhere;
  }
`

/** A modal `<dialog>` and its backdrop (`<mcp-elicitation>`, `<mcp-tool-call modal>`); its width is `--dialog-width` here. */
export const dialogStyles = css`
  dialog {
    width: var(--dialog-width, min(36rem, 100vw - 2rem));
    max-height: calc(100vh - 2rem);
    overflow: auto;
    box-sizing: border-box;
    padding: var(--mcp-space-xl);
    border: var(--mcp-border);
    border-radius: var(--mcp-radius-lg);
    box-shadow: var(--mcp-shadow-lg, 0 1rem 3rem rgb(0 0 0 / 0.3));
    background: var(--mcp-color-bg);
    color: var(--mcp-color-text);
    font: inherit;
  }
  dialog::backdrop {
    background: rgb(0 0 0 / 0.45);
  }
`
