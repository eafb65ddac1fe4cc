import { chromium, type Browser } from 'playwright-core';

/**
 * Headless Chromium from the system package (never a downloaded browser). playwright-core gives every
 * launch a fresh temporary user-data-dir. The flags are the ones these machines need
 * (docs/architecture.md#tooling-notes).
 */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
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
