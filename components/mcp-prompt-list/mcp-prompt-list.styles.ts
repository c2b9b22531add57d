import { css } from 'lit'
import { itemListStyles } from '../shared/item-list.js'
import { themeStyles } from '../shared/theme.js'
import { windowedListStyles } from '../shared/windowed-rows.js'

export const styles = [
  themeStyles,
  itemListStyles,
  windowedListStyles,
  css`
    /* A row: the title (and name), the description, the arguments; each on one line. */
    ul[part='list'] {
      --meta-lines: 1;
      --row-height: var(--mcp-prompt-list-row-height, var(--row-fit));
      /* No fallback: unset, --max-height is unset too and windowedListStyles's fallbacks apply (no limit). */
      --max-height: var(--mcp-prompt-list-max-height);
    }
    ul.terse {
      --lines: 1;
    }
    ul.no-arguments {
      --meta-lines: 0;
    }
  `,
]
