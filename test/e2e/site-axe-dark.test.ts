// axe-core on every page of the demo site and on the playground's states, dark (test/e2e/axe-suite.ts).
import { describeAxe } from './axe-suite.js'

describeAxe('dark', [390])
