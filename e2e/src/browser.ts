import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

/**
 * The Chromium the tests drive, from the system packages (never a downloaded browser): CHROMIUM_PATH,
 * else Debian's `chromium-headless-shell`, else `chromium`. The headless shell is the same Blink
 * without the desktop browser around it: on two busy cores a page costs it about a third less CPU
 * (docs/architecture.md#tooling-notes).
 */
function chromiumPath(): string {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  return existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium';
}

/**
 * Headless Chromium. playwright-core gives every launch a fresh temporary user-data-dir. The flags
 * are the ones these machines need (docs/architecture.md#tooling-notes).
 */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath(),
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}
