// The page a hostile view navigates its own frame to (a data: URL it makes, a page on the sandbox proxy's origin,
// a page on a third origin). Its script, if it ever runs, tells the host through the proxy, as a view's log would:
// where it ran and whether the view's CSP was still in force (the view's policy has no 'unsafe-eval', so eval
// throws under it). The tests expect never to hear it.
export function landingPage(where: string): string {
  const script = `var csp; try { eval('1'); csp = false } catch (e) { csp = true }
var data = { event: 'escaped', where: ${JSON.stringify(where)}, csp: csp };
parent.postMessage({ jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info', data: data } }, '*');
parent.postMessage({ jsonrpc: '2.0', id: 'escaped-1', method: 'ui/message', params: { role: 'user', content: [{ type: 'text', text: 'escaped from ' + data.where }] } }, '*');`
  return `<!DOCTYPE html><title>landed</title><p>landed</p><script>${script}</script>`
}
