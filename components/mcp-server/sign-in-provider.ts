// The sign-in chunk <mcp-server> loads on a server's first 401 (see attribute-auth.ts): the browser provider and
// everything it needs (oauth4webapi, discovery, the token store), in a file of its own.
export { BrowserOAuthProvider } from '../../src/auth/browser.js'
