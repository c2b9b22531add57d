/**
 * A call the server runs as a task, while it runs: its status and the
 * server's status message (a polite live region: said when they change), an
 * indeterminate progress bar, the time since it started and how long the
 * server keeps it. The times tick outside the live region, so a screen reader
 * is not told every second.
 */
import { css, html, nothing } from 'lit'
import { msg } from '../shared/i18n.js'
import { formatElapsed, statusToken, taskStatusText, ttlText } from '../shared/task-status.js'

/** What the panel needs of a task's latest state (the server's strings are shown as text). */
export interface ShownTask {
  status: string
  statusMessage?: string
  ttlMs?: number | null
}

export function renderTask(task: ShownTask, startedAt: number, now = Date.now()) {
  const status = statusToken(task.status)
  const elapsed = now - startedAt
  const ttl = ttlText(task.ttlMs, elapsed)
  return html`<div part="task" class="task" data-status=${status}>
    <div class="task-line" role="status" aria-live="polite">
      <span part="task-status" class="task-status">${taskStatusText(task.status)}</span>
      ${
        typeof task.statusMessage === 'string' && task.statusMessage
          ? html`<span part="task-message" class="task-message">${task.statusMessage}</span>`
          : nothing
      }
    </div>
    <progress part="progress-bar" aria-label=${msg('task.progress-label', 'Task running')}></progress>
    <p class="task-time">
      <span part="task-elapsed">${msg('task.elapsed', 'Running for {time}', { time: formatElapsed(elapsed) })}</span>
      ${ttl ? html`<span part="task-ttl">${ttl}</span>` : nothing}
    </p>
  </div>`
}

export const taskStyles = css`
  .task {
    margin: var(--mcp-space) 0;
    padding: var(--mcp-space);
    border: var(--mcp-border);
    border-left: 4px solid var(--task-color, var(--mcp-color-accent));
    border-radius: var(--mcp-radius);
  }
  .task-line {
    display: flex;
    flex-wrap: wrap;
    gap: var(--mcp-space-xs) var(--mcp-space);
    align-items: baseline;
  }
  .task progress {
    display: block;
    width: 100%;
    margin: var(--mcp-space-xs) 0;
    accent-color: var(--mcp-color-accent);
  }
  .task-time {
    display: flex;
    flex-wrap: wrap;
    gap: var(--mcp-space-xs) var(--mcp-space);
    margin: 0;
  }
`
