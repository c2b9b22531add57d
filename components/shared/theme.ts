/**
 * The theme every element shares: CSS custom properties, light and dark
 * built in. Names follow the MCP Apps style variables where they overlap
 * (`--color-background-primary`, `--color-text-primary`, `--font-sans`, …), so
 * one set of variables themes both; set them on any ancestor.
 *
 * Light or dark follows `prefers-color-scheme` (through `color-scheme` and
 * `light-dark()`); a page forces one for everything below an ancestor with
 * `--mcp-color-scheme: dark` (or `light`) there, or on one element with its
 * `theme="dark"` attribute.
 *
 * The design's scales are custom properties too, each following the MCP Apps variable of its step when a page sets
 * one: type (`--mcp-font-size-xs` 12px badges (its own), `-sm` 13px meta text, `--mcp-font-size` 15px body, `-lg` 20px
 * headings), space (`--mcp-space-xs` 4px, `--mcp-space` 8px, `-m` 12px, `-l` 16px, `-xl` 24px), radii (`--mcp-radius` controls and lists, `--mcp-radius-lg` cards and dialogs), `--mcp-border`
 * and `--mcp-focus-ring`. Lists and cards lift with `--mcp-shadow`, dialogs with `--mcp-shadow-lg` (each one's default is
 * where it is used: the first list's bytes are few).
 */
import { css } from 'lit'

export const themeStyles = css`
  :host {
    color-scheme: var(--mcp-color-scheme, light dark);
    --mcp-color-bg: var(--color-background-primary, light-dark(#ffffff, #1b1b1f));
    --mcp-color-bg-secondary: var(--color-background-secondary, light-dark(#f4f4f6, #26262c));
    --mcp-color-text: var(--color-text-primary, light-dark(#1b1b1f, #ececf1));
    --mcp-color-text-secondary: var(--color-text-secondary, light-dark(#55555f, #a9a9b3));
    --mcp-color-border: var(--color-border-primary, light-dark(#d4d4da, #3b3b44));
    --mcp-color-accent: var(--color-ring-primary, light-dark(#2957d6, #7ea2ff));
    --mcp-color-danger: var(--color-text-danger, light-dark(#b3261e, #ff8a80));
    --mcp-color-danger-bg: var(--color-background-danger, light-dark(#fdecea, #3a1d1b));
    --mcp-color-warning: var(--color-text-warning, light-dark(#8a5a00, #ffcc66));
    --mcp-color-warning-bg: var(--color-background-warning, light-dark(#fff5db, #3a3020));
    --mcp-color-success: var(--color-text-success, light-dark(#1b6e3a, #7ddc9c));
    --mcp-color-success-bg: var(--color-background-success, light-dark(#e7f5ec, #1c3325));
    /* Edges a control is found by (inputs, buttons): 3:1 against the background, as WCAG 1.4.11 asks. */
    --mcp-color-border-strong: light-dark(#8b8b96, #6e6e7a);
    --mcp-font: var(--font-sans, system-ui, -apple-system, 'Segoe UI', sans-serif);
    --mcp-font-mono: var(--font-mono, ui-monospace, 'SFMono-Regular', Menlo, Consolas, monospace);
    /* No host's step below 12px: the smallest text (badges) stays readable. */
    --mcp-font-size-xs: 0.75rem;
    --mcp-font-size-sm: var(--font-text-sm-size, 0.8125rem);
    --mcp-font-size: var(--font-text-md-size, 0.9375rem);
    --mcp-font-size-lg: var(--font-heading-sm-size, 1.25rem);
    --mcp-space: 0.5rem;
    --mcp-space-xs: 0.25rem;
    --mcp-space-m: 0.75rem;
    --mcp-space-l: 1rem;
    --mcp-space-xl: 1.5rem;
    --mcp-radius: var(--border-radius-md, 6px);
    --mcp-radius-lg: var(--border-radius-lg, 10px);
    --mcp-border: 1px solid var(--mcp-color-border);
    --mcp-focus-ring: 2px solid var(--mcp-color-accent);
    line-height: 1.4;
    font-family: var(--mcp-font);
    font-size: var(--mcp-font-size);
    color: var(--mcp-color-text);
  }
  /* The custom property carries the choice to the elements inside (the lists in an <mcp-server theme>). */
  :host([theme='light']) {
    color-scheme: light;
    --mcp-color-scheme: light;
  }
  :host([theme='dark']) {
    color-scheme: dark;
    --mcp-color-scheme: dark;
  }
  :host([hidden]) {
    display: none !important;
  }
  /* A date or time input matches no :focus-visible in WebKit when Tab reaches it (focus is on its day, month or year
     field inside): :focus, which every input matches when focused, draws its ring there too. */
  :focus-visible,
  input:is([type='date'], [type='time'], [type='datetime-local']):focus {
    outline: var(--mcp-focus-ring);
    outline-offset: 2px;
  }
  /*
   * Buttons are secondary (outlined) unless .primary (primaryButtonStyles, in controls.ts: no element of the first
   * list has one). :where() weighs nothing, so an element's own button rules (list rows, toggles) win whatever their order.
   */
  :where(button) {
    font: inherit;
    padding: var(--mcp-space) var(--mcp-space-l);
    border: 1px solid var(--mcp-color-border-strong);
    border-radius: var(--mcp-radius);
    background: var(--mcp-color-bg);
    color: var(--mcp-color-text);
    cursor: pointer;
  }
  /* Weighs more than a row's own background (list rows, files): every button but a primary one answers the pointer alike. */
  button:not(.primary):hover {
    background: var(--mcp-color-bg-secondary);
  }
  .visually-hidden {
    position: absolute;
    width: 1px;
    height: 1px;
    overflow: hidden;
    clip-path: inset(50%);
    white-space: nowrap;
  }
`
