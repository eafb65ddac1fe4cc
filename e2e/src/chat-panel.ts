import type { Locator, Page } from 'playwright-core';
import { openAndWaitFor } from './session.js';

/** The chat panel of a screen, open and connected to the chat's socket. */
export const connectedChatPanel = (page: Page): Locator => page.locator('section[data-chat-room][data-chat-open="true"][data-chat-status="connected"]');

/**
 * Below 1024 px the phase screens keep the chat one tap away: presses the floating tab that opens it
 * as a bottom sheet. From 1024 px the chat is a side panel already shown, and nothing is pressed.
 */
export async function openChatSheet(page: Page): Promise<void> {
  await page.locator('[data-layout="side-panel"]').waitFor();
  const tab = page.locator('[data-layout="side-panel"] > button.ui-side-layout__tab');
  if (await tab.isVisible()) await tab.click();
}

/**
 * Opens the proposals screen (its heading reads `heading` in the page's language) and answers its
 * connected chat panel, waited for up to `panelTimeoutMs` (the context's default timeout without it).
 */
export async function openProposalsChat(page: Page, baseUrl: string, heading: string, panelTimeoutMs?: number): Promise<Locator> {
  await openAndWaitFor(page, `${baseUrl}/decisions/proposals`, heading);
  await openChatSheet(page);
  const panel = connectedChatPanel(page);
  await panel.waitFor({ timeout: panelTimeoutMs });
  return panel;
}
