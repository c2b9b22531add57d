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
      --max-height: var(--mcp-prompt-list-max-height, none);
    }
  `,
]
