// The custom-elements manifest (dist/custom-elements.json; package.json
// "customElements" points at it), written by `npm run build` from the JSDoc
// headers of the element classes. The registering files are read too, so each
// tag's `customElements.define` shows up as the module that defines it.
export default {
  globs: ['components/*/*.component.ts', 'components/mcp-*/mcp-*.ts'],
  exclude: ['**/*.styles.ts', '**/*.test.ts'],
  outdir: 'dist',
  litelement: true,
  // package.json names the manifest itself; the analyzer would otherwise rewrite it on every build.
  packagejson: false,
}
