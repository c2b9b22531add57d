/**
 * The Skills extension's public shapes (io.modelcontextprotocol/skills): a
 * skill entry as `skills/list` and `skills/get` send it, a verified file, and
 * the options of reading one.
 */
import type { RequestOptions } from '../options.js'

/** The extension's identifier, the key under `capabilities.extensions`. */
export const SKILLS_EXTENSION = 'io.modelcontextprotocol/skills'

/** The per-skill limits every host must accept: counted over an entry's `resources` before any file is read. */
export const SKILL_LIMITS = { files: 512, bytes: 16 * 1024 * 1024 } as const

/** A skill's `SKILL.md` frontmatter as JSON, verbatim: `name` and `description` always, every other field as written. */
export interface SkillFrontmatter {
  name: string
  description: string
  [field: string]: unknown
}

/** One file of a skill: its URI, the SHA-256 of its bytes (`sha256:` and 64 lowercase hex digits) and its length in bytes. */
export interface SkillResource {
  uri: string
  digest: string
  size: number
}

/**
 * One skill, as listed: `uri` is its `SKILL.md`'s. `resources` lists every file (SKILL.md included), or is
 * `"dynamic"` when the server generates them and can publish no digests. A skill's identity is the server it came
 * from and its `uri`; `frontmatter.name` is a label, not a key. Skill text is server-authored model input: untrusted.
 */
export interface Skill {
  uri: string
  frontmatter: SkillFrontmatter
  resources: SkillResource[] | 'dynamic'
}

/** A skill file whose bytes matched its entry (size, digest and, for SKILL.md, frontmatter) before it was returned. */
export interface SkillFile {
  /** The skill's `SKILL.md` URI. */
  skillUri: string
  /** The file's URI. */
  uri: string
  /** The file's path in the skill (`SKILL.md`, `references/FORMS.md`). */
  path: string
  mimeType?: string
  /** The content as text, when the server sent text. */
  text?: string
  /** The content's bytes: what was verified. */
  bytes: Uint8Array
  /** False only for a `"dynamic"` skill read with `allowDynamic`: nothing could be checked but the frontmatter. */
  verified: boolean
  /** The entry the file was checked against: hold it while acting on the skill, and pass it as `skill` to later reads. */
  skill: Skill
}

/** Options of `readSkillFile()`. */
export interface SkillReadOptions extends RequestOptions {
  /**
   * The entry to check against (the one the user approved, held while acting on the skill). Default: the newest
   * entry this client received for the skill (from `listSkills()` or `getSkill()`), else `getSkill()`'s.
   */
  skill?: Skill
  /**
   * Read a skill whose `resources` is `"dynamic"` (no digests: nothing can be verified but SKILL.md's frontmatter).
   * Refused by default with `SkillDynamicError`.
   */
  allowDynamic?: boolean
}
