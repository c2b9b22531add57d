// `npm run lint` (scripts/eslint-typescript.mjs gives typescript-eslint the TypeScript 6 API). The recommended rules
// of ESLint, typescript-eslint, Lit, web components and Lit's accessibility checks. When a rule is in the way, change
// the design, not the rule: each rule turned off or tuned here says why in one line.
import js from '@eslint/js'
import { defineConfig } from 'eslint/config'
import { configs as lit } from 'eslint-plugin-lit'
import litA11y from 'eslint-plugin-lit-a11y'
import { configs as wc } from 'eslint-plugin-wc'
import globals from 'globals'
import tseslint from 'typescript-eslint'

export default defineConfig(
  { ignores: ['dist/', 'node_modules/', '.tmp/', 'results/', 'docs/api/', 'spec/', 'src/protocol/generated/'] },
  js.configs.recommended,
  // Not the type-checked sets: on this 2-core machine they took 89 s of CPU (6 minutes under load) against 18 s.
  tseslint.configs.recommended,
  {
    rules: {
      // `_` marks what a signature or a destructuring must name but the code does not use (`willUpdate(_changed)`);
      // a rest sibling is how a key is left out of a copy.
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      // The interface merged into a class only adds typed overloads of addEventListener/removeEventListener, which
      // EventTarget implements (lib.dom's own way of typing events); nothing in it is left unimplemented.
      '@typescript-eslint/no-unsafe-declaration-merging': 'off',
      // A `let` that a closure reads before its one assignment (a fetch that follows a target chosen later) cannot be a const.
      'prefer-const': ['error', { ignoreReadBeforeAssign: true }],
    },
  },
  {
    files: ['**/*.{js,mjs,cjs}'],
    languageOptions: { globals: globals.node },
  },
  {
    // Runs in the bench's browser page.
    files: ['bench/elements-page.js'],
    languageOptions: { globals: globals.browser },
  },
  {
    // The functions these hand the browser to run (page.evaluate, driver.execute) read the page's `window`.
    files: ['test/support/*.mjs'],
    languageOptions: { globals: { window: 'readonly' } },
  },
  {
    files: ['test/**', 'bench/**', '**/*.test.ts'],
    rules: {
      // For now: tests and fixture servers read wire JSON by path with `any` (108 places); to type as `unknown`.
      '@typescript-eslint/no-explicit-any': 'off',
    },
  },
  {
    files: ['components/**/*.ts', 'demo/site/**/*.ts'],
    extends: [lit['flat/recommended'], wc['flat/recommended'], litA11y.configs.recommended],
  },
  {
    files: ['components/**/*.component.ts'],
    rules: {
      // A Lit reactive controller registers itself with its element when made; the private field only names it.
      'no-unused-private-class-members': 'off',
    },
  },
)
