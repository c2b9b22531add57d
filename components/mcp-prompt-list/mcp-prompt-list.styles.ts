import { css } from 'lit'
import { itemListStyles } from '../shared/item-list.js'
import { themeStyles } from '../shared/theme.js'
import { windowedListStyles } from '../shared/windowed-rows.js'

export const styles = [
  themeStyles,
  itemListStyles,
  windowedListStyles,
  css`
    ul[part='list'] {
      --row-height: var(--mcp-prompt-list-row-height, 6.5em);
      /* No fallback: unset, --max-height is unset too and windowedListStyles's fallbacks apply (no limit). */
      --max-height: var(--mcp-prompt-list-max-height);
    }
  `,
]
