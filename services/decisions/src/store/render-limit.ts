import { createClient } from '@redis/client';
import { FixedWindowCounter, windowAllowance, type Allowance } from '../domain/law-pdf-rules.js';

type Client = ReturnType<typeof createClient>;

/** Counts the PDF renders of each requester (docs/product.md#archive). */
export interface RenderLimit {
  take(requester: string): Promise<Allowance>;
  close(): Promise<void>;
}

export interface RenderLimitSettings {
  limit: number;
  windowMs: number;
  clock: () => Date;
}

/** Each replica counts alone (no Redis configured). */
export function localRenderLimit({ limit, windowMs, clock }: RenderLimitSettings): RenderLimit {
  const counter = new FixedWindowCounter(limit, windowMs);
  return { take: async (requester) => counter.take(requester, clock().getTime()), close: async () => undefined };
}

/**
 * One counter per requester and window in Redis, shared by every replica (`<prefix>pdf-render:<requester>:<window>`,
 * expiring after two windows). While Redis cannot be reached each replica counts alone, so a Redis
 * outage neither opens the renders to everyone nor stops them.
 */
export async function redisRenderLimit(url: string, prefix: string, settings: RenderLimitSettings, log?: { warn(object: object, message: string): void }): Promise<RenderLimit> {
  const client: Client = createClient({ url });
  let reachable = true;
  client.on('error', (error: unknown) => {
    if (reachable) log?.warn({ err: error }, 'Redis unreachable: each replica counts PDF renders alone until it is back');
    reachable = false;
  });
  client.on('ready', () => {
    reachable = true;
  });
  await client.connect();
  const alone = localRenderLimit(settings);
  const { limit, windowMs, clock } = settings;
  return {
    async take(requester) {
      if (!client.isReady) return alone.take(requester);
      try {
        const now = clock().getTime();
        const window = Math.floor(now / windowMs);
        const key = `${prefix}pdf-render:${requester}:${window}`;
        const [count] = (await client.multi().incr(key).pExpire(key, windowMs * 2).exec()) as unknown as [number, unknown];
        return windowAllowance(Number(count), limit, window, windowMs, now);
      } catch {
        return alone.take(requester);
      }
    },
    async close() {
      await (client.isReady ? client.close() : client.destroy());
    },
  };
}
