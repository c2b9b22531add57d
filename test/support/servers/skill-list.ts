// The skills server of <mcp-skill-list>'s suite: the official SDK's Skills extension (./skills.ts) with controls to
// tamper with one file on its way out (`tamper`, body: the file's URI), to list git-workflow with another description
// than its SKILL.md's (`misdescribe`) or its guide with another size (`missize`), to add a skill and tell listening clients
// (`add`, body: its folder, `team/refunds`), and to serve everything as it was (`reset`).
import type { TestServer } from '../fixture-server.js'
import { SKILL_FILES, startSkillsServer } from './skills.js'

export async function startServer(): Promise<TestServer> {
  const server = await startSkillsServer()
  return {
    ...server,
    async control(action, body) {
      if (action === 'tamper') {
        server.rewrite['resources/read'] = (message, request) => {
          const content = message.result?.contents?.[0]
          if (request?.params?.uri === body && typeof content?.text === 'string') content.text = content.text.replace(/.$/s, '!')
          return message
        }
      } else if (action === 'misdescribe' || action === 'missize') {
        // The entries say other than the files: git-workflow's description, or the size of its guide.
        const change = (skill: any) => {
          if (skill?.uri !== 'skill://git-workflow/SKILL.md') return
          if (action === 'misdescribe') skill.frontmatter.description = 'Not what its SKILL.md says'
          else for (const file of skill.resources) if (file.uri.endsWith('/GUIDE.md')) file.size += 1
        }
        server.rewrite['skills/list'] = server.rewrite['skills/get'] = (message) => {
          for (const skill of message.result?.skills ?? [message.result?.skill]) change(skill)
          return message
        }
      } else if (action === 'add') {
        const folder = String(body)
        const name = folder.split('/').pop()
        server.files[`${folder}/SKILL.md`] = `---\nname: ${name}\ndescription: Added while the page was open\n---\n\nNew.\n`
        await server.reload()
      } else if (action === 'reset') {
        for (const method of ['resources/read', 'skills/list', 'skills/get']) delete server.rewrite[method]
        for (const path of Object.keys(server.files)) if (!(path in SKILL_FILES)) delete server.files[path]
        await server.reload()
      } else throw new Error(`skill-list: no control ${action}`)
      return { ok: true }
    },
  }
}
