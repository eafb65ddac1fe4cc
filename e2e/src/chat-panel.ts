import type { Locator, Page } from 'playwright-core';
import { openAndWaitFor } from './session.js';

/** The chat panel of a screen, open and connected to the chat's socket. */
export const connectedChatPanel = (page: Page): Locator => page.locator('section[data-chat-room][data-chat-open="true"][data-chat-status="connected"]');

/**
 * Opens the proposals screen (its heading reads `heading` in the page's language) and answers its
 * connected chat panel, waited for up to `panelTimeoutMs` (the context's default timeout without it).
 */
export async function openProposalsChat(page: Page, baseUrl: string, heading: string, panelTimeoutMs?: number): Promise<Locator> {
  await openAndWaitFor(page, `${baseUrl}/decisions/proposals`, heading);
  const panel = connectedChatPanel(page);
  await panel.waitFor({ timeout: panelTimeoutMs });
  return panel;
}
