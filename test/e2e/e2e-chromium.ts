// The Chromium the end-to-end suites drive: the headless shell when it is installed (chromium.mjs, headlessPath), as
// for the browser suites. It is the same engine at the same version without the browser around the page, and the
// suites need nothing only the browser has (no PDF viewer); the e2e stage is bound by CPU, most of it Chromium's.
import { chromium, type Browser } from 'playwright'
import { chromiumArgs, headlessPath } from '../support/chromium.mjs'

/** A headless Chromium of the caller's own (a fresh profile), with the flags it needs here. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: headlessPath, args: chromiumArgs, headless: true })
}
