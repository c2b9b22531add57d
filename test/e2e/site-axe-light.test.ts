// axe-core on every page of the demo site and on the playground's states, light (test/e2e/axe-suite.ts).
import { describeAxe } from './axe-suite.js'

describeAxe('light', [1280, 320])
