import type { SqlExecutor } from '@civic/service-kit';
import { stillOpen } from '../domain/rooms.js';
import { DraftRepository } from '../store/draft.repository.js';
import { RoomRepository } from '../store/room.repository.js';

/**
 * decisions.law.creators-drawn, inside the consumer's transaction: opens the law's creation room,
 * closed at once when its cycle has already left creation, and records the law's creators (who may
 * draft its texts live, docs/co-drafting.md).
 */
export async function openCreationRoom(tx: SqlExecutor, law: { lawId: string; cycleId: string; title: string; creators: readonly string[]; at: string }): Promise<void> {
  const reached = await RoomRepository.reachedPhase(tx, law.cycleId);
  await RoomRepository.ensure(tx, {
    id: `law:${law.lawId}:creation`,
    kind: 'creation',
    cycleId: law.cycleId,
    lawId: law.lawId,
    title: law.title,
    at: law.at,
    closedAt: stillOpen('creation', reached) ? null : law.at,
  });
  await new DraftRepository(tx).replaceCreators(law.lawId, law.creators);
}
