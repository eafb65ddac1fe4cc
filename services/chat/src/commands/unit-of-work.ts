import { AppError, schemaUnitOfWork } from '@civic/service-kit';
import type { Prisma } from '../generated/prisma/client.js';
import type { Refusal } from '../domain/permissions.js';
import type { RateLimiter } from '../domain/rate-limit.js';
import type { SlowModePolicy } from '../domain/slow-mode.js';
import type { OnlineCounter } from '../store/online-count.js';
import { SCHEMA, type ChatPrisma } from '../store/prisma.js';

/** What every command needs: the database, the service's clock and the per-user rate of writes. */
export interface CommandDeps {
  db: ChatPrisma;
  clock: () => Date;
  limiter: RateLimiter;
  /** Slow mode's settings and the members online per room; without it, slow mode never applies. */
  slowMode?: { policy: SlowModePolicy; online: OnlineCounter };
}

/** One command's transaction in the chat schema: the service kit's unitOfWork. */
export const unitOfWork = schemaUnitOfWork<Prisma.TransactionClient>(SCHEMA);

/** Throws the refusal of a rule as the error it names. */
export function refused(refusal: Refusal | null): void {
  if (refusal) throw new AppError(refusal.key, refusal.status, { reason: refusal.reason });
}

/** Counts one write of the user against their rate; a 429 with the wait when over it. */
export async function limitRate(limiter: RateLimiter, userId: string): Promise<void> {
  const verdict = await limiter.take(userId);
  if (!verdict.allowed) throw new AppError('tooManyRequests', 429, { reason: 'rate-limit', retryAfterMs: verdict.retryAfterMs });
}
