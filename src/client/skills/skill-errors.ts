/**
 * The Skills extension's errors: a module of their own, out of the CDN's first list (a bundle of the npm client
 * still keeps it, as it keeps every error module). skills.ts writes their messages; none carries the content it refused.
 */
import { McpError, registerErrorClasses } from '../../protocol/errors.js'

/** Something about a skill went wrong; `skillUri` is its SKILL.md's URI. */
export class SkillError extends McpError {
  override name = 'SkillError'
  constructor(
    readonly skillUri: string,
    message: string,
  ) {
    super(message)
  }
}

/** The server does not declare the Skills extension (or `directoryRead`): nothing was sent. */
export class SkillsNotSupportedError extends SkillError {
  override name = 'SkillsNotSupportedError'
}

/** The skill's entry breaks the extension's rules (no `resources`, a malformed digest, …): it must not be loaded. */
export class SkillEntryInvalidError extends SkillError {
  override name = 'SkillEntryInvalidError'
}

/** The skill lists more than 512 files or 16 MiB (or a dynamic file is larger): refused before it is used. */
export class SkillLimitError extends SkillError {
  override name = 'SkillLimitError'
}

/** The skill's `resources` is `"dynamic"`: no digests, so nothing can be verified; read only with `allowDynamic`. */
export class SkillDynamicError extends SkillError {
  override name = 'SkillDynamicError'
}

/** A file failed verification against the skill's entry and was not used; `uri` is the file's. */
export class SkillVerificationError extends SkillError {
  override name = 'SkillVerificationError'
  constructor(
    skillUri: string,
    readonly uri: string,
    message: string,
  ) {
    super(skillUri, message)
  }
}

/** The file is not listed in the entry's `resources` (or its path leaves the skill's folder): nothing was read. */
export class SkillFileNotListedError extends SkillVerificationError {
  override name = 'SkillFileNotListedError'
}

/** The file's byte length differs from the entry's `size`. */
export class SkillSizeMismatchError extends SkillVerificationError {
  override name = 'SkillSizeMismatchError'
}

/** The file's SHA-256 differs from the entry's `digest`. */
export class SkillDigestMismatchError extends SkillVerificationError {
  override name = 'SkillDigestMismatchError'
}

/** SKILL.md's frontmatter differs from the entry's, or cannot be read: the skill must not be loaded. */
export class SkillFrontmatterMismatchError extends SkillVerificationError {
  override name = 'SkillFrontmatterMismatchError'
  constructor(
    skillUri: string,
    message: string,
    /** The top-level fields that differ (names only); empty when the frontmatter could not be read at all. */
    readonly fields: string[],
  ) {
    super(skillUri, skillUri, message)
  }
}

/** A model named a skill that `modelSkills()` did not give it: nothing was sent. */
export class UnknownModelSkillError extends McpError {
  override name = 'UnknownModelSkillError'
}

registerErrorClasses({
  SkillError,
  SkillsNotSupportedError,
  SkillEntryInvalidError,
  SkillLimitError,
  SkillDynamicError,
  SkillVerificationError,
  SkillFileNotListedError,
  SkillSizeMismatchError,
  SkillDigestMismatchError,
  SkillFrontmatterMismatchError,
  UnknownModelSkillError,
})
