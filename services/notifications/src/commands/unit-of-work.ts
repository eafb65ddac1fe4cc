import type { EventEnvelope } from '@civic/contracts';
import { unitOfWork as sharedUnitOfWork } from '@civic/service-kit';
import type { Prisma } from '../generated/prisma/client.js';
import { SCHEMA, type NotificationsPrisma } from '../store/prisma.js';

/**
 * One command's transaction in the notifications schema: the service kit's unitOfWork, the only way
 * this service opens one (a consumer's effect runs in the transaction the kit opens for its inbox row).
 */
export function unitOfWork<T>(
  db: NotificationsPrisma,
  work: (tx: Prisma.TransactionClient, events: EventEnvelope[]) => Promise<T>,
  options?: { maxWait?: number; timeout?: number },
): Promise<T> {
  return sharedUnitOfWork<Prisma.TransactionClient, T>(db, SCHEMA, work, options);
}
