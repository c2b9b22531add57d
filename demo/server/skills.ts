// The demo server's skills (the MCP Skills extension, through the official SDK's side of it): how to use this
// server's own tools, tasks, resources and prompts, written for a model (or a person) meeting the server for the
// first time. `<mcp-skill-list>` on the demo site shows them; their files are read only when opened, and checked.
import { SkillsExtension, memorySkillFiles, type SkillCatalog } from '@modelcontextprotocol/server/ext/skills'

const FILES: Record<string, string> = {
  'using-demo-tools/SKILL.md': `---
name: using-demo-tools
description: Call the demo server's tools well — greet, add, divide, show_content, sign_up, connect_account and toggle_extra_tool — with the arguments each expects and what each answers.
license: MIT
compatibility: Any MCP client speaking revision 2026-07-28 (or the legacy initialize era)
metadata:
  audience: models and people new to the demo
  version: "1.0"
---

# Using the demo tools

Every tool here is safe to call: none of them changes anything outside the demo server.

## Quick picks

- **Say hello**: \`greet\` with \`{ "name": "Ada", "style": "pirate" }\`. Styles are \`friendly\` (the default),
  \`formal\` and \`pirate\`.
- **Arithmetic**: \`add\` with \`{ "a": 2, "b": 3 }\` answers the sum as text *and* as structured content
  (\`{ "sum": 5 }\`); prefer the structured content when you need the number.
- **Errors**: \`divide\` with \`b: 0\` answers a tool error (\`isError: true\`), not a protocol error. Read its text
  and tell the user; do not retry with the same arguments.

## Tools that ask the user

- \`sign_up\` asks for details in a form (form-mode elicitation). Only the user answers it; never invent answers.
- \`connect_account\` sends the user to a web page (URL-mode elicitation). Say where the link goes before they open it.

## Seeing every kind of content

\`show_content\` returns one of each content type: text, markdown, an image, audio, a resource link, an embedded
resource and structured content. Use it to check how a page shows results.

## A list that changes

\`toggle_extra_tool\` adds \`extra_tool\` to the tool list, or removes it. Lists open in the page update by themselves.

See [references/ARGUMENTS.md](references/ARGUMENTS.md) for every argument and its bounds.
`,
  'using-demo-tools/references/ARGUMENTS.md': `# Arguments, tool by tool

| Tool | Arguments | Notes |
| --- | --- | --- |
| greet | \`name\` (text, required), \`style\` (friendly, formal, pirate) | |
| add | \`a\`, \`b\` (numbers, required) | structured content \`{ sum }\` |
| divide | \`a\` dividend, \`b\` divisor (numbers, required) | \`b: 0\` is a tool error |
| slow_task | \`steps\` (1–50, default 5), \`delayMs\` (0–5000, default 400) | progress at each step; Cancel stops it |
| long_task | \`seconds\` (2–120, default 20), \`topic\` (text) | a task; asks for a format halfway |
| sign_up | none | asks the user in a form |
| connect_account | none | asks the user to open a web page |
| show_content | none | one block of every content type |
| toggle_extra_tool | none | the tool list changes live |
`,
  'running-long-tasks/SKILL.md': `---
name: running-long-tasks
description: Start, follow, answer and cancel the demo's long-running tools (slow_task with progress; long_task, failing_task and expiring_task as tasks) and say what happened in each ending.
license: MIT
metadata:
  version: "1.0"
---

# Running long tasks

## Progress, then a result: \`slow_task\`

Call it with \`{ "steps": 5, "delayMs": 400 }\`. Each step sends a progress notification ("step 2 of 5"); the result
comes at the end. A cancel stops it between steps.

## Tasks that outlive the page: \`long_task\`

\`long_task\` runs as a task (the Tasks extension) for about \`seconds\` seconds. The call returns a task at once; poll
it (\`tasks/get\`) until it ends. Halfway it **asks which format to write**: the task's status becomes
\`input_required\`, and only the user answers. A page reloaded meanwhile picks the task up again where it was.

## How tasks end

- **completed**: show the result.
- **failed**: \`failing_task\` always ends so after a few seconds; report the error text, do not retry blindly.
- **expired**: \`expiring_task\` works for 10 seconds but the server keeps it only 3, so its result is gone; say so,
  and run it again only if the user wants.
- **cancelled**: the user (or you, with \`tasks/cancel\`) stopped it; nothing more comes.
`,
  'reading-demo-resources/SKILL.md': `---
name: reading-demo-resources
description: Find and read the demo's resources (the read-me, the clock, colours by name, a picture and a chime) and fill in its prompts (review_code, summarize).
license: MIT
---

# Reading the demo's resources

| URI | What it is |
| --- | --- |
| \`demo://readme\` | the server's read-me, in markdown |
| \`demo://clock\` | the server time; cached for 5 seconds, so two reads close together may agree |
| \`demo://colors/{name}\` | a colour as JSON; \`coral\` and \`teal\` are listed, completion suggests others |
| \`demo://picture.svg\` | an image (binary, base64) |
| \`demo://chime.wav\` | a sound (binary, base64) |

Read a resource with \`resources/read\`. For \`demo://colors/{name}\`, ask \`completion/complete\` for names as the
user types, then read the expanded URI.

## Prompts

- \`review_code\` takes a \`language\` (with suggestions) and asks for a code review in it.
- \`summarize\` takes a \`text\` and, optionally, a number of \`words\`.

Fill in the arguments, get the prompt's messages, and show them to the user before sending them to a model.
`,
}

/**
 * The demo's skills, loaded once; `attach(mcp)` serves them on each server the demo makes (the skill resources,
 * `skills/list` and `skills/get`, the extension declared).
 */
export function demoSkills(): Promise<SkillCatalog> {
  return SkillsExtension.load(memorySkillFiles(FILES), { cacheHint: { ttlMs: 600_000, cacheScope: 'public' } })
}
