// The browser suites' request log: every HTTP request any server in the test runner's process answers (the runner's
// own origin and every fixture server), written to the file MCP_REQUEST_LOG names. It is there to catch what a page
// that stops answering did last: which requests it left open, to which server, and how many connections each server
// holds at that moment (a browser caps its connections per host and in all, so leaked streams starve later requests).
//
// One line per event, tab-separated: seconds since the log began, the server's port, the event, then its details:
//   open   <id> <method> <url> <sockets>   a request arrived; <sockets> = connections the server holds now
//   end    <id> <status> <ms>              the server has written the whole response
//   done   <id> <status> <ms>              … and it has gone to the client's connection (an `end` with no `done`:
//                                          the client stopped reading; an `open` with no `end`: the server never answered)
//   gone   <id> <status> <ms>              the client closed the connection before the response ended
// A test file's start shows as the runner's answer to its module (`/path/to/file.test.ts?wtr-session-id=…`).
import { createWriteStream } from 'node:fs'
import { Server } from 'node:http'

let log
let nextId = 1
const started = Date.now()
const stamp = () => ((Date.now() - started) / 1000).toFixed(3)

/** Adds a line to the log, when it is on. */
export function logLine(port, ...fields) {
  log?.write([stamp(), port, ...fields].join('\t') + '\n')
}

/** Turns the log on for every node:http server of this process (already listening or not), writing to `path`. */
export function startRequestLog(path) {
  if (log || !path) return
  log = createWriteStream(path, { flags: 'a' })
  const emit = Server.prototype.emit
  Server.prototype.emit = function (event, ...args) {
    if (event === 'request') {
      const [req, res] = args
      const id = nextId++
      const port = this.address()?.port ?? '?'
      const at = Date.now()
      this.getConnections((_, count) => logLine(port, 'open', id, req.method, req.url.slice(0, 160), count))
      let ended = false
      const end = res.end
      res.end = function (...endArgs) {
        logLine(port, 'end', id, res.statusCode, Date.now() - at)
        res.end = end
        return end.apply(this, endArgs)
      }
      res.on('finish', () => {
        ended = true
        logLine(port, 'done', id, res.statusCode, Date.now() - at)
      })
      res.on('close', () => ended || logLine(port, 'gone', id, res.statusCode, Date.now() - at))
    }
    return emit.call(this, event, ...args)
  }
}

/** Ends the log (its last lines flushed). */
export function stopRequestLog() {
  return new Promise((resolve) => (log ? log.end(resolve) : resolve()))
}
