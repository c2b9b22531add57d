// A TypeDoc plugin (typedoc.json "plugin"): landmarks the default theme's pages lack, so that the reference passes
// axe as the demo's own pages do (demo at /api/). The page's content is its main landmark; the sidebar (settings,
// "on this page", the site menu) is complementary. Only our own fixed attributes are added: nothing is removed.
import { PageEvent } from 'typedoc'

/** @param {import('typedoc').Application} app */
export function load(app) {
  app.renderer.on(PageEvent.END, (page) => {
    if (!page.contents) return
    page.contents = page.contents
      .replace('<div class="col-content">', '<div class="col-content" role="main">')
      .replace('<div class="col-sidebar">', '<div class="col-sidebar" role="complementary" aria-label="Navigation and settings">')
  })
}
