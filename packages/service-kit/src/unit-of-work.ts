import type { EventEnvelope } from '@civic/contracts';
import { enqueueEvent } from './outbox.js';
import type { SqlExecutor } from './prisma.js';

/** A client that opens transactions handing `Tx` (a Prisma client: its transaction client). */
export interface TransactionRunner<Tx extends SqlExecutor> {
  $transaction<R>(fn: (tx: Tx) => Promise<R>, options?: { maxWait?: number; timeout?: number }): Promise<R>;
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
  options?: { maxWait?: number; timeout?: number },
): Promise<T> {
  return db.$transaction(async (tx) => {
    const events: EventEnvelope[] = [];
    const value = await work(tx, events);
    for (const event of events) await enqueueEvent(tx, schema, event);
    return value;
  }, options);
}
