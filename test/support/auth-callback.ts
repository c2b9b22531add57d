// The callback page's whole script, as an app would write it (the store is the tests' own database, named in the
// pending sign-in's page: see auth-redirect-tab.ts).
import { handleSignInCallback } from '../../src/auth/callback.js'
import { IdbAuthStore } from '../../src/auth/index.js'

const database = sessionStorage.getItem('mcp-auth-test-db')
handleSignInCallback(database ? { store: new IdbAuthStore(database) } : {}).catch((error) => {
  document.body.textContent = `Sign-in failed: ${error?.message ?? error}`
})
