// MCP Apps views for the servers (the test server's apps-views/, the demo server's demo/server/app-views/): each
// entry, written with the official `App` class of @modelcontextprotocol/ext-apps, bundled with esbuild into one
// self-contained HTML document with its script inline (a view runs in an opaque-origin frame and can load nothing
// it did not declare).
import { build } from 'esbuild'

/**
 * Bundles every entry (one esbuild run) and returns each view's HTML by name.
 * @param entries view name → entry file
 * @param define compile-time constants for the views (esbuild `define`)
 */
export async function bundleViews(entries: Record<string, string>, define: Record<string, string> = {}): Promise<Map<string, string>> {
  const out = await build({
    entryPoints: entries,
    outdir: 'out',
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    write: false,
    logLevel: 'error',
    define: { ...define, 'process.env.NODE_ENV': '"production"' },
  })
  const views = new Map<string, string>()
  for (const file of out.outputFiles) {
    const name = file.path.replace(/^.*[\\/]/, '').replace(/\.js$/, '')
    // An inline script ends at the first `</script`, wherever it is: escape it inside string literals.
    const js = file.text.replace(/<\/script/gi, '<\\/script')
    views.set(
      name,
      `<!DOCTYPE html><html><head><meta charset="utf-8"><title>${name}</title></head><body><script type="module">${js}</script></body></html>`,
    )
  }
  return views
}
