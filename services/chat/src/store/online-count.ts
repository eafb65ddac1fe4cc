/**
 * How many sockets are in a chat room across every pod, for slow mode's automatic switch
 * (docs/product.md#chat). Each pod counts its own sockets of each room and writes the count every
 * `refreshMs` into a Redis hash per room (field: the pod, value: `count:writtenAtMs`); a reader sums
 * the fields written recently (three refreshes, at least 10 s: a busy event loop may delay a refresh),
 * so a pod that died stops counting soon after. Without Redis, or while it is unreachable, the pod's
 * own count is the answer (it serves alone then).
 */
import type { Server } from 'socket.io';
import type { ChatRedis } from './redis.js';

export interface OnlineCounter {
  /** Sockets in the room across the pods (a few seconds old at most). */
  of(room: string): Promise<number>;
}

export interface OnlineCountSettings {
  /** This pod's sockets in each chat room it holds now. */
  localRooms: () => Map<string, number>;
  redis: ChatRedis | null;
  redisPrefix: string;
  /** This pod's field in each room's hash: unique per process. */
  podId: string;
  refreshMs?: number;
  /** A room's sum is read from Redis at most this often per pod. */
  cacheMs?: number;
  clock?: () => number;
}

const readTimeoutMs = 250;

export class OnlineCount implements OnlineCounter {
  private readonly refreshMs: number;
  /** A pod's count older than this is a dead pod's: not counted. */
  private readonly staleMs: number;
  private readonly cacheMs: number;
  private readonly clock: () => number;
  private readonly cached = new Map<string, { count: number; at: number }>();
  /** Rooms whose field this pod wrote last time: removed once it holds none of their sockets. */
  private written = new Set<string>();
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly settings: OnlineCountSettings) {
    this.refreshMs = settings.refreshMs ?? 5000;
    this.staleMs = Math.max(3 * this.refreshMs, 10_000);
    this.cacheMs = settings.cacheMs ?? 1000;
    this.clock = settings.clock ?? Date.now;
  }

  private key(room: string): string {
    return `${this.settings.redisPrefix}online:${room}`;
  }

  private local(room: string): number {
    return this.settings.localRooms().get(room) ?? 0;
  }

  async of(room: string): Promise<number> {
    const redis = this.settings.redis;
    if (!redis?.client.isReady) return this.local(room);
    const now = this.clock();
    const hit = this.cached.get(room);
    if (hit && now - hit.at < this.cacheMs) return hit.count;
    try {
      // A post never waits on Redis: a read that takes longer (Redis going away) counts this pod alone.
      const fields = await Promise.race([
        redis.client.hGetAll(this.key(room)) as Promise<Record<string, string>>,
        new Promise<never>((_resolve, reject) => setTimeout(() => reject(new Error('online count read timed out')), readTimeoutMs).unref()),
      ]);
      let others = 0;
      for (const [pod, value] of Object.entries(fields)) {
        if (pod === this.settings.podId) continue;
        const [count, writtenAt] = value.split(':').map(Number);
        if (now - (writtenAt ?? 0) <= this.staleMs) others += count ?? 0;
      }
      // This pod's own count is read live rather than from its last write.
      const count = others + this.local(room);
      this.cached.set(room, { count, at: now });
      if (this.cached.size > 10_000) this.cached.clear();
      return count;
    } catch {
      return this.local(room);
    }
  }

  /** Writes this pod's counts now (then every refreshMs once started). */
  async refresh(): Promise<void> {
    const redis = this.settings.redis;
    if (!redis?.client.isReady) return;
    const counts = this.settings.localRooms();
    const now = this.clock();
    const multi = redis.client.multi();
    for (const [room, count] of counts) {
      multi.hSet(this.key(room), this.settings.podId, `${count}:${now}`);
      multi.pExpire(this.key(room), this.staleMs);
    }
    for (const room of this.written) if (!counts.has(room)) multi.hDel(this.key(room), this.settings.podId);
    try {
      await multi.exec();
      this.written = new Set(counts.keys());
    } catch {
      // Redis went away meanwhile: the next refresh writes again; readers fall back to their own count.
    }
  }

  start(): void {
    if (!this.settings.redis || this.timer) return;
    void this.refresh();
    this.timer = setInterval(() => void this.refresh(), this.refreshMs);
    this.timer.unref();
  }

  /** Stops refreshing and removes this pod's fields, so the others stop counting its sockets at once. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    const redis = this.settings.redis;
    if (!redis?.client.isReady || this.written.size === 0) return;
    const multi = redis.client.multi();
    for (const room of this.written) multi.hDel(this.key(room), this.settings.podId);
    await multi.exec().catch(() => undefined);
    this.written.clear();
  }
}

/** This pod's sockets in each chat room (`cycle:...`, `law:...`) it holds: the adapter's local rooms. */
export function localChatRooms(io: Server | undefined): Map<string, number> {
  const counts = new Map<string, number>();
  for (const [room, sockets] of io?.of('/').adapter.rooms ?? []) {
    if (room.startsWith('cycle:') || room.startsWith('law:')) counts.set(room, sockets.size);
  }
  return counts;
}
