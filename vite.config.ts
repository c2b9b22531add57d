import { defineConfig } from 'vite'

// Library build: one ES module per public entry, dependencies left to the
// consumer's bundler (they are in package.json "dependencies").
export default defineConfig({
  build: {
    target: 'es2022',
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    minify: false,
    lib: {
      entry: { index: 'components/index.ts', client: 'src/client/index.ts' },
      formats: ['es'],
    },
    rolldownOptions: {
      external: [/^eventsource-parser/, /^@cfworker\/json-schema/, /^lit/, /^@lit\//, /^idb/, /^mdast-util-from-markdown/, /^url-template/],
    },
  },
})
