import type { FastifyBaseLogger } from 'fastify';
import { createClient } from '@redis/client';
import { SlidingWindow, type RateLimiter } from '../domain/rate-limit.js';

/** A client as `createClient({ url })` makes it: RESP2, no modules. */
const newClient = (url: string) => createClient({ url });
type Client = ReturnType<typeof newClient>;
type Raw = string | number;

/** Redis cannot be reached right now: refused at once rather than queued until it is back. */
class RedisUnavailable extends Error {
  constructor() {
    super('Redis is unavailable');
  }
}

/** Sends now, or fails at once while Redis is unreachable (the client would otherwise hold the command until it is back). */
function sendNow(target: Client, args: Raw[]): Promise<unknown> {
  return target.isReady ? target.sendCommand(args.map(String)) : Promise.reject(new RedisUnavailable());
}

/**
 * What @socket.io/redis-streams-adapter calls on an ioredis client, served by node-redis 5 (whose
 * `commandOptions({ isolated })` the adapter's node-redis path still expects, but which version 5
 * removed). Blocking reads get a connection of their own so they never hold up publishing.
 *
 * While Redis is unreachable the instance serves alone: publishing fails at once, so the adapter
 * still delivers to this instance's clients without waiting, and a reconnecting client gets a fresh
 * session instead of waiting for its old one. Reading waits in the reader's queue until Redis is
 * back (failing at once would spin the adapter's read loop), then resumes where it stopped.
 */
export function streamsAdapterClient(client: Client, reader: Client): object {
  // The adapter reads from "$" until it has read a first entry, and "$" means "what is added after
  // this read arrives": an entry added between two of its polls (each waits 100 ms) would never reach
  // this instance's clients. Its first read pins where the stream stood, and the following ones go on
  // from the last entry read.
  let lastRead: string | null = null;
  return {
    async xread(...args: Raw[]) {
      if (args[args.length - 1] === '$') {
        lastRead ??= await lastEntryId(reader, String(args[args.length - 2]));
        args = [...args.slice(0, -1), lastRead];
      }
      const answer = (await reader.sendCommand(['XREAD', ...args].map(String))) as [string, [string, string[]][]][] | null;
      const entries = answer?.[0]?.[1];
      if (entries && entries.length > 0) lastRead = entries[entries.length - 1]![0];
      return answer;
    },
    xadd: (args: Raw[]) => sendNow(client, ['XADD', ...args]),
    // A socket coming back reads what it missed from its offset to the stream's end, while this
    // instance's reader may not have delivered the last entries yet: the reader would then send them
    // again to the socket, which is back in its rooms by then. The catch-up stops where the reader
    // stands; the socket joins its rooms in the same tick as this answer, so the reader brings it
    // the rest, once.
    async xrange(key: string, start: string, end: string) {
      const entries = (await sendNow(client, ['XRANGE', key, start, end])) as [string, string[]][];
      const delivered = lastRead;
      if (end !== '+' || delivered === null) return entries;
      return entries.filter(([id]) => compareEntryIds(id, delivered) <= 0);
    },
    // The adapter saves a session without awaiting it: a failure (the session is lost, the client
    // starts afresh) must not become an unhandled rejection.
    set: (...args: Raw[]) => sendNow(client, ['SET', ...args]).catch(() => null),
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
          for (const command of commands) results.push([null, await sendNow(client, command)]);
          return results;
        },
      };
      return chain;
    },
  };
}

/** Orders two stream entry ids (`<ms>-<sequence>`). */
export function compareEntryIds(a: string, b: string): number {
  const [aMs, aSeq] = a.split('-').map(BigInt) as [bigint, bigint];
  const [bMs, bSeq] = b.split('-').map(BigInt) as [bigint, bigint];
  if (aMs !== bMs) return aMs < bMs ? -1 : 1;
  return aSeq === bSeq ? 0 : aSeq < bSeq ? -1 : 1;
}

/** The id of the stream's newest entry, or 0-0 while it has none. */
async function lastEntryId(reader: Client, stream: string): Promise<string> {
  const [newest] = (await reader.sendCommand(['XREVRANGE', stream, '+', '-', 'COUNT', '1'])) as [string, string[]][];
  return newest?.[0] ?? '0-0';
}

export interface ChatRedis {
  client: Client;
  reader: Client;
  close(): Promise<void>;
}

/** Connects the publishing and the reading clients; each reconnects by itself, and only the outage's start and end are logged. */
export async function connectRedis(url: string, log?: Pick<FastifyBaseLogger, 'warn' | 'info'>): Promise<ChatRedis> {
  const client = newClient(url);
  let reachable = true;
  client.on('error', (error: unknown) => {
    if (!reachable) return;
    reachable = false;
    log?.warn({ err: error }, 'Redis unreachable: this instance serves its own clients alone until it is back');
  });
  client.on('ready', () => {
    if (reachable) return;
    reachable = true;
    log?.info('Redis is back: rooms are shared across instances again');
  });
  await client.connect();
  const reader = client.duplicate();
  reader.on('error', () => undefined);
  await reader.connect();
  return {
    client,
    reader,
    async close() {
      // Closing waits for the replies of queued commands, which never come while Redis is down.
      await Promise.allSettled([client.isReady ? client.close() : client.destroy(), reader.destroy()]);
    },
  };
}

/**
 * The per-user message rate shared by every instance: a fixed-window counter per user. While Redis
 * is unreachable each instance counts alone (the limit then holds per instance), so posting neither
 * waits for Redis nor stops.
 */
export class RedisWindow implements RateLimiter {
  private readonly alone: SlidingWindow;

  constructor(
    private readonly client: Client,
    private readonly prefix: string,
    private readonly limit: number,
    private readonly windowMs: number,
  ) {
    this.alone = new SlidingWindow(limit, windowMs);
  }

  async take(userId: string) {
    try {
      return await this.shared(userId);
    } catch {
      return this.alone.take(userId);
    }
  }

  private async shared(userId: string) {
    const now = Date.now();
    const window = Math.floor(now / this.windowMs);
    const key = `${this.prefix}rate:${userId}:${window}`;
    const count = Number(await sendNow(this.client, ['INCR', key]));
    if (count === 1) await sendNow(this.client, ['PEXPIRE', key, this.windowMs * 2]);
    if (count > this.limit) return { allowed: false as const, retryAfterMs: (window + 1) * this.windowMs - now };
    return { allowed: true as const };
  }
}
