import type { LiveTopic } from '@civic/contracts';
import { AppError, schemaUnitOfWork } from '@civic/service-kit';
import type { Prisma } from '../generated/prisma/client.js';
import type { Refusal } from '../domain/vote-rules.js';
import { SCHEMA, type ElectionsPrisma } from '../store/prisma.js';

/** Live figures (docs/live.md): a command marks the topics whose figures it changed, after its commit. */
export interface LiveFigures {
  changed(topic: LiveTopic): void;
}

/** What every command needs: the database and the service's clock, and the live figures to mark. */
export interface CommandDeps {
  db: ElectionsPrisma;
  clock: () => Date;
  live?: LiveFigures;
}

/** One command's transaction in the elections schema: the service kit's unitOfWork. */
export const unitOfWork = schemaUnitOfWork<Prisma.TransactionClient>(SCHEMA);

/** Throws the refusal of a rule as the HTTP error it names. */
export function refused(refusal: Refusal | null): void {
  if (refusal) throw new AppError(refusal.key, refusal.status, { reason: refusal.reason });
}
