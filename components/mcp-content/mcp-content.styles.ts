import { css } from 'lit'
import { themeStyles } from '../shared/theme.js'

export const styles = [
  themeStyles,
  css`
    :host {
      display: block;
      line-height: 1.45;
    }
    .base {
      display: flex;
      flex-direction: column;
      gap: var(--mcp-space);
    }
    .base.error {
      color: var(--mcp-color-danger);
      background: var(--mcp-color-danger-bg);
      border: 1px solid currentColor;
      border-radius: var(--mcp-radius);
      padding: var(--mcp-space);
    }
    .error-label,
    .section-label {
      font-weight: 600;
    }
    .text {
      white-space: pre-wrap;
      overflow-wrap: anywhere;
    }
    .empty,
    .notice {
      margin: 0;
      color: var(--mcp-color-text-secondary);
      font-style: italic;
    }
    .media {
      max-width: 100%;
      max-height: var(--mcp-content-max-height, 30rem);
    }
    audio {
      max-width: 100%;
    }
    .open-pdf {
      margin-inline-end: 1em;
    }
    .resource,
    .resource-link {
      border: var(--mcp-border);
      border-radius: var(--mcp-radius);
      padding: var(--mcp-space);
      display: flex;
      flex-direction: column;
      gap: var(--mcp-space-xs);
      min-width: 0;
    }
    .uri,
    .meta {
      color: var(--mcp-color-text-secondary);
      font-size: 0.875em;
      overflow-wrap: anywhere;
    }
    .uri {
      font-family: var(--mcp-font-mono);
      margin-inline-start: var(--mcp-space);
    }
    .resource-header .uri {
      margin-inline-start: 0;
    }
    a {
      color: var(--mcp-color-accent);
    }
    .open-resource {
      font: inherit;
      color: var(--mcp-color-accent);
      background: none;
      border: none;
      padding: 0;
      cursor: pointer;
      text-align: start;
      text-decoration: underline;
      overflow-wrap: anywhere;
    }
    .open-resource .marker {
      display: inline-block;
      width: 1em;
    }
    .resource-read {
      padding-block-start: var(--mcp-space-xs);
      border-block-start: var(--mcp-border);
    }
    .read-error {
      display: flex;
      flex-wrap: wrap;
      gap: var(--mcp-space);
      align-items: center;
      color: var(--mcp-color-danger);
      overflow-wrap: anywhere;
    }
    .for-model {
      border: 1px dashed var(--mcp-color-border);
      border-radius: var(--mcp-radius);
      padding: var(--mcp-space-xs) var(--mcp-space);
    }
    .for-model > summary {
      cursor: pointer;
      color: var(--mcp-color-text-secondary);
    }
    .for-model[open] > summary {
      margin-block-end: var(--mcp-space-xs);
    }
    .warning {
      color: var(--mcp-color-warning);
      background: var(--mcp-color-warning-bg);
      border-radius: var(--mcp-radius);
      padding: var(--mcp-space);
    }
    .warning ul {
      margin: 0;
      padding-inline-start: 1.25rem;
    }
    .show-all,
    .read-error button {
      align-self: flex-start;
      font: inherit;
      color: var(--mcp-color-accent);
      background: none;
      border: var(--mcp-border);
      border-radius: var(--mcp-radius);
      padding: 0.125rem var(--mcp-space);
      cursor: pointer;
    }
    /* Markdown */
    .markdown > :first-child {
      margin-top: 0;
    }
    .markdown > :last-child {
      margin-bottom: 0;
    }
    .markdown img {
      max-width: 100%;
    }
    code,
    pre {
      font-family: var(--mcp-font-mono);
      font-size: 0.875em;
    }
    pre {
      background: var(--mcp-color-bg-secondary);
      border-radius: var(--mcp-radius);
      padding: var(--mcp-space);
      overflow-x: auto;
    }
    .raw-html {
      font-family: var(--mcp-font-mono);
      white-space: pre-wrap;
    }
    .blocked-url {
      color: var(--mcp-color-text-secondary);
      overflow-wrap: anywhere;
    }
    blockquote {
      margin-inline: 0;
      padding-inline-start: var(--mcp-space);
      border-inline-start: 3px solid var(--mcp-color-border);
      color: var(--mcp-color-text-secondary);
    }
    /* JSON tree */
    .json-tree {
      font-family: var(--mcp-font-mono);
      font-size: 0.875em;
      overflow-wrap: anywhere;
    }
    .json-tree ul {
      list-style: none;
      margin: 0;
      padding-inline-start: 1.25rem;
    }
    .json-tree summary {
      cursor: pointer;
    }
    .json-key {
      color: var(--mcp-color-accent);
    }
    .json-meta,
    .json-null,
    .json-empty,
    .json-circular {
      color: var(--mcp-color-text-secondary);
    }
    .json-string {
      white-space: pre-wrap;
    }
    .json-tree .show-all {
      margin-block: 0.125rem;
    }
  `,
]
