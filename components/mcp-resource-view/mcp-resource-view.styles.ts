import { css } from 'lit'
import { baseStyles, errorStyles } from '../shared/item-list.js'
import { themeStyles } from '../shared/theme.js'

export const styles = [
  themeStyles,
  errorStyles,
  baseStyles,
  css`
    [part='header'] {
      display: flex;
      flex-wrap: wrap;
      gap: var(--mcp-space);
      align-items: baseline;
    }
    .title {
      font-weight: 600;
    }
    .uri {
      font-family: var(--mcp-font-mono);
      overflow-wrap: anywhere;
    }
    .live {
      padding: 0 var(--mcp-space-xs);
      font-size: 0.85em;
      color: var(--mcp-color-success);
      border: 1px solid currentColor;
      border-radius: var(--mcp-radius);
    }
    .description,
    .status,
    .empty {
      margin: 0;
      color: var(--mcp-color-text-secondary);
    }
  `,
]
