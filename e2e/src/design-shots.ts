/**
 * Full-page screenshots for the design review (docs/design/README.md): JPEG at quality 70 to keep
 * them small, at the desktop and phone widths the issue names.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';

export const SHOT_WIDTHS = [
  { label: 'desktop', width: 1280, height: 900 },
  { label: 'mobile', width: 375, height: 812 },
] as const;

/** Saves `<dir>/<name>-<desktop|mobile>.jpg` for both widths, in the light theme; the page keeps the last width. */
export async function shootBothWidths(page: Page, dir: string, name: string): Promise<void> {
  mkdirSync(dir, { recursive: true });
  await page.emulateMedia({ colorScheme: 'light', reducedMotion: 'reduce' });
  for (const { label, width, height } of SHOT_WIDTHS) {
    await page.setViewportSize({ width, height });
    // Layout and lazily loaded images settle after a resize.
    await page.waitForTimeout(400);
    await page.screenshot({ path: path.join(dir, `${name}-${label}.jpg`), type: 'jpeg', quality: 70, fullPage: true });
  }
}
