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
    /*
     * The list and the open tool side by side where there is room (the element's own width, not the window's: it may
     * sit in a sidebar); stacked below that. minmax(0, …): a long name or schema never widens a column.
     */
    :host {
      container-type: inline-size;
    }
    .browse {
      display: flex;
      flex-direction: column;
      gap: var(--mcp-space);
      min-width: 0;
    }
    @container (min-width: 900px) {
      [part='base'].open {
        display: grid;
        grid-template-columns: minmax(0, 2fr) minmax(0, 3fr);
        gap: var(--mcp-space-l);
        align-items: start;
      }
      [part='base'].open [part='tool'] {
        margin-top: 0;
      }
    }
    /* Every row the same height, as windowing needs: a line of title, name and badges, a line of description. */
    ul[part='list'] {
      --row-height: var(--mcp-tool-list-row-height, var(--row-fit));
      /* No fallback: unset, --max-height is unset too and windowedListStyles's fallbacks apply (no limit). */
      --max-height: var(--mcp-tool-list-max-height);
    }
    ul.windowed [part~='item'] {
      align-items: center;
    }
    ul.windowed .text {
      flex: 1;
    }
    /* The title keeps its room; the name takes what is left, then the badges (each cut short when the row is narrow). */
    .head {
      display: flex;
      align-items: baseline;
      gap: var(--mcp-space-xs);
      min-width: 0;
      white-space: nowrap;
    }
    .head > * {
      overflow: hidden;
      text-overflow: ellipsis;
    }
    .head .title {
      flex: 0 1 auto;
      min-width: min(8em, 100%);
    }
    .head .name {
      flex: 1 1 0;
      min-width: 0;
    }
    .head .badges {
      flex: 0 1 auto;
      min-width: 0;
      margin-inline-start: auto;
    }
    /*
     * Rows too narrow for the title, name and badges on one line (a phone, or the list beside an open tool) give each
     * its own line, so none is cut for another; still one height for every row, as windowing needs.
     */
    .browse {
      container: rows / inline-size;
    }
    @container rows (max-width: 559px) {
      ul[part='list'] {
        --meta-lines: 2;
      }
      .head {
        flex-wrap: wrap;
        row-gap: 0;
      }
      .head .title,
      .head .name {
        flex: 1 0 100%;
      }
      .head .badges {
        margin-inline-start: 0;
        overflow: visible;
        flex-wrap: wrap;
      }
    }
    /* Too narrow for three badges on a line: room for two lines of them, and the gap between (a quarter line). */
    @container rows (max-width: 359px) {
      ul[part='list'] {
        --meta-lines: 3.25;
      }
    }
    /*
     * The rows rendered off screen (six either side, so a scroll finds rows ready) are not styled or laid out until
     * they come near it: a filter keystroke pays for the rows on screen. Those on screen are always laid out, as
     * WebKit leaves a content-visibility:auto row on screen skipped at 0×0 when an ancestor turns from block to grid
     * (this element's side-by-side layout, or the page's), and then it cannot be clicked:
     * docs/upstream/webkit-content-visibility-relayout.html.
     */
    ul.windowed > li.off-screen {
      content-visibility: auto;
    }
    /* The row with focus is always laid out: WebKit does not count focus as a reason to lay out a skipped row, and
       drew no ring (a 0×0 button) when Tab reached the list's Tab stop. */
    ul.windowed > li:focus-within {
      content-visibility: visible;
    }
    /* The row's template is kept flat (rendered on every scroll): its name and description are there even when empty. */
    ul.windowed .name:empty,
    ul.windowed .description:empty {
      display: none;
    }
    .badges {
      display: flex;
      gap: var(--mcp-space-xs);
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
