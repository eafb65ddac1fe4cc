import { randomUUID } from 'node:crypto';
import { DigestComposed } from '@civic/contracts';
import { newEvent } from '@civic/service-kit';
import { digestParams, DIGEST_MAX_ITEMS, nextDigestAt, unsubscribeToken, type DigestPeriod, type DigestSchedule } from '../domain/digest.js';
import { followAlertKeys } from '../domain/follow-alerts.js';
import { DigestRepository } from '../store/digest.repository.js';
import type { NotificationsPrisma } from '../store/prisma.js';
import { unitOfWork } from './unit-of-work.js';

/** Members whose digests one tick composes at most (the next tick takes the rest). */
const DIGESTS_PER_TICK = 200;

export interface ComposeDigestsDeps {
  db: NotificationsPrisma;
  clock: () => Date;
  schedule: DigestSchedule;
  /** DIGEST_UNSUBSCRIBE_KEY. */
  unsubscribeKey: string;
}

/** One digest composed. */
export interface ComposedDigest {
  userId: string;
  period: DigestPeriod;
  items: number;
  more: number;
}

/**
 * Composes the digests due now, in one transaction: each due member's period is claimed (moved on)
 * with a conditional UPDATE, and when it holds follow alerts a DigestComposed is written to the outbox
 * with the claim, so two replicas never compose one digest twice. A period without alerts only moves
 * on. Answers the digests composed.
 */
export async function composeDigests(deps: ComposeDigestsDeps): Promise<ComposedDigest[]> {
  return unitOfWork(
    deps.db,
    async (tx, events) => {
      const now = deps.clock();
      const composed: ComposedDigest[] = [];
      for (const due of await DigestRepository.lockDue(tx, now, DIGESTS_PER_TICK)) {
        if (!(await DigestRepository.claim(tx, due, now, nextDigestAt(due.period, now, deps.schedule)))) continue;
        const { items, total } = await DigestRepository.items(tx, due.userId, followAlertKeys, due.from, now, DIGEST_MAX_ITEMS);
        if (items.length === 0) continue;
        const more = total - items.length;
        events.push(
          newEvent(
            DigestComposed,
            {
              digestId: randomUUID(),
              userId: due.userId,
              period: due.period,
              from: due.from.toISOString(),
              to: now.toISOString(),
              items: items.map((item) => ({ messageKey: item.messageKey, params: digestParams(item.params), link: item.link, at: item.at.toISOString() })),
              more,
              unsubscribeToken: unsubscribeToken(deps.unsubscribeKey, { userId: due.userId, version: due.version, issuedAt: now }),
            },
            now,
          ),
        );
        composed.push({ userId: due.userId, period: due.period, items: items.length, more });
      }
      return composed;
    },
    { timeout: 60_000, maxWait: 10_000 },
  );
}
