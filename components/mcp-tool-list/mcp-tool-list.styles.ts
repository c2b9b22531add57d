import { css } from 'lit'
import { itemListStyles } from '../shared/item-list.js'
import { themeStyles } from '../shared/theme.js'
import { hintBadgeStyles } from '../shared/tool-hints.js'
import { windowedListStyles } from '../shared/windowed-rows.js'

export const styles = [
  themeStyles,
  itemListStyles,
  windowedListStyles,
  hintBadgeStyles,
  css`
    /* Every row the same height, as windowing needs: a title line, two lines of description, a line of badges. */
    ul[part='list'] {
      --row-height: var(--mcp-tool-list-row-height, 6.5em);
      --max-height: var(--mcp-tool-list-max-height, none);
    }
    /*
     * The rows rendered beyond the view (a screenful either side, so a scroll finds rows ready) are not styled or
     * laid out until they come near it: a filter keystroke pays for the rows on screen (about a third less work).
     * Their height is fixed, so the list's height does not change; their text stays in the accessibility tree.
     */
    ul.windowed > li {
      content-visibility: auto;
    }
    /* The row's template is kept flat (rendered on every scroll): its name and description are there even when empty. */
    ul.windowed .name:empty,
    ul.windowed .description:empty {
      display: none;
    }
    .badges {
      display: flex;
      gap: calc(var(--mcp-space) / 2);
      margin-top: calc(var(--mcp-space) / 4);
    }
    .invalid {
      padding: var(--mcp-space);
      color: var(--mcp-color-warning);
      background: var(--mcp-color-warning-bg);
      border-radius: var(--mcp-radius);
    }
    .invalid ul {
      border: 0;
      margin-top: var(--mcp-space);
    }
    .invalid li {
      border: 0;
      overflow-wrap: anywhere;
    }
    [part='tool'] {
      margin-top: var(--mcp-space);
    }
  `,
]
