import { isChatError, type ChatAck } from '@civic/contracts';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { io, type Socket } from 'socket.io-client';
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

/**
 * A chat socket of the member logged in `context`, opened as the page opens it (path /socket.io over
 * websocket through the gateway, the context's cookies, the site's Origin), for a test that posts
 * faster than a person types. Its `received(event)` lists that event's payloads, alone or inside
 * `batch` frames (the room delivery of services/chat/README.md#delivery), and `frames` counts both.
 */
export async function memberChatSocket(context: BrowserContext | null, baseUrl: string): Promise<ChatTestSocket> {
  const headers: Record<string, string> = { origin: new URL(baseUrl).origin };
  if (context) headers.cookie = (await context.cookies(baseUrl)).map(({ name, value }) => `${name}=${value}`).join('; ');
  const socket = io(baseUrl, { path: '/socket.io', transports: ['websocket'], extraHeaders: headers, forceNew: true, timeout: 10_000 });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', (error) => reject(new Error(`the chat socket did not connect through the gateway: ${error.message}`)));
  });
  const events: [string, unknown][] = [];
  const frames = { single: 0, batches: 0 };
  socket.onAny((event: string, payload: unknown) => {
    if (event === 'batch') {
      frames.batches++;
      events.push(...(payload as [string, unknown][]));
    } else {
      frames.single++;
      events.push([event, payload]);
    }
  });
  return Object.assign(socket, {
    frames,
    received: <T>(event: string) => events.filter(([name]) => name === event).map(([, payload]) => payload as T),
    async ask<T>(event: string, payload: unknown): Promise<T> {
      const ack = (await socket.timeout(10_000).emitWithAck(event, payload)) as ChatAck<T>;
      if (isChatError(ack)) throw new Error(`${event} answered ${JSON.stringify(ack)}`);
      return ack.data;
    },
  });
}

export type ChatTestSocket = Socket & {
  frames: { single: number; batches: number };
  received<T>(event: string): T[];
  /** Emits and answers the acknowledgement's data; throws on an error answer. */
  ask<T>(event: string, payload: unknown): Promise<T>;
};
