import { Task, TaskStatus, initialState } from '@lit/task'
import { html, nothing } from 'lit'
import { state } from 'lit/decorators.js'
import { repeat } from 'lit/directives/repeat.js'
import type { ContentBlock, Skill, SkillFile } from '../../src/client/index.js'
import { ConnectedElement } from '../shared/connected-element.js'
import { emit } from '../shared/events.js'
import { formatBytes } from '../shared/format.js'
import { formatCount, I18nController, msg } from '../shared/i18n.js'
import { clientOf, ListingController, renderFilter, textMatches } from '../shared/item-list.js'
import { RovingFocusController } from '../shared/roving-focus.js'
import { serverLabel } from '../shared/server-identity.js'
import { renderPieces, visibleText } from '../shared/visible-text.js'
import '../mcp-content/mcp-content.js'
import { refusalWords } from './integrity-words.js'
import { styles } from './mcp-skill-list.styles.js'
import { isMarkdown, otherFields, pathIn, skillBody } from './skill-text.js'

/** The key of the Skills extension under a server's `capabilities.extensions`. */
const SKILLS_EXTENSION = 'io.modelcontextprotocol/skills'

/** Characters of server text drawn at most: a name, a row's description or facts, a value in an open skill. */
const NAME_CHARS = 200
const ROW_CHARS = 300
const VALUE_CHARS = 4000

/** What the list shows: the skills, and whether the server declares the extension at all. */
interface SkillListing {
  skills: Skill[]
  declared: boolean
}

/** The open skill: the entry its files are checked against, and the file shown. */
interface Opened {
  skill: Skill
  path: string
}

/** Detail of `mcp-skill-select`. */
export interface SkillSelectDetail {
  /** The skill's SKILL.md URI: with the server, what the skill is (names are labels, not keys). */
  uri: string
  skill: Skill
}

/** Server text as text, its invisible and reordering characters as markers, cut after `budget` characters. */
function shown(source: string, budget: number) {
  const { pieces, left } = visibleText(source, { budget, markers: 50 })
  return html`<span class="visible-text"
    >${renderPieces(pieces)}${left ? msg('skill-list.cut', '… ({count} more characters)', { count: formatCount(left) }) : nothing}</span
  >`
}

/** A skill's frontmatter fields besides name and description, on one line. */
const factsLine = (skill: Skill): string =>
  otherFields(skill.frontmatter)
    .map(([field, value]) => `${field}: ${value}`)
    .join(' · ')

/** Whether two entries are the same: a relisted skill whose entry changed is read again. */
const sameEntry = (a: Skill, b: Skill): boolean =>
  JSON.stringify([a.frontmatter, a.resources]) === JSON.stringify([b.frontmatter, b.resources])

/**
 * The skills of a server (the MCP Skills extension, `io.modelcontextprotocol/skills`), labelled with the server
 * they come from, with a filter box. Each row shows a skill's name, description and its other frontmatter fields
 * (license, compatibility …) as text. Opening one shows its SKILL.md as markdown (raw HTML shown as text, only
 * http(s) links live) and its files, each openable; every file is read only when opened, and shown only once its
 * size and SHA-256 digest (and SKILL.md's frontmatter) match what the server listed. The state of that check is
 * shown: verified, or what failed, with a Retry that asks the server for the skill's current entry and reads again;
 * nothing of a refused file is shown. The list reloads by itself when the server says its resources changed.
 * Skill text is server-authored: every string is shown as text, invisible and reordering characters as markers.
 *
 * Keyboard: Tab reaches the filter box, then the list once; ArrowUp/ArrowDown, Home and End move in the list
 * (ArrowDown in the filter box enters it); Enter or Space opens. An open skill's files are buttons in Tab order.
 *
 * @tag mcp-skill-list
 *
 * @property client - The client to use. When unset, the one provided by an enclosing `<mcp-server>`.
 *
 * @fires {CustomEvent<SkillSelectDetail>} mcp-skill-select - A skill was opened. Detail: `{ uri, skill }` (`SkillSelectDetail`). Cancelable:
 *   `preventDefault()` keeps the built-in view from opening (and any file from being read).
 * @fires {CustomEvent<ListLoadingDetail>} mcp-list-loading - A load of the list started. Detail `{ list: 'skills' }`.
 * @fires {CustomEvent<ListLoadedDetail>} mcp-list-loaded - That load settled; the list shows in the next update. Detail `{ list: 'skills', error? }`.
 *
 * @csspart base - The wrapper around everything.
 * @csspart filter - The filter text box.
 * @csspart server - The line naming the server the skills come from.
 * @csspart status - The line saying how many skills are shown, or that they are loading.
 * @csspart stale - The note saying the list shown is a saved one (kept after a failed reload), and how old.
 * @csspart error - The error shown when the list could not be loaded, with its Retry button.
 * @csspart list - The list of skills.
 * @csspart item - Each skill's button.
 * @csspart skill - The open skill: its name, server, frontmatter, files and the file shown.
 * @csspart frontmatter - The open skill's frontmatter fields, as a description list.
 * @csspart files - The list of the open skill's files.
 * @csspart file - Each file's button.
 * @csspart integrity - The line saying the file shown was verified, or is being read and checked.
 * @csspart refusal - What failed when a file was refused (or could not be read), with its Retry button.
 * @csspart content - The `<mcp-content>` showing the file (markdown for SKILL.md and `.md` files).
 * @csspart marker - A marker standing for a character a reader would not see (a bidirectional control …).
 *
 * @cssprop --mcp-color-accent - Focus ring and the open item's marker.
 * @cssprop --mcp-color-border - Borders of the lists.
 * @cssprop --mcp-color-success - The verified mark.
 * @cssprop --mcp-skill-list-max-height - Height past which the list of skills scrolls (default: none).
 * @cssprop --mcp-font-size-sm - Meta text: facts, sizes, the count (default `0.8125rem`, or `--font-text-sm-size`).
 * @cssprop --mcp-radius-lg - Corners of the list (default `10px`, or `--border-radius-lg`).
 * @cssprop --mcp-focus-ring - The focus ring's outline (default `2px solid var(--mcp-color-accent)`).
 */
export class McpSkillListElement extends ConnectedElement {
  static override styles = styles

  @state() private filter = ''
  @state() private opened?: Opened
  /** The newest entry of the open skill (a Retry asks the server for it): the files shown are its files. */
  @state() private entry?: Skill

  #i18n = new I18nController(this)
  #roving = new RovingFocusController(this, () => [...this.renderRoot.querySelectorAll<HTMLElement>('[part="item"]')])
  /** Derived in willUpdate: the skills the filter lets through. */
  #shown: Skill[] = []
  #shownFrom?: { all: Skill[]; filter: string }
  /** Set by Retry: the next read asks the server for the skill's current entry first. */
  #refetch = false
  /** The blocks `<mcp-content>` shows for the file read last, made once per file. */
  #blocks?: { file: SkillFile; blocks: ContentBlock[] }

  #listing = new ListingController<SkillListing>(
    this,
    'skills',
    async (client, options, showStale) => {
      const { capabilities } = await client.discover({ signal: options.signal })
      const declared = !!(capabilities?.extensions as Record<string, unknown> | undefined)?.[SKILLS_EXTENSION]
      if (!declared) return { skills: [], declared }
      const onStale = (skills: Skill[], { ageMs }: { ageMs: number }) => showStale({ skills, declared }, ageMs)
      return { skills: await client.listSkills({ ...options, onStale }), declared }
    },
    'resources',
  )

  /** Reads the open file, checked against the open skill's entry; never before a skill is opened. */
  #reading = new Task(this, {
    task: async ([client, opened], { signal }) => {
      if (!client || !opened) return initialState
      let skill = this.entry?.uri === opened.skill.uri ? this.entry : opened.skill
      if (this.#refetch) {
        this.#refetch = false
        this.entry = skill = await client.getSkill(skill.uri, { fresh: true, signal })
      }
      return await client.readSkillFile(skill.uri, opened.path, { skill, signal })
    },
    args: () => [clientOf(this), this.opened] as const,
  })

  get #all(): Skill[] {
    const listing = this.#listing.value
    return listing?.offered ? listing.items.skills : []
  }

  protected override willUpdate(): void {
    const all = this.#all
    if (this.#shownFrom?.all === all && this.#shownFrom.filter === this.filter) return
    if (this.#shownFrom?.all !== all) this.#relisted(all)
    this.#shownFrom = { all, filter: this.filter }
    const needle = this.filter.trim().toLowerCase()
    this.#shown = needle ? all.filter((s) => textMatches(needle, s.frontmatter.name, s.frontmatter.description, s.uri)) : all
  }

  /** A new listing: the open skill, when its entry changed, is read again against the new one. */
  #relisted(all: Skill[]): void {
    const opened = this.opened
    const listed = opened && all.find((s) => s.uri === opened.skill.uri)
    if (!opened || !listed || sameEntry(listed, this.entry ?? opened.skill)) return
    this.entry = listed
    this.opened = { skill: listed, path: opened.path }
  }

  override render() {
    const skills = this.#shown
    const client = clientOf(this)
    return html`<div part="base">
      ${renderFilter(
        msg('skill-list.filter', 'Filter skills'),
        this.filter,
        (value) => (this.filter = value),
        () => this.#roving.focusFirst(),
      )}
      ${
        client
          ? html`<p part="server" class="list-title" id="skills-title">
              ${msg('skill-list.server', 'Skills from {server}', { server: serverLabel(client) })}
            </p>`
          : nothing
      }
      ${this.#listing.renderStatus(this.#status(skills.length), (message) =>
        msg('skill-list.error', 'Could not load the skills: {message}', { message }),
      )}
      <ul
        part="list"
        ?hidden=${skills.length === 0}
        aria-labelledby=${client ? 'skills-title' : nothing}
        @keydown=${this.#roving.onKeyDown}
        @focusin=${this.#roving.onFocusIn}
      >
        ${repeat(
          skills,
          (skill) => skill.uri,
          (skill, index) => this.#renderItem(skill, index, skills.length),
        )}
      </ul>
      ${this.opened ? this.#renderSkill(this.opened) : nothing}
    </div>`
  }

  #status(shown: number): string {
    const listing = this.#listing.value
    if (this.#listing.status === TaskStatus.PENDING && !listing) return msg('skill-list.loading', 'Loading skills…')
    if (!listing) return this.#listing.status === TaskStatus.INITIAL ? msg('skill-list.waiting', 'Waiting for the server…') : ''
    if (!listing.offered || !listing.items.declared) return msg('skill-list.not-offered', 'This server offers no skills.')
    const total = listing.items.skills.length
    if (total === 0) return msg('skill-list.empty', 'No skills.')
    if (shown === 0) return msg('skill-list.no-match', 'Nothing matches “{filter}”.', { filter: this.filter.trim() })
    return msg('skill-list.count', '{shown} of {total} skills', { shown, total })
  }

  #renderItem(skill: Skill, index: number, count: number) {
    const facts = factsLine(skill)
    return html`<li>
      <button
        type="button"
        part="item"
        data-uri=${skill.uri}
        tabindex=${this.#roving.tabIndex(index, count)}
        aria-current=${this.opened?.skill.uri === skill.uri ? 'true' : 'false'}
        @click=${() => this.#open(skill)}
      >
        <span class="text">
          <span class="title">${shown(skill.frontmatter.name, NAME_CHARS)}</span>
          <span class="description">${shown(skill.frontmatter.description, ROW_CHARS)}</span>
          ${facts ? html`<span class="facts">${shown(facts, ROW_CHARS)}</span>` : nothing}
        </span>
      </button>
    </li>`
  }

  #renderSkill(opened: Opened) {
    const skill = this.entry?.uri === opened.skill.uri ? this.entry : opened.skill
    const listing = this.#listing.value
    const gone = listing?.offered && !listing.items.skills.some((s) => s.uri === skill.uri)
    return html`<section part="skill" class="skill" role="group" aria-labelledby="skill-name">
      <p class="title" id="skill-name">${shown(skill.frontmatter.name, NAME_CHARS)}</p>
      <p class="from">
        ${msg('skill-list.from', 'From {server}', { server: serverLabel(clientOf(this)) })} ·
        <span class="uri">${shown(skill.uri, VALUE_CHARS)}</span>
      </p>
      ${gone ? html`<p class="note">${msg('skill-list.gone', 'The server no longer lists this skill.')}</p>` : nothing}
      <dl part="frontmatter">
        <dt>description</dt>
        <dd>${shown(skill.frontmatter.description, VALUE_CHARS)}</dd>
        ${otherFields(skill.frontmatter).map(
          ([field, value]) =>
            html`<dt>${shown(field, NAME_CHARS)}</dt>
              <dd>${shown(value, VALUE_CHARS)}</dd>`,
        )}
      </dl>
      ${this.#renderFiles(skill, opened.path)} ${this.#renderFile(opened)}
    </section>`
  }

  #renderFiles(skill: Skill, open: string) {
    if (skill.resources === 'dynamic') return nothing
    // SKILL.md first, then the others as listed.
    const paths = skill.resources.map((file) => ({ path: pathIn(skill, file.uri), size: file.size }))
    paths.sort((a, b) => Number(b.path === 'SKILL.md') - Number(a.path === 'SKILL.md'))
    return html`<p class="list-title" id="files-title">${msg('skill-list.files', 'Files')}</p>
      <ul part="files" class="files" aria-labelledby="files-title">
        ${paths.map(
          ({ path, size }) =>
            html`<li>
              <button type="button" part="file" aria-current=${path === open ? 'true' : 'false'} @click=${() => this.#openFile(path)}>
                <span class="path">${shown(path, NAME_CHARS)}</span>
                <span class="facts">${formatBytes(size)}</span>
              </button>
            </li>`,
        )}
      </ul>`
  }

  /** The open file's check and, once it passed, its content. */
  #renderFile(opened: Opened) {
    const reading = this.#reading
    const file = opened.path
    if (reading.status === TaskStatus.ERROR)
      return html`<div part="refusal" class="error" role="alert">
        <p>${refusalWords(reading.error, file)}</p>
        <button type="button" @click=${this.#retry}>${msg('list.retry', 'Retry')}</button>
      </div>`
    const read = reading.value
    if (reading.status !== TaskStatus.COMPLETE || !read || read.skillUri !== opened.skill.uri || read.path !== file)
      return html`<p part="integrity" class="integrity" role="status">
        ${msg('skill-list.checking', 'Reading and checking {file}…', { file })}
      </p>`
    return html`<p part="integrity" class="integrity verified" role="status">
        ${
          file === 'SKILL.md'
            ? msg(
                'skill-list.verified-skill',
                '✓ Verified: {file} has the size, SHA-256 digest and frontmatter the server listed ({size}).',
                {
                  file,
                  size: formatBytes(read.bytes.length),
                },
              )
            : msg('skill-list.verified', '✓ Verified: {file} has the size and SHA-256 digest the server listed ({size}).', {
                file,
                size: formatBytes(read.bytes.length),
              })
        }
      </p>
      ${this.#renderContent(read)}`
  }

  #renderContent(read: SkillFile) {
    if (this.#blocks?.file !== read) {
      let text = read.text
      try {
        text ??= new TextDecoder('utf-8', { fatal: true }).decode(read.bytes)
      } catch {
        text = undefined
      }
      const body = text === undefined ? undefined : read.path === 'SKILL.md' ? skillBody(text) : text
      this.#blocks = { file: read, blocks: body === undefined ? [] : [{ type: 'text', text: body }] }
    }
    const { blocks } = this.#blocks
    if (!blocks.length) return html`<p class="note">${msg('skill-list.binary', 'This file is not text; it is not shown.')}</p>`
    return html`<mcp-content part="content" ?markdown=${isMarkdown(read.path, read.mimeType)} .blocks=${blocks}></mcp-content>`
  }

  #open(skill: Skill): void {
    if (!emit<SkillSelectDetail>(this, 'mcp-skill-select', { uri: skill.uri, skill }, { cancelable: true })) return
    if (this.opened?.skill.uri === skill.uri) return
    this.entry = skill
    this.opened = { skill, path: 'SKILL.md' }
  }

  #openFile(path: string): void {
    const opened = this.opened
    if (!opened || opened.path === path) return
    this.opened = { skill: this.entry ?? opened.skill, path }
  }

  #retry = (): void => {
    this.#refetch = true
    void this.#reading.run()
  }
}
