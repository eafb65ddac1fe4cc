import type { EventEnvelope } from '@civic/contracts';
import { AppError, enqueueEvent, unitOfWork as sharedUnitOfWork, type OutboxRelay, type PublishedVersions, type SqlExecutor } from '@civic/service-kit';
import type { Refusal } from '../domain/permissions.js';
import type { SessionPolicy } from '../domain/session.js';
import type { Prisma } from '../generated/prisma/client.js';
import { SCHEMA, type IdentityPrisma } from '../store/prisma.js';

/** What every command needs: the database, the clock, the session lengths and the outbox relay. */
export interface CommandDeps {
  db: IdentityPrisma;
  clock: () => Date;
  policy: SessionPolicy;
  relay: OutboxRelay;
  /** The version written of events that have several (PUBLISH_EVENT_VERSIONS). */
  published: PublishedVersions;
  /** When the mail-request counters were last purged (admit-mail-request). */
  mailRequestPurge: { lastAt: number };
}

export type Tx = Prisma.TransactionClient;

/**
 * One command's transaction in the identity schema (the service kit's unitOfWork); when it wrote
 * events, the relay publishes them at once rather than at its next poll.
 */
export async function unitOfWork<T>(deps: Pick<CommandDeps, 'db' | 'relay'>, work: (tx: Tx, events: EventEnvelope[]) => Promise<T>): Promise<T> {
  let written = 0;
  const value = await sharedUnitOfWork<Tx, T>(deps.db, SCHEMA, async (tx, events) => {
    const result = await work(tx, events);
    written = events.length;
    return result;
  });
  if (written > 0) deps.relay.wake();
  return value;
}

/** Writes events into the outbox, in order, in a transaction a consumer opened. */
export async function writeEvents(tx: SqlExecutor, events: readonly EventEnvelope[]): Promise<void> {
  for (const event of events) await enqueueEvent(tx, SCHEMA, event);
}

/** Throws the refusal of a rule as the HTTP error it names. */
export function refused(refusal: Refusal | null): void {
  if (refusal) throw new AppError(refusal.key, refusal.status, { reason: refusal.reason });
}
