import { css } from 'lit'
import { itemListStyles } from '../shared/item-list.js'
import { themeStyles } from '../shared/theme.js'

export const styles = [
  themeStyles,
  itemListStyles,
  css`
    ul[part='list'] {
      max-height: var(--mcp-tool-list-max-height, none);
      overflow-y: auto;
    }
    /*
     * Every row has the same height, as windowing (shared/row-window.ts) needs: a title line, two lines of
     * description, a line of badges; what does not fit is cut short (the whole text is in <mcp-tool>).
     */
    ul[part='list'] > li {
      box-sizing: border-box;
      height: var(--mcp-tool-list-row-height, 6.5em);
      overflow: hidden;
      /*
       * The rows rendered beyond the view (a screenful either side, so a scroll finds rows ready) are not styled or
       * laid out until they come near it: a filter keystroke pays for the rows on screen (about a third less work).
       * Their height is fixed above, so the list's height does not change; their text stays in the accessibility tree.
       */
      content-visibility: auto;
      border-top: 0;
      border-bottom: 1px solid var(--mcp-color-border);
    }
    /* The list has a line under every row, so none of its own at the bottom. */
    ul[part='list'] {
      border-bottom: 0;
    }
    /* The space of the rows after the last one rendered (set by the element). */
    ul[part='list']::after {
      content: '';
      display: block;
      height: var(--rows-after, 0);
    }
    [part='item'] {
      height: 100%;
      line-height: 1.25;
    }
    .head,
    .badges {
      white-space: nowrap;
      overflow: hidden;
      text-overflow: ellipsis;
    }
    .name {
      font-size: 0.9em;
    }
    .name:empty,
    .description:empty {
      display: none;
    }
    .icon {
      display: flex;
      width: 20px;
      height: 20px;
    }
    .description {
      display: -webkit-box;
      -webkit-box-orient: vertical;
      -webkit-line-clamp: 2;
      overflow: hidden;
      overflow-wrap: anywhere;
    }
    .badges {
      display: flex;
      gap: calc(var(--mcp-space) / 2);
      margin-top: calc(var(--mcp-space) / 4);
    }
    .badge {
      flex: none;
      font-size: 0.8em;
      padding: 0 0.5em;
      border: 1px solid var(--mcp-color-border);
      border-radius: 999px;
      color: var(--mcp-color-text-secondary);
    }
    .badge.destructive {
      color: var(--mcp-color-danger);
      border-color: currentColor;
    }
    .badge.read-only {
      color: var(--mcp-color-success);
      border-color: currentColor;
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
