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
      --row-height: var(--mcp-resource-list-row-height, 7.5em);
      --max-height: var(--mcp-resource-list-max-height, none);
    }
    .uri.line {
      overflow-wrap: normal;
    }
    .preview {
      margin: 0;
    }
  `,
]
