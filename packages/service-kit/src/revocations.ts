import type { FastifyBaseLogger } from 'fastify';
import { AckPolicy, DeliverPolicy, type ConsumerMessages, type JsMsg } from '@nats-io/jetstream';
import { SessionRevoked, UserTokensRevoked, type NewestPayload } from '@civic/contracts';
import { eventReader, type EventReading } from './consumer.js';
import { nanos, type EventBus } from './nats.js';

/** What a verified access token says of itself that a revocation may match. */
export interface TokenIdentity {
  /** The member (`sub`). */
  id: string;
  /** The session it was issued for (`sid`); tokens without one are matched by member only. */
  sessionId?: string;
  /** When it was issued (`iat`), epoch milliseconds. */
  issuedAtMs?: number;
}

/** One revocation as identity announced it (docs/sessions.md); times are epoch milliseconds. */
export type Revocation = { kind: 'session'; sessionId: string; userId: string; revokedAt: number } | { kind: 'issued-before'; userId: string; issuedBefore: number };

/** Access tokens live 15 minutes unless identity's ACCESS_TOKEN_MINUTES says otherwise. */
export const DEFAULT_ACCESS_TOKEN_LIFETIME_MS = 15 * 60_000;

export interface RevocationListOptions {
  /** The longest life of an access token: a revocation denies nothing once that long has passed. */
  tokenLifetimeMs?: number;
  /**
   * How much longer an entry is kept: a verifier whose clock runs behind identity's still takes the
   * tokens it denies as unexpired for that long.
   */
  clockSkewMs?: number;
  /** Milliseconds now (tests move it). */
  clock?: () => number;
}

/** Expired entries are dropped at most this often, when a revocation comes in. */
const SWEEP_EVERY_MS = 10_000;

/**
 * The access tokens refused although their signature and expiry are good: those of ended sessions,
 * and a member's tokens issued before a cut-off (their claims stopped being true). An entry is kept
 * until every token it denies has expired, one token lifetime after the revocation, so the list holds
 * at most one lifetime of revocations.
 */
export class RevocationList {
  /** Session id → until when its entry is kept. */
  private readonly sessions = new Map<string, number>();
  /** Member id → their latest cut-off. */
  private readonly cutOffs = new Map<string, { issuedBefore: number; keptUntil: number }>();
  private readonly listeners = new Set<(revocation: Revocation) => void>();
  private readonly keptForMs: number;
  private readonly clock: () => number;
  private nextSweepAt = 0;

  constructor({ tokenLifetimeMs = DEFAULT_ACCESS_TOKEN_LIFETIME_MS, clockSkewMs = 60_000, clock = Date.now }: RevocationListOptions = {}) {
    this.keptForMs = tokenLifetimeMs + clockSkewMs;
    this.clock = clock;
  }

  /** Takes a revocation in and tells the listeners; one whose tokens have all expired changes nothing. */
  add(revocation: Revocation): void {
    const now = this.clock();
    const keptUntil = (revocation.kind === 'session' ? revocation.revokedAt : revocation.issuedBefore) + this.keptForMs;
    if (keptUntil <= now) return;
    this.sweep(now);
    if (revocation.kind === 'session') {
      this.sessions.set(revocation.sessionId, Math.max(keptUntil, this.sessions.get(revocation.sessionId) ?? 0));
    } else {
      const earlier = this.cutOffs.get(revocation.userId);
      // The later cut-off denies everything the earlier one did, and for longer.
      this.cutOffs.set(revocation.userId, {
        issuedBefore: Math.max(revocation.issuedBefore, earlier?.issuedBefore ?? Number.NEGATIVE_INFINITY),
        keptUntil: Math.max(keptUntil, earlier?.keptUntil ?? 0),
      });
    }
    for (const listener of this.listeners) listener(revocation);
  }

  /** Whether the token must be refused. A token that does not say when it was issued falls under any cut-off of its member. */
  denies(token: TokenIdentity): boolean {
    const now = this.clock();
    if (token.sessionId !== undefined && (this.sessions.get(token.sessionId) ?? 0) > now) return true;
    const cutOff = this.cutOffs.get(token.id);
    if (!cutOff || cutOff.keptUntil <= now) return false;
    return token.issuedAtMs === undefined || token.issuedAtMs < cutOff.issuedBefore;
  }

  /** Entries held (sessions, and members with a cut-off), expired ones included until the next sweep. */
  get size(): number {
    return this.sessions.size + this.cutOffs.size;
  }

  /** Calls `listener` with every revocation taken in from now on (it must not throw); answers how to stop. */
  onRevocation(listener: (revocation: Revocation) => void): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  private sweep(now: number): void {
    if (now < this.nextSweepAt) return;
    this.nextSweepAt = now + SWEEP_EVERY_MS;
    for (const [sessionId, keptUntil] of this.sessions) if (keptUntil <= now) this.sessions.delete(sessionId);
    for (const [userId, cutOff] of this.cutOffs) if (cutOff.keptUntil <= now) this.cutOffs.delete(userId);
  }
}

export interface RevocationFeedOptions {
  bus: EventBus;
  list: RevocationList;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  /**
   * How far back the feed reads when it starts: at least the longest access-token lifetime, so that a
   * restarted process refuses every token revoked before it started and not yet expired.
   */
  catchUpMs: number;
  /** Milliseconds now. */
  clock?: () => number;
  /** Pause before the feed is opened again after it failed, by attempt number (1 = first failure). */
  retryDelayMs?: (attempt: number) => number;
}

export interface RevocationFeed {
  /** Resolves once the revocations of the catch-up window are in the list (or the feed stopped). */
  readonly caughtUp: Promise<void>;
  stop(): Promise<void>;
}

const readers: Record<string, (text: string) => EventReading> = {
  [SessionRevoked.subject]: eventReader(SessionRevoked),
  [UserTokensRevoked.subject]: eventReader(UserTokensRevoked),
};

/**
 * The stream sequence from which `subject` is read to start at `since`. An ordered consumer is started
 * by sequence, not by time: the one the client makes again after losing the server would keep the
 * start time beside its new start sequence, which the server refuses.
 */
async function firstSequenceSince(bus: EventBus, stream: string, subject: string, since: Date): Promise<number> {
  const probe = await bus.jsm.consumers.add(stream, {
    deliver_policy: DeliverPolicy.StartTime,
    opt_start_time: since.toISOString(),
    filter_subject: subject,
    ack_policy: AckPolicy.None,
    mem_storage: true,
    inactive_threshold: nanos(60_000),
  });
  void bus.jsm.consumers.delete(stream, probe.name).catch(() => undefined);
  // A consumer that has delivered nothing yet counts the message before its start as delivered.
  return probe.delivered.stream_seq + 1;
}

function revocationOf(reading: EventReading & { readable: true }): Revocation {
  if (reading.envelope.subject === SessionRevoked.subject) {
    const { sessionId, userId, revokedAt } = reading.payload as NewestPayload<typeof SessionRevoked>;
    return { kind: 'session', sessionId, userId, revokedAt: Date.parse(revokedAt) };
  }
  const { userId, issuedBefore } = reading.payload as NewestPayload<typeof UserTokensRevoked>;
  return { kind: 'issued-before', userId, issuedBefore: Date.parse(issuedBefore) };
}

/**
 * Feeds the list with identity's revocations through ordered consumers of this process alone (no
 * durable consumer shared by replicas: every process must see every revocation), one per subject. Each
 * starts `catchUpMs` back, resumes after the last revocation it read when NATS comes back, and is
 * opened again should it ever end.
 */
export async function startRevocationFeed(options: RevocationFeedOptions): Promise<RevocationFeed> {
  const followers = Object.keys(readers).map((subject) => follow(subject, options));
  return {
    caughtUp: Promise.all(followers.map((follower) => follower.caughtUp)).then(() => undefined),
    async stop() {
      await Promise.all(followers.map((follower) => follower.stop()));
    },
  };
}

function follow(subject: string, { bus, list, log, catchUpMs, clock = Date.now, retryDelayMs }: RevocationFeedOptions): RevocationFeed {
  const read = readers[subject]!;
  const retryDelay = retryDelayMs ?? ((attempt: number) => Math.min(500 * 2 ** (attempt - 1), 10_000));
  let lastSequence = 0;
  let stopped = false;
  let messages: ConsumerMessages | null = null;
  let wakeUp: (() => void) | null = null;
  let markCaughtUp: () => void = () => undefined;
  const caughtUp = new Promise<void>((resolve) => {
    markCaughtUp = resolve;
  });

  function take(message: JsMsg): void {
    lastSequence = message.seq;
    const reading = read(message.string());
    if (!reading.readable) {
      log.error({ subject, seq: message.seq, reason: reading.reason, detail: reading.detail }, 'revocation cannot be read, skipped');
      return;
    }
    try {
      list.add(revocationOf(reading));
    } catch (error) {
      log.error({ err: error, subject, seq: message.seq }, 'a revocation listener failed');
    }
  }

  async function open(): Promise<ConsumerMessages> {
    // Inside the retried loop: NATS slow or away at start delays the feed, it never fails the process.
    const stream = await bus.ensureStream('identity');
    const from = lastSequence > 0 ? lastSequence + 1 : await firstSequenceSince(bus, stream, bus.subject(subject), new Date(clock() - catchUpMs));
    const consumer = await bus.js.consumers.get(stream, { filter_subjects: bus.subject(subject), opt_start_seq: from });
    if ((await consumer.info(true)).num_pending === 0) markCaughtUp();
    // Short pulls: heartbeats then tell a lost server within seconds, and a consumer the restarted
    // server no longer has is made again as soon (revocations must not wait half a minute).
    return consumer.consume({ max_messages: 256, expires: 5_000 });
  }

  async function pause(ms: number): Promise<void> {
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      wakeUp = () => {
        clearTimeout(timer);
        resolve();
      };
    });
    wakeUp = null;
  }

  const running = (async () => {
    let failures = 0;
    while (!stopped) {
      try {
        messages = await open();
        failures = 0;
        if (stopped) await messages.close();
        for await (const message of messages) {
          take(message);
          if (message.info.pending === 0) markCaughtUp();
        }
      } catch (error) {
        failures += 1;
        log.warn({ err: error, subject, failures }, 'revocation feed failed, opening it again');
      }
      messages = null;
      if (!stopped) await pause(retryDelay(Math.max(failures, 1)));
    }
  })();

  return {
    caughtUp,
    async stop() {
      stopped = true;
      markCaughtUp();
      wakeUp?.();
      await messages?.close();
      await running;
    },
  };
}
