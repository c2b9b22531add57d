/**
 * What `<mcp-server>` shows when connecting or signing in failed: the reason in words and, for a problem the
 * connection doctor diagnosed, its fix. A chunk of its own, loaded at the first failure: a page whose server answers
 * never needs it.
 */
import { html, nothing } from 'lit'
import type { ConnectionProblemError } from '../../src/client/index.js'
import { CONNECTION_HELP_URL } from '../../src/protocol/connection-help.js'
import { describeError, isConnectionProblem } from '../shared/call/describe-error.js'
import { msg } from '../shared/i18n.js'

/** The fix of a connection problem the client diagnosed: the header the server must send, and the README's table. */
const howToFix = (error: ConnectionProblemError) =>
  html`<p part="fix">
    ${error.fix ? html`${msg('server.fix.send', 'How to fix: the server must send')} <code>${error.fix}</code>.` : msg('server.fix', 'How to fix:')}
    <a href=${CONNECTION_HELP_URL} target="_blank" rel="noopener">${msg('server.fix.link', 'Connection problems and their fixes')}</a>
  </p>`

/** The failure in words, in the part named `part`, and its fix when the connection doctor found one. */
export const failureView = (error: unknown, url: string, part: string) =>
  html`<p part=${part}>${describeError(error, url)}</p>
    ${isConnectionProblem(error) ? howToFix(error) : nothing}`
