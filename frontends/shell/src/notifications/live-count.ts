/**
 * Keeps one server-sent-events stream of the user's unread count open (GET
 * /api/users/notifications/stream through the gateway): reconnects after a drop with a growing
 * delay, and when the server refuses (401) or ends the stream because the access token expired, asks
 * `renew` to renew the session before trying again.
 */
import { notificationsApi } from '../api/notifications.js';
import { createSseParser } from './sse.js';

export interface LiveCountOptions {
  onCount: (count: number) => void;
  /** Renews the session; false stops the stream (the user is gone). */
  renew: () => Promise<boolean>;
  /** Told each time the stream is (re)established. */
  onOpen?: () => void;
}

const MAX_DELAY_MS = 30_000;

export function connectLiveCount({ onCount, renew, onOpen }: LiveCountOptions): () => void {
  let stopped = false;
  let controller: AbortController | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let failures = 0;
  let retryMs = 3000;

  const schedule = (delay: number) => {
    if (stopped) return;
    timer = setTimeout(() => void run(), delay);
  };

  async function run(): Promise<void> {
    if (stopped) return;
    controller = new AbortController();
    let needsRenewal = false;
    try {
      const response = await fetch(notificationsApi.streamPath, {
        credentials: 'same-origin',
        headers: { accept: 'text/event-stream' },
        signal: controller.signal,
        cache: 'no-store',
      });
      if (response.status === 401) {
        needsRenewal = true;
      } else if (response.ok && response.body) {
        failures = 0;
        onOpen?.();
        const parser = createSseParser(({ event, data }) => {
          if (event === 'unread') {
            try {
              const { count } = JSON.parse(data) as { count?: unknown };
              if (typeof count === 'number') onCount(count);
            } catch {
              // a malformed frame is skipped
            }
          } else if (event === 'expired') {
            needsRenewal = true;
          }
        });
        const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          parser.push(value);
        }
        retryMs = parser.retryMs ?? retryMs;
      }
    } catch {
      // network failure or aborted: retried below unless stopped
    }
    if (stopped) return;
    if (needsRenewal) {
      const renewed = await renew().catch(() => false);
      if (!renewed || stopped) return;
      schedule(0);
      return;
    }
    failures += 1;
    schedule(Math.min(retryMs * 2 ** Math.max(failures - 1, 0), MAX_DELAY_MS));
  }

  void run();
  return () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    controller?.abort();
  };
}
