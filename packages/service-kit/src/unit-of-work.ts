import type { EventEnvelope } from '@civic/contracts';
import { enqueueEvent } from './outbox.js';
import type { SqlExecutor } from './prisma.js';

/** How long a transaction may wait for a connection and run (Prisma's `$transaction` options). */
export interface TransactionLimits {
  maxWait?: number;
  timeout?: number;
}

/** A client that opens transactions handing `Tx` (a Prisma client: its transaction client). */
export interface TransactionRunner<Tx extends SqlExecutor> {
  $transaction<R>(fn: (tx: Tx) => Promise<R>, options?: TransactionLimits): Promise<R>;
}

/**
 * One command's transaction (docs/architecture.md#inside-a-service): `work` writes rows through
 * repositories on `tx` and pushes the events its decisions imply; they are written into the
 * service's outbox, in order, in the same transaction, so an event exists exactly when the change it
 * describes is committed.
 */
export async function unitOfWork<Tx extends SqlExecutor, T>(
  db: TransactionRunner<Tx>,
  schema: string,
  work: (tx: Tx, events: EventEnvelope[]) => Promise<T>,
  options?: TransactionLimits,
): Promise<T> {
  return db.$transaction(async (tx) => {
    const events: EventEnvelope[] = [];
    const value = await work(tx, events);
    for (const event of events) await enqueueEvent(tx, schema, event);
    return value;
  }, options);
}

/** `unitOfWork` bound to one service's schema: what a service's `src/commands/unit-of-work.ts` exports. */
export function schemaUnitOfWork<Tx extends SqlExecutor>(schema: string) {
  return <T>(db: TransactionRunner<Tx>, work: (tx: Tx, events: EventEnvelope[]) => Promise<T>, options?: TransactionLimits): Promise<T> =>
    unitOfWork(db, schema, work, options);
}
