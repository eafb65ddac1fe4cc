import type { FollowPreferences } from '@civic/contracts';
import { digestStateAfterChoice, type DigestSchedule } from '../domain/digest.js';
import { FollowRepository } from '../store/follow.repository.js';
import type { NotificationsPrisma } from '../store/prisma.js';
import { unitOfWork } from './unit-of-work.js';

export interface SavePreferencesDeps {
  db: NotificationsPrisma;
  clock: () => Date;
  schedule: DigestSchedule;
}

/**
 * Stores a member's follow preferences. Choosing a digest starts its period now (what happened before
 * is not mailed); changing between daily and weekly keeps what was gathered; off ends it.
 */
export async function savePreferences(deps: SavePreferencesDeps, userId: string, choice: FollowPreferences): Promise<FollowPreferences> {
  return unitOfWork(deps.db, async (tx) => {
    const current = await FollowRepository.lockPreferences(tx, userId);
    const digest = digestStateAfterChoice(choice.digest, current, deps.clock(), deps.schedule);
    await FollowRepository.savePreferences(tx, userId, { ...choice, ...digest });
    return { edits: choice.edits, results: choice.results, closing: choice.closing, digest: choice.digest };
  });
}
