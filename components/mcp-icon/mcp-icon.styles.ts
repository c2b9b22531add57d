import { css } from 'lit'
import { themeStyles } from '../shared/theme.js'

export const styles = [
  themeStyles,
  css`
    :host {
      display: inline-flex;
      flex: none;
      align-items: center;
      justify-content: center;
      vertical-align: middle;
      width: var(--mcp-icon-size, 24px);
      height: var(--mcp-icon-size, 24px);
      overflow: hidden;
    }
    img,
    svg {
      display: block;
      width: 100%;
      height: 100%;
    }
    img {
      object-fit: contain;
    }
    svg {
      color: var(--mcp-icon-fallback-color, var(--mcp-color-text-secondary));
    }
  `,
]
