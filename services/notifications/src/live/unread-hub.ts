import type { FastifyBaseLogger } from 'fastify';
import { activeTraceContext, carriesTrace, contextFromHeaders, SpanKind, traced, traceHeaders, type EventBus, type TraceContext } from '@civic/service-kit';

type Subscription = ReturnType<EventBus['nc']['subscribe']>;

/** One open server-sent-events answer of one user. */
export interface LiveStream {
  userId: string;
  /** Writes one SSE frame; false when the socket is gone. */
  send(frame: string): boolean;
  close(): void;
}

/** What changed, as replicas tell each other over NATS core (not JetStream: a missed push is only a stale badge). */
interface ChangeMessage {
  /** Users whose unread count may have changed. */
  u?: string[];
  /** Every user's count may have changed (an alert for everyone). */
  all?: boolean;
  /** Users whose streams must end (their account was deleted). */
  close?: string[];
}

export interface UnreadHubOptions {
  bus: EventBus;
  log: FastifyBaseLogger;
  /** Current counts of the given users. */
  counts(userIds: string[]): Promise<Map<string, number>>;
  /** Pushes for several users wait this long to be read together. */
  coalesceMs?: number;
}

/** SSE frame of an unread count. */
export const unreadFrame = (count: number) => `event: unread\ndata: ${JSON.stringify({ count })}\n\n`;

/**
 * Pushes unread counts to the browsers connected to this replica. A change anywhere (a consumer on
 * another replica, an API call) is announced on one NATS core subject that every replica hears; each
 * replica then reads the counters of its own connected users that are concerned, in one query, and
 * writes the new count to their streams.
 */
export class UnreadHub {
  private readonly streams = new Map<string, Set<LiveStream>>();
  private readonly subject: string;
  private subscription: Subscription | null = null;
  private pending = new Set<string>();
  /** Trace contexts of the changes waiting in `pending` (tracing on only): the push continues them. */
  private pendingTraces: TraceContext[] = [];
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(private readonly options: UnreadHubOptions) {
    this.subject = options.bus.subject('notifications-live.changed');
  }

  get connections(): number {
    let total = 0;
    for (const set of this.streams.values()) total += set.size;
    return total;
  }

  start(): void {
    if (this.subscription) return;
    const subscription = this.options.bus.nc.subscribe(this.subject);
    this.subscription = subscription;
    void (async () => {
      for await (const message of subscription) {
        try {
          this.apply(JSON.parse(message.string()) as ChangeMessage, contextFromHeaders(message.headers));
        } catch (error) {
          this.options.log.warn({ err: error }, 'unreadable live change message');
        }
      }
    })();
  }

  /** Ends every stream (shutdown) and stops listening. */
  stop(): void {
    this.subscription?.unsubscribe();
    this.subscription = null;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    for (const set of this.streams.values()) for (const stream of set) stream.close();
    this.streams.clear();
  }

  /** How many streams of this user this replica holds open. */
  openFor(userId: string): number {
    return this.streams.get(userId)?.size ?? 0;
  }

  add(stream: LiveStream): () => void {
    let set = this.streams.get(stream.userId);
    if (!set) this.streams.set(stream.userId, (set = new Set()));
    set.add(stream);
    return () => {
      set.delete(stream);
      if (set.size === 0 && this.streams.get(stream.userId) === set) this.streams.delete(stream.userId);
    };
  }

  /** Tells every replica that these users' counts changed. */
  changed(userIds: Iterable<string>): void {
    const u = [...new Set(userIds)];
    if (u.length) this.announce({ u });
  }

  changedForEveryone(): void {
    this.announce({ all: true });
  }

  /** Pushes this replica's own streams of one user again (a stream just opened). */
  refresh(userId: string): void {
    this.apply({ u: [userId] }, activeTraceContext());
  }

  /** Ends the streams of deleted accounts on every replica. */
  closeUsers(userIds: string[]): void {
    if (userIds.length) this.announce({ close: userIds });
  }

  private announce(message: ChangeMessage): void {
    try {
      // The change's trace (the consumer's or the request's) travels with it to every replica.
      const headers = traceHeaders();
      this.options.bus.nc.publish(this.subject, JSON.stringify(message), headers ? { headers } : undefined);
    } catch (error) {
      // NATS is away: at least this replica's browsers are told.
      this.options.log.warn({ err: error }, 'could not announce a count change, pushing locally');
      this.apply(message, activeTraceContext());
    }
  }

  private apply(message: ChangeMessage, from?: TraceContext): void {
    for (const userId of message.close ?? []) {
      for (const stream of this.streams.get(userId) ?? []) stream.close();
      this.streams.delete(userId);
    }
    const concerned = message.all ? [...this.streams.keys()] : (message.u ?? []).filter((id) => this.streams.has(id));
    if (concerned.length === 0) return;
    for (const id of concerned) this.pending.add(id);
    if (from && carriesTrace(from)) this.pendingTraces.push(from);
    this.timer ??= setTimeout(() => void this.flush(), this.options.coalesceMs ?? 5);
  }

  /**
   * Reads and pushes the waiting counts. Traced, the push is a span of the first change's trace,
   * linked to the others coalesced with it.
   */
  private flush(): Promise<void> {
    this.timer = null;
    const userIds = [...this.pending];
    this.pending = new Set();
    const [first, ...others] = this.pendingTraces;
    this.pendingTraces = [];
    if (!first) return this.push(userIds);
    const attributes = { 'notifications.users': userIds.length };
    return traced('notifications unread push', { kind: SpanKind.PRODUCER, from: first, alsoFrom: others, attributes }, () => this.push(userIds));
  }

  private async push(userIds: string[]): Promise<void> {
    try {
      const counts = await this.options.counts(userIds);
      for (const userId of userIds) {
        const count = counts.get(userId) ?? 0;
        for (const stream of this.streams.get(userId) ?? []) stream.send(unreadFrame(count));
      }
    } catch (error) {
      this.options.log.warn({ err: error }, 'could not read unread counts to push');
    }
  }
}
