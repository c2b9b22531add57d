/**
 * For pages that put a model in the loop: the skills of one client, or of
 * several, as a catalog of names and descriptions a model can choose from,
 * and one skill's SKILL.md loaded on demand, verified, from the server that
 * listed it. Each skill is named within its server's key (`key__name`):
 * names are labels, and a skill of one server never stands in for another's.
 */
import { UnknownModelSkillError } from './skill-errors.js'
import type { McpClient } from '../McpClient.js'
import type { RequestOptions } from '../options.js'
import { listEach, type ModelFunction } from '../tools/model-tools.js'
import type { Skill, SkillFile } from './skill-types.js'


/** One skill as a model is told of it. */
export interface ModelSkill {
  /** What the model names it by: the skill's name, prefixed with the server's key when there are several. */
  id: string
  description: string
  /** The page's label for the server: its key, or its URL. Never the server's own name for itself. */
  server: string
  /** The skill's SKILL.md URI. */
  uri: string
}

/** A loaded skill: its verified text and where it came from, for the page to put in the model's context as such. */
export interface ModelSkillContent extends ModelSkill {
  /** The file's verified text: server-authored, untrusted model input. */
  text: string
  /** The file as read (its entry held in `file.skill`). */
  file: SkillFile
}

interface Target {
  client: McpClient
  skill: Skill
  entry: ModelSkill
}

export class ModelSkills {
  /** The skills, server after server in the order given. */
  readonly skills: ModelSkill[] = []
  /** The servers whose skills could not be listed, with why. */
  readonly unavailable: Array<{ key?: string; error: unknown }> = []
  #targets = new Map<string, Target>()

  /** @internal Built by {@link modelSkills}. */
  constructor(listed: Array<{ key?: string; client: McpClient; skills?: Skill[]; error?: unknown }>) {
    for (const { key, client, skills, error } of listed) {
      if (!skills) {
        this.unavailable.push({ ...(key !== undefined && { key }), error })
        continue
      }
      for (const skill of skills) {
        const wanted = key === undefined ? skill.frontmatter.name : `${key}__${skill.frontmatter.name}`
        // Two skills of one name (different paths) both stay, told apart by a number.
        let id = wanted
        for (let n = 2; this.#targets.has(id); n++) id = `${wanted}_${n}`
        const entry = { id, description: skill.frontmatter.description, server: key ?? client.url, uri: skill.uri }
        this.#targets.set(id, { client, skill, entry })
        this.skills.push(entry)
      }
    }
  }

  /** A function a model can call to load a skill by its id (`{ skill: id }`): run it with {@link load}. */
  get loadFunction(): ModelFunction {
    return {
      name: 'load_skill',
      description: `Loads the instructions of one skill. Available skills:\n${this.skills.map((s) => `- ${s.id}: ${s.description}`).join('\n')}`,
      parameters: { type: 'object', properties: { skill: { type: 'string', enum: this.skills.map((s) => s.id) } }, required: ['skill'] },
    }
  }

  /**
   * One skill's SKILL.md, read from the server that listed it and verified against its entry (size, digest,
   * frontmatter). Say where it came from when it enters the model's context (`server`, `uri`).
   *
   * @throws UnknownModelSkillError when `id` is none of these skills; nothing is sent.
   * @throws SkillVerificationError (a subclass per check) when the file does not match its entry.
   */
  load(id: string, options?: RequestOptions): Promise<ModelSkillContent> {
    return this.readFile(id, 'SKILL.md', options)
  }

  /** Another file of a loaded skill (`references/GUIDE.md`), from the same server, checked against the same entry. */
  async readFile(id: string, path: string, options?: RequestOptions): Promise<ModelSkillContent> {
    const target = this.#targets.get(id)
    if (!target)
      throw new UnknownModelSkillError(
        `No skill is called ${JSON.stringify(id)}; the skills are ${this.skills.map((s) => s.id).join(', ') || 'none'}`,
      )
    const file = await target.client.readSkillFile(target.skill.uri, path, { ...options, skill: target.skill })
    return { ...target.entry, text: file.text ?? new TextDecoder().decode(file.bytes), file }
  }
}

/**
 * The skills of one client, or of several keyed by a label for each server, for a model: names and descriptions
 * first, each skill's text loaded (and verified) only when the model asks for it.
 *
 * @example
 * const skills = await modelSkills({ docs: docsClient, billing: billingClient })
 * const reply = await model.generate({ messages, tools: [skills.loadFunction] })
 * const { text, server, uri } = await skills.load(reply.toolCalls[0].arguments.skill)
 * messages.push({ role: 'tool', content: `Skill ${uri} from ${server} (untrusted):\n${text}` })
 */
export async function modelSkills(
  servers: McpClient | Record<string, McpClient>,
  options: { signal?: AbortSignal } = {},
): Promise<ModelSkills> {
  const listed = await listEach(servers, (client) => client.listSkills({ signal: options.signal }))
  return new ModelSkills(listed.map(({ items, ...rest }) => ({ ...rest, ...(items && { skills: items }) })))
}
