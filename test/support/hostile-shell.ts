// Shell code a tool name or argument could carry, for the copy-as-code tests (servers/hostile-copy.ts, and the
// browser suites that read it here: no Node imports). Pasted into a shell naively, each piece creates a file named
// `pwned-…` in the working directory.

/** Shell code in every quoting a command could get wrong: a quote that ends the word, `$(…)`, backticks, a newline. */
const shellCode = (where: string) =>
  `x'; touch pwned-${where}-quote; echo '$(touch pwned-${where}-subst)\`touch pwned-${where}-tick\`"; touch pwned-${where}-dquote; "\n touch pwned-${where}-line; \\ $HOME \${PATH} !!`

export const HOSTILE_TOOL = shellCode('name')

/** Arguments a user could type: shell code in values and in a key, and a value mirrored into an `Mcp-Param-Region` header. */
export const HOSTILE_ARGUMENTS: Record<string, string> = {
  text: shellCode('arg'),
  [shellCode('key')]: 'O\'Brien said "hi" <script>',
  region: `eu'; touch pwned-header; '`,
}

/** A tool with examples and defaults, some of the wrong kind, one of them markup: "Try an example" shows them as text. */
export const EXAMPLES_TOOL = 'forecast'
export const MARKUP_EXAMPLE = '<img src=x onerror="window.__pwned=\'example\'">'
export const EXAMPLES_SCHEMA = {
  type: 'object',
  properties: {
    city: { type: 'string', examples: [MARKUP_EXAMPLE, 7, 'Bergen'] },
    days: { type: 'integer', default: 1, examples: ['two', 3] },
  },
  examples: [{ city: 'Oslo', days: 2 }, { city: 5 }],
}
