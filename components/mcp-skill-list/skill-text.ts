/**
 * How `<mcp-skill-list>` turns a skill's entry and files into what it shows: the frontmatter fields besides the name
 * and description as text, a file's path in its skill, whether a file is markdown, and SKILL.md without the
 * frontmatter block (shown apart, from the verified entry).
 */
import type { Skill, SkillFrontmatter } from '../../src/client/index.js'

/** Every frontmatter field but `name` and `description`, as [field, text]: strings as written, anything else as JSON. */
export function otherFields(frontmatter: SkillFrontmatter): Array<[string, string]> {
  return Object.entries(frontmatter)
    .filter(([field]) => field !== 'name' && field !== 'description')
    .map(([field, value]) => [field, typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value))])
}

/** A file's path in its skill (`SKILL.md`, `references/GUIDE.md`): its URI after the skill's folder. */
export function pathIn(skill: Skill, uri: string): string {
  const folder = skill.uri.slice(0, -'SKILL.md'.length)
  return uri.startsWith(folder) ? uri.slice(folder.length) : uri
}

/** Whether a file is shown as markdown: by its MIME type, else its name. */
export function isMarkdown(path: string, mimeType?: string): boolean {
  return mimeType ? /^text\/(x-)?markdown\b/i.test(mimeType) : /\.(md|markdown)$/i.test(path)
}

/** SKILL.md's text after its `---` frontmatter block (which markdown would draw as a rule and a heading). */
export function skillBody(markdown: string): string {
  const block = /^\uFEFF?---[ \t]*\r?\n[\s\S]*?\r?\n---[ \t]*(?:\r?\n|$)/.exec(markdown)
  return block ? markdown.slice(block[0].length) : markdown
}
