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

/** Throws the refusal of a rule as the HTTP error it names; anything else (null, a role) lets the caller go on. */
export function refused(refusal: Refusal | null | { as: string }): void {
  if (refusal && 'key' in refusal) throw new AppError(refusal.key, refusal.status, { reason: refusal.reason });
}

/** A write found its row in another state than the one its permission was checked in. */
export const changedMeanwhile = () => new AppError('unauthorizedAction', 403, { reason: 'changed-meanwhile' });
