/**
 * What `<mcp-skill-list>` says when a skill file was refused: the client's typed error (SkillDigestMismatchError
 * and its kin) in words a person understands, each saying that nothing of the file is shown. The errors' own
 * messages are for developers (they name methods to call).
 */
import {
  SkillDigestMismatchError,
  SkillDynamicError,
  SkillEntryInvalidError,
  SkillFileNotListedError,
  SkillFrontmatterMismatchError,
  SkillLimitError,
  SkillSizeMismatchError,
} from '../../src/client/index.js'
import { errorText } from '../shared/item-list.js'
import { msg } from '../shared/i18n.js'

/** Why `file` is not shown: its refusal in words, or a failed read with the error's message. */
export function refusalWords(error: unknown, file: string): string {
  if (error instanceof SkillDigestMismatchError)
    return msg(
      'skill-list.digest-mismatch',
      '{file} does not match the SHA-256 digest the server listed for it: it changed after it was listed, or on the way. It is not shown.',
      { file },
    )
  if (error instanceof SkillSizeMismatchError)
    return msg(
      'skill-list.size-mismatch',
      '{file} is not the size the server listed for it: it changed after it was listed, or on the way. It is not shown.',
      {
        file,
      },
    )
  if (error instanceof SkillFileNotListedError)
    return msg('skill-list.not-listed', '{file} is not among the files the server listed for this skill, so it was not read.', { file })
  if (error instanceof SkillFrontmatterMismatchError)
    return error.fields.length
      ? msg(
          'skill-list.frontmatter-mismatch',
          'The SKILL.md the server sent says other things about the skill than its listing ({fields}). It is not shown.',
          {
            fields: error.fields.join(', '),
          },
        )
      : msg('skill-list.frontmatter-unreadable', 'The SKILL.md the server sent has no frontmatter that can be read. It is not shown.')
  if (error instanceof SkillDynamicError)
    return msg(
      'skill-list.dynamic',
      'The server makes this skill’s files as they are read (“dynamic”): there is nothing to check them against, so they are not shown.',
    )
  if (error instanceof SkillLimitError)
    return msg('skill-list.too-large', 'This skill is larger than a skill may be (512 files, 16 MiB), so it is not loaded.')
  if (error instanceof SkillEntryInvalidError)
    return msg('skill-list.entry-invalid', 'The server’s listing of this skill breaks the Skills rules, so none of its files is read.')
  return msg('skill-list.read-error', 'Could not read {file}: {message}', { file, message: errorText(error) })
}
