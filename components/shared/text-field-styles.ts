import { css } from 'lit'

/** A one-line field or a text box of a small form (a saved call's name, an import's JSON), on the theme's tokens. */
export const textFieldStyles = css`
  input[type='text'],
  textarea {
    box-sizing: border-box;
    width: 100%;
    font: inherit;
    padding: var(--mcp-space-xs) var(--mcp-space);
    border: 1px solid var(--mcp-color-border-strong);
    border-radius: var(--mcp-radius);
    background: var(--mcp-color-bg);
    color: var(--mcp-color-text);
  }
`
