/** Debian's Chromium through playwright-core: never a downloaded browser. */
import { chromium, type Browser, type ConsoleMessage, type Page } from 'playwright-core';
import { headlessChromiumArgs } from '../../src/server/weighing/phone-browser.js';

export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export async function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath,
    args: [...headlessChromiumArgs],
  });
}

/** Collects console errors and warnings and page errors, so tests can assert there were none. */
export function watchConsole(page: Page): { errors: string[] } {
  const errors: string[] = [];
  page.on('console', (msg: ConsoleMessage) => {
    if (msg.type() === 'error' || (msg.type() === 'warning' && /hydrat|did not match/i.test(msg.text()))) errors.push(`${msg.type()}: ${msg.text()}`);
  });
  page.on('pageerror', (err) => errors.push(`pageerror: ${err.message}`));
  return { errors };
}
