import { createClient } from 'redis';
import type { RateLimiter } from '../domain/rate-limit.js';

type Client = ReturnType<typeof createClient>;
type Raw = string | number;

/**
 * What @socket.io/redis-streams-adapter calls on an ioredis client, served by node-redis 5 (whose
 * `commandOptions({ isolated })` the adapter's node-redis path still expects, but which version 5
 * removed). Blocking reads get a connection of their own so they never hold up publishing.
 */
export function streamsAdapterClient(client: Client, reader: Client): object {
  const send = (target: Client, args: Raw[]): Promise<unknown> => target.sendCommand(args.map(String));
  return {
    xread: (...args: Raw[]) => send(reader, ['XREAD', ...args]),
    xadd: (args: Raw[]) => send(client, ['XADD', ...args]),
    xrange: (key: string, start: string, end: string) => send(client, ['XRANGE', key, start, end]),
    set: (...args: Raw[]) => send(client, ['SET', ...args]),
    multi() {
      const commands: Raw[][] = [];
      const chain = {
        get(key: string) {
          commands.push(['GET', key]);
          return chain;
        },
        del(key: string) {
          commands.push(['DEL', key]);
          return chain;
        },
        async exec() {
          const results: [null, unknown][] = [];
          for (const command of commands) results.push([null, await send(client, command)]);
          return results;
        },
      };
      return chain;
    },
  };
}

export interface ChatRedis {
  client: Client;
  reader: Client;
  close(): Promise<void>;
}

export async function connectRedis(url: string): Promise<ChatRedis> {
  const client = createClient({ url });
  client.on('error', () => undefined); // reconnects by itself; commands fail meanwhile
  await client.connect();
  const reader = client.duplicate();
  reader.on('error', () => undefined);
  await reader.connect();
  return {
    client,
    reader,
    async close() {
      await Promise.allSettled([client.close(), reader.destroy()]);
    },
  };
}

/** The per-user message rate shared by every instance: a fixed-window counter per user. */
export class RedisWindow implements RateLimiter {
  constructor(
    private readonly client: Client,
    private readonly prefix: string,
    private readonly limit: number,
    private readonly windowMs: number,
  ) {}

  async take(userId: string) {
    const now = Date.now();
    const window = Math.floor(now / this.windowMs);
    const key = `${this.prefix}rate:${userId}:${window}`;
    const count = await this.client.incr(key);
    if (count === 1) await this.client.pExpire(key, this.windowMs * 2);
    if (count > this.limit) return { allowed: false as const, retryAfterMs: (window + 1) * this.windowMs - now };
    return { allowed: true as const };
  }
}
