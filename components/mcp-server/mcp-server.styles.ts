import { css } from 'lit'
import { themeStyles } from '../shared/theme.js'

export const styles = [
  themeStyles,
  css`
    :host {
      display: block;
    }
    header {
      display: flex;
      align-items: center;
      gap: var(--mcp-space-m);
      padding-block: var(--mcp-space-m);
      border-bottom: var(--mcp-border);
    }
    :host([compact]) header,
    :host([compact]) [part='instructions'] {
      display: none;
    }
    .names {
      display: flex;
      flex-direction: column;
      min-width: 0;
      flex: 1;
    }
    [part='title'] {
      font-weight: 600;
      font-size: var(--mcp-font-size-lg);
      overflow-wrap: anywhere;
    }
    .identity,
    [part='description'],
    [part='website'],
    [part='status'] {
      color: var(--mcp-color-text-secondary);
      font-size: var(--mcp-font-size-sm);
      overflow-wrap: anywhere;
    }
    [part='website'] {
      align-self: flex-start;
    }
    [part='status'] {
      white-space: nowrap;
    }
    [part='status'][data-state='connected'] {
      color: var(--mcp-color-success);
    }
    [part='status'][data-state='offline'],
    [part='status'][data-state='reconnecting'] {
      color: var(--mcp-color-warning);
      /* With the age and the next try's time it is a sentence: it wraps rather than push the title out. */
      white-space: normal;
    }
    [part='status'][data-state='failed'] {
      color: var(--mcp-color-danger);
    }
    [part='instructions'] {
      margin-block: var(--mcp-space);
      color: var(--mcp-color-text-secondary);
    }
    [part='instructions'] p {
      margin: var(--mcp-space) 0 0;
      white-space: pre-wrap;
      overflow-wrap: anywhere;
    }
    [part~='error'] {
      display: flex;
      flex-wrap: wrap;
      align-items: center;
      gap: var(--mcp-space);
      margin-block: var(--mcp-space);
      padding: var(--mcp-space-m);
      border-radius: var(--mcp-radius);
      color: var(--mcp-color-danger);
      background: var(--mcp-color-danger-bg);
    }
    [part~='offline'] {
      color: var(--mcp-color-warning);
      background: var(--mcp-color-warning-bg);
    }
    [part='failure'] {
      margin: 0;
      flex: 1 1 20em;
      overflow-wrap: anywhere;
    }
  `,
]
