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
    ul[part='list'] {
      --row-height: var(--mcp-resource-list-row-height, 7.5em);
      /* No fallback: unset, --max-height is unset too and windowedListStyles's fallbacks apply (no limit). */
      --max-height: var(--mcp-resource-list-max-height);
    }
    .uri.line {
      overflow-wrap: normal;
    }
    .preview {
      margin: 0;
    }
  `,
]
