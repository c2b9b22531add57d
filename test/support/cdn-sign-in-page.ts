// The element of cdn-sign-in-page.html, as a page author writes it, with the server and client from the query.
const params = new URLSearchParams(location.search)
const server = document.createElement('mcp-server')
server.setAttribute('url', params.get('url')!)
server.setAttribute('redirect-uri', '/test/support/cdn-auth-callback.html')
server.setAttribute('client-id', params.get('client')!)
server.setAttribute('sign-in', 'redirect')
server.append(document.createElement('mcp-tool-list'))
document.body.append(server)
