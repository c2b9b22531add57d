import { css } from 'lit'
import { itemListStyles } from '../shared/item-list.js'
import { themeStyles } from '../shared/theme.js'
import { visibleTextStyles } from '../shared/visible-text.js'

export const styles = [
  themeStyles,
  itemListStyles,
  visibleTextStyles,
  css`
    ul[part='list'] {
      max-height: var(--mcp-skill-list-max-height, none);
      overflow-y: auto;
    }
    [hidden] {
      display: none;
    }
    /* A row shows two lines of description and one of facts; the open skill shows them whole. */
    [part='item'] .description {
      display: -webkit-box;
      -webkit-box-orient: vertical;
      -webkit-line-clamp: 2;
      overflow: hidden;
    }
    [part='item'] .facts {
      display: -webkit-box;
      -webkit-box-orient: vertical;
      -webkit-line-clamp: 1;
      overflow: hidden;
    }
    .skill {
      display: grid;
      gap: var(--mcp-space);
      padding: var(--mcp-space);
      border: var(--mcp-border);
      border-radius: var(--mcp-radius);
    }
    .skill p {
      margin: 0;
    }
    .from,
    .note {
      color: var(--mcp-color-text-secondary);
    }
    dl {
      display: grid;
      grid-template-columns: minmax(6em, max-content) 1fr;
      gap: var(--mcp-space-xs) var(--mcp-space);
      margin: 0;
    }
    dt {
      font-weight: 600;
    }
    dd {
      margin: 0;
      min-width: 0;
    }
    [part='file'] {
      display: flex;
      justify-content: space-between;
      gap: var(--mcp-space);
      width: 100%;
      padding: var(--mcp-space-xs) var(--mcp-space);
      text-align: start;
      color: inherit;
      background: none;
      border: 0;
      border-inline-start: 3px solid transparent;
      cursor: pointer;
    }
    [part='file']:hover {
      background: var(--mcp-color-bg-secondary);
    }
    [part='file'][aria-current='true'] {
      border-inline-start-color: var(--mcp-color-accent);
      background: var(--mcp-color-bg-secondary);
    }
    [part='file']:focus-visible {
      outline-offset: -2px;
    }
    .uri {
      font-family: var(--mcp-font-mono);
      overflow-wrap: anywhere;
    }
    .path {
      font-family: var(--mcp-font-mono);
      min-width: 0;
      overflow-wrap: anywhere;
    }
    .verified {
      color: var(--mcp-color-success);
    }
  `,
]
