import type { EventEnvelope } from '@civic/contracts';
import { AppError, schemaUnitOfWork, type SqlExecutor } from '@civic/service-kit';
import type { Refusal } from '../domain/proposal-rules.js';
import { SCHEMA, type DecisionsPrisma } from '../store/prisma.js';

/** What every command needs: the database and the service's clock. */
export interface CommandDeps {
  db: DecisionsPrisma;
  clock: () => Date;
}

/** One command's transaction in the decisions schema: the service kit's unitOfWork. */
export const unitOfWork = schemaUnitOfWork<SqlExecutor>(SCHEMA);

/**
 * A command's unit of work in the transaction a consumer opened for an event (docs/architecture.md#inbox):
 * the events `work` pushes go into the outbox there, so the change, its events and the event's inbox
 * row commit together, or none of them.
 */
export function inConsumerTransaction<T>(tx: SqlExecutor, work: (tx: SqlExecutor, events: EventEnvelope[]) => Promise<T>): Promise<T> {
  return unitOfWork({ $transaction: <R>(run: (client: SqlExecutor) => Promise<R>) => run(tx) }, work);
}

/** Throws the refusal of a rule as the HTTP error it names; anything else (null, a role) lets the caller go on. */
export function refused(refusal: Refusal | null | { as: string }): void {
  if (refusal && 'key' in refusal) throw new AppError(refusal.key, refusal.status, { reason: refusal.reason });
}

/** A write found its row in another state than the one its permission was checked in. */
export const changedMeanwhile = () => new AppError('unauthorizedAction', 403, { reason: 'changed-meanwhile' });
