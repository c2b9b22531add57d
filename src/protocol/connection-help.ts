// A file of its own: <mcp-server> links to it beside a diagnosed problem, and needs none of the error classes for that
// (they load with the connection doctor that makes them; the element tells them by brand, isMcpError()).

/** Where each failure's fix is explained (README, "Connection problems"). */
export const CONNECTION_HELP_URL = 'https://www.npmjs.com/package/mcp-web-elements#connection-problems'
