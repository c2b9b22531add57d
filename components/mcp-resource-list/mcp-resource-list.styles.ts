import { css } from 'lit'
import { comboboxStyles } from '../shared/combobox.js'
import { primaryButtonStyles } from '../shared/controls.js'
import { itemListStyles } from '../shared/item-list.js'
import { themeStyles } from '../shared/theme.js'
import { windowedListStyles } from '../shared/windowed-rows.js'

export const styles = [
  themeStyles,
  itemListStyles,
  windowedListStyles,
  primaryButtonStyles,
  comboboxStyles,
  css`
    /* A row: the title (and name), the URI with its type and size, the description; each on one line. */
    ul[part='list'] {
      --meta-lines: 1;
      --row-height: var(--mcp-resource-list-row-height, var(--row-fit));
      /* No fallback: unset, --max-height is unset too and windowedListStyles's fallbacks apply (no limit). */
      --max-height: var(--mcp-resource-list-max-height);
    }
    ul.terse {
      --lines: 1;
    }
    /* The URI gives way to its type and size (which keep up to half the line): both are cut short, never wrapped. */
    .meta {
      display: flex;
      gap: var(--mcp-space);
      color: var(--mcp-color-text-secondary);
    }
    .meta > * {
      min-width: 0;
      overflow: hidden;
      text-overflow: ellipsis;
      white-space: nowrap;
    }
    .meta .facts {
      flex: none;
      max-width: 50%;
    }
    .uri {
      font-family: var(--mcp-font-mono);
      overflow-wrap: anywhere;
    }
    form {
      display: flex;
      flex-direction: column;
      gap: var(--mcp-space-m);
      padding: var(--mcp-space-l);
      border: var(--mcp-border);
      border-radius: var(--mcp-radius-lg);
    }
    .preview {
      margin: 0;
    }
  `,
]
