/**
 * The Skills extension on the client side (a lazy chunk): `skills/list` and
 * `skills/get` only to a server that declared the extension, each declaring
 * it back; and a skill file read with plain `resources/read`, returned only
 * once its size, SHA-256 digest and (SKILL.md) frontmatter match the entry.
 * Nothing is read ahead of need: listing reads no file.
 */
import { cacheKey, methodPrefix } from '../../cache/policy.js'
import type { ClientCapabilities, Resource, ServerCapabilities } from '../../protocol/generated/2026-07-28.js'
import { mergeCapabilities } from '../call/input-required.js'
import { loadOnce } from '../load-once.js'
import type { McpClient } from '../McpClient.js'
import type { RequestOptions, StaleOptions } from '../options.js'
import type { ClientParts } from '../parts.js'
import { cachedPages } from '../lists/listing.js'
import { isInvalidParams, type Result } from '../requests.js'
import { PageLimitError, ProtocolError } from '../../protocol/errors.js'
import {
  SkillDigestMismatchError,
  SkillDynamicError,
  SkillEntryInvalidError,
  SkillFileNotListedError,
  SkillFrontmatterMismatchError,
  SkillLimitError,
  SkillSizeMismatchError,
  SkillsNotSupportedError,
} from './skill-errors.js'
import { SKILL_LIMITS, SKILLS_EXTENSION, type Skill, type SkillFile, type SkillReadOptions, type SkillResource } from './skill-types.js'


// The YAML parser only when a SKILL.md is read: listing and supporting files never need it.
const loadFrontmatter = loadOnce(() => import('./frontmatter.js'))

const DIGEST = /^sha256:[0-9a-f]{64}$/

// The errors' messages: written here, in the lazy chunk, as the error classes are startup bytes (protocol/errors.ts).
const RECOVER = 'The content was not used. Call getSkill(skillUri, { fresh: true }) for the current entry and read again'
const notSupported = (skillUri: string, server: string, what = 'the Skills extension (io.modelcontextprotocol/skills)') =>
  new SkillsNotSupportedError(skillUri, `${server} does not declare ${what}, so nothing was asked of it`)
const invalidEntry = (skillUri: string, reason: string) =>
  new SkillEntryInvalidError(
    skillUri,
    `The server's entry for the skill ${skillUri} is invalid (${reason}), so none of its files is read; the server must fix its entry`,
  )
const tooLarge = (skillUri: string, files: number, bytes: number) =>
  new SkillLimitError(
    skillUri,
    `The skill ${skillUri} has ${files} files of ${bytes} bytes in all, beyond the limits of 512 files and 16 MiB a host must accept; it is not loaded`,
  )
const frontmatterMismatch = (skillUri: string, fields: string[], problem?: string) =>
  new SkillFrontmatterMismatchError(
    skillUri,
    `${skillUri}: ${problem ?? `its frontmatter differs from the skill's entry in ${fields.map((f) => JSON.stringify(f)).join(', ')}`}. ${RECOVER}`,
    fields,
  )

/**
 * The newest entry this client received per skill URI: what a read is checked against when the caller holds none.
 * Dropped when the skills lists go stale (a list_changed), so the next read asks `skills/get` again.
 */
const held = new WeakMap<McpClient, Map<string, Skill>>()

function heldEntries(client: McpClient): Map<string, Skill> {
  let entries = held.get(client)
  if (!entries) {
    const fresh = new Map<string, Skill>()
    held.set(client, (entries = fresh))
    client.addEventListener('invalidate', (e) => {
      const { method } = (e as CustomEvent<{ method: string }>).detail
      if (method === 'skills/list' || method === 'skills/get') fresh.clear()
    })
  }
  return entries
}

/** The server's Skills extension settings, or undefined when it declares none (discover read first if not yet known). */
async function skillsSettings({ client, requests }: ClientParts, options: RequestOptions): Promise<Record<string, unknown> | undefined> {
  const capabilities: ServerCapabilities | undefined =
    requests.serverCapabilities ?? (await client.discover({ signal: options.signal })).capabilities
  const settings = (capabilities?.extensions as Record<string, unknown> | undefined)?.[SKILLS_EXTENSION]
  return typeof settings === 'object' && settings !== null ? (settings as Record<string, unknown>) : undefined
}

/** The client's capabilities with the extension declared: sent in each skills request's `_meta`. */
const declaring = (client: McpClient): ClientCapabilities =>
  mergeCapabilities(client.capabilities(), { extensions: { [SKILLS_EXTENSION]: {} } })

/** Why an entry must not be loaded, or undefined when it keeps the extension's rules. */
export function entryProblem(skill: unknown): string | undefined {
  if (typeof skill !== 'object' || skill === null) return 'it is not an object'
  const { uri, frontmatter, resources } = skill as Partial<Skill>
  if (typeof uri !== 'string' || !uri.endsWith('/SKILL.md')) return 'its uri is not the URI of a SKILL.md'
  if (typeof frontmatter !== 'object' || frontmatter === null || Array.isArray(frontmatter)) return 'it has no frontmatter object'
  if (typeof frontmatter.name !== 'string' || typeof frontmatter.description !== 'string')
    return 'its frontmatter lacks a name or a description'
  if (!uri.endsWith(`/${frontmatter.name}/SKILL.md`)) return `its path does not end in its name ${JSON.stringify(frontmatter.name)}`
  if (resources === 'dynamic') return undefined
  if (!Array.isArray(resources)) return 'its resources is neither a list of files nor "dynamic"'
  const root = uri.slice(0, -'SKILL.md'.length)
  const seen = new Set<string>()
  for (const file of resources as Array<Partial<SkillResource>>) {
    if (typeof file?.uri !== 'string' || !file.uri.startsWith(root) || seen.has(file.uri))
      return 'a file is outside the skill, or listed twice'
    if (typeof file.digest !== 'string' || !DIGEST.test(file.digest)) return `${file.uri} has no sha256: digest of 64 lowercase hex digits`
    if (!Number.isSafeInteger(file.size) || file.size! < 0) return `${file.uri} has no byte size`
    seen.add(file.uri)
  }
  return seen.has(uri) ? undefined : 'its SKILL.md is not among its files'
}

/** Every skill the server lists, across all pages; entries that break the extension's rules are left out. */
export async function listSkills(parts: ClientParts, { onStale, ...options }: StaleOptions<Skill[]> = {}): Promise<Skill[]> {
  if (!(await skillsSettings(parts, options))) return []
  if (onStale && !options.fresh) {
    const stale = await cachedPages(parts, 'skills/list', 'skills', (skill) => entryProblem(skill as Skill) === undefined)
    if (stale && !stale.fresh) onStale(parts.cache.copy(stale.items) as Skill[], { ageMs: stale.ageMs })
  }
  const pageOptions = options
  try {
    return await collect(parts, pageOptions)
  } catch (error) {
    // A cursor the server no longer takes: the cached pages are of an older list; once more from the top.
    if (!(error instanceof StaleCursor)) throw error
    parts.cache.invalidate(methodPrefix(parts.client.url, 'skills/list'))
    return await collect(parts, { ...pageOptions, fresh: true })
  }
}

class StaleCursor extends Error {}

async function collect({ client, requests }: ClientParts, options: RequestOptions): Promise<Skill[]> {
  const skills: Skill[] = []
  const entries = heldEntries(client)
  const capabilities = declaring(client)
  const max = client.options.maxPages ?? 100
  const seen = new Set<string>()
  let cursor: string | undefined
  for (let page = 1; ; page++) {
    if (page > max) throw new PageLimitError(max, 'skills/list')
    let result: Result
    try {
      result = await requests.request('skills/list', cursor === undefined ? {} : { cursor }, options, undefined, capabilities)
    } catch (error) {
      throw cursor !== undefined && isInvalidParams(error) && !options.fresh ? new StaleCursor() : error
    }
    for (const skill of Array.isArray(result.skills) ? (result.skills as Skill[]) : []) {
      if (entryProblem(skill) !== undefined) continue
      entries.set(skill.uri, skill)
      skills.push(skill)
    }
    const next = result.nextCursor
    if (typeof next !== 'string') return skills
    if (seen.has(next)) throw new ProtocolError(`skills/list returned the cursor ${JSON.stringify(next)} twice`)
    seen.add(next)
    cursor = next
  }
}

/** The entry of the skill whose SKILL.md is at `uri`, listed or not. */
export async function getSkill(parts: ClientParts, uri: string, options: RequestOptions = {}): Promise<Skill> {
  if (!(await skillsSettings(parts, options))) throw notSupported(uri, parts.client.url)
  const result = await parts.requests.request('skills/get', { uri }, options, undefined, declaring(parts.client))
  const skill = result.skill as Skill
  const problem = entryProblem(skill) ?? (skill.uri === uri ? undefined : `it is the entry of ${JSON.stringify(skill.uri)}`)
  if (problem) throw invalidEntry(uri, problem)
  heldEntries(parts.client).set(uri, skill)
  return skill
}

/** The URI of `path` in the skill whose SKILL.md is `skillUri`, or undefined for a path that leaves the skill. */
function fileUri(skillUri: string, path: string): string | undefined {
  const segments = path.split('/')
  if (segments.some((s) => s === '' || s === '.' || s === '..') || /[?#\\]/.test(path)) return undefined
  return skillUri.slice(0, -'SKILL.md'.length) + path
}

/** Reads one file of a skill and returns it only if it matches the skill's entry. See McpClient.readSkillFile(). */
export async function readSkillFile(
  parts: ClientParts,
  skillUri: string,
  path: string,
  options: SkillReadOptions = {},
): Promise<SkillFile> {
  const { skill: given, allowDynamic, onStale: _, ...readOptions } = options
  const skill = given ?? heldEntries(parts.client).get(skillUri) ?? (await getSkill(parts, skillUri, readOptions))
  const problem = entryProblem(skill) ?? (skill.uri === skillUri ? undefined : `it is the entry of ${JSON.stringify(skill.uri)}`)
  if (problem) throw invalidEntry(skillUri, problem)
  const { resources } = skill
  if (resources === 'dynamic') {
    if (!allowDynamic) {
      throw new SkillDynamicError(
        skillUri,
        `The skill ${skillUri} is generated by the server ("dynamic"): its files have no digests to verify. Pass { allowDynamic: true } to read it unverified`,
      )
    }
  } else {
    const bytes = resources.reduce((sum, file) => sum + file.size, 0)
    if (resources.length > SKILL_LIMITS.files || bytes > SKILL_LIMITS.bytes) throw tooLarge(skillUri, resources.length, bytes)
  }
  const uri = fileUri(skillUri, path)
  const listed = resources === 'dynamic' ? undefined : resources.find((file) => file.uri === uri)
  if (uri === undefined || (resources !== 'dynamic' && !listed)) {
    throw new SkillFileNotListedError(
      skillUri,
      uri ?? path,
      `${uri ?? path} is not a file of the skill ${skillUri}, so it was not read. If the skill has changed, call getSkill(skillUri, { fresh: true }) and read again`,
    )
  }

  const result = await parts.client.readResource(uri, readOptions)
  const contents = Array.isArray(result.contents) ? result.contents : []
  const content = contents.find((c) => c.uri === uri) ?? (contents.length === 1 ? contents[0] : undefined)
  if (!content) throw new ProtocolError(`The server's answer to resources/read of ${uri} has no content for it`)
  const text = 'text' in content && typeof content.text === 'string' ? content.text : undefined
  const bytes = text !== undefined ? new TextEncoder().encode(text) : decodeBase64(uri, 'blob' in content ? content.blob : undefined)
  // A refused answer is not kept: the next read asks the server again.
  const refuse = (error: Error): never => {
    parts.cache.invalidate(cacheKey(parts.client.url, 'resources/read', { uri }))
    throw error
  }
  if (listed) {
    if (bytes.length !== listed.size)
      refuse(
        new SkillSizeMismatchError(
          skillUri,
          uri,
          `${uri} is ${bytes.length} bytes, but the skill's entry lists ${listed.size}. ${RECOVER}`,
        ),
      )
    const digest = await sha256(bytes)
    if (digest !== listed.digest) {
      refuse(
        new SkillDigestMismatchError(
          skillUri,
          uri,
          `${uri} does not match its digest in the skill's entry (listed ${listed.digest}, received ${digest}). ${RECOVER}`,
        ),
      )
    }
  } else if (bytes.length > SKILL_LIMITS.bytes) {
    refuse(tooLarge(skillUri, 1, bytes.length))
  }
  if (uri === skillUri) {
    let markdown = text
    try {
      markdown ??= new TextDecoder('utf-8', { fatal: true }).decode(bytes)
    } catch {
      refuse(frontmatterMismatch(skillUri, [], 'it is not UTF-8 text'))
    }
    const differences = (await loadFrontmatter()).frontmatterDifferences(markdown!, skill.frontmatter)
    if (!Array.isArray(differences)) refuse(frontmatterMismatch(skillUri, [], differences.problem))
    else if (differences.length) refuse(frontmatterMismatch(skillUri, differences))
  }
  return {
    skillUri,
    uri,
    path,
    ...(typeof content.mimeType === 'string' && { mimeType: content.mimeType }),
    ...(text !== undefined && { text }),
    bytes,
    verified: resources !== 'dynamic',
    skill,
  }
}

/**
 * The direct children of a directory resource (`resources/directory/read`, every page), only from a server that
 * declared `directoryRead`. A live view: it never extends what a skill's entry lists.
 */
export async function readSkillDirectory(parts: ClientParts, uri: string, options: RequestOptions = {}): Promise<Resource[]> {
  const settings = await skillsSettings(parts, options)
  if (settings?.directoryRead !== true) throw notSupported(uri, parts.client.url, "the Skills extension's directoryRead")
  const children: Resource[] = []
  const seen = new Set<string>()
  let cursor: string | undefined
  for (let page = 1; ; page++) {
    const max = parts.client.options.maxPages ?? 100
    if (page > max) throw new PageLimitError(max, 'resources/directory/read')
    const params = cursor === undefined ? { uri } : { uri, cursor }
    const result = await parts.requests.request('resources/directory/read', params, options, undefined, declaring(parts.client))
    for (const child of Array.isArray(result.resources) ? (result.resources as Resource[]) : []) children.push(child)
    const next = result.nextCursor
    if (typeof next !== 'string') return children
    if (seen.has(next)) throw new ProtocolError(`resources/directory/read returned the cursor ${JSON.stringify(next)} twice`)
    seen.add(next)
    cursor = next
  }
}

async function sha256(bytes: Uint8Array): Promise<string> {
  const hash = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes as Uint8Array<ArrayBuffer>))
  return `sha256:${Array.from(hash, (b) => b.toString(16).padStart(2, '0')).join('')}`
}

function decodeBase64(uri: string, blob: unknown): Uint8Array {
  try {
    if (typeof blob !== 'string') throw new TypeError('no text or blob')
    return Uint8Array.from(atob(blob), (c) => c.charCodeAt(0))
  } catch {
    throw new ProtocolError(`The server's content for ${uri} is neither text nor a base64 blob`)
  }
}
