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
    ul[part='list'] > li {
      /* Off-screen rows cost no layout or paint: what keeps a list of thousands quick. */
      content-visibility: auto;
      contain-intrinsic-size: auto 3.5em;
    }
    /*
     * A row the filter hides is skipped rather than taken out of layout: switching hundreds of content-visibility
     * boxes to display: none costs far more (measured: ~10x) than this. It is inert, so out of reach and unseen
     * by assistive technology all the same.
     */
    ul[part='list'] > li[hidden] {
      display: block;
      content-visibility: hidden;
      contain-intrinsic-size: none;
      height: 0;
      border: 0;
    }
    /*
     * Rows the filter hides stay in the DOM, so a line under every row (the list has none of its own at the
     * bottom) rather than between rows: a sibling selector would restyle every row on each keystroke.
     */
    ul[part='list'] {
      border-bottom: 0;
    }
    ul[part='list'] > li {
      border-top: 0;
      border-bottom: 1px solid var(--mcp-color-border);
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
    .title,
    .name {
      overflow-wrap: anywhere;
    }
    .badges {
      display: flex;
      flex-wrap: wrap;
      gap: calc(var(--mcp-space) / 2);
      margin-top: calc(var(--mcp-space) / 2);
    }
    .badge {
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
