import type { SqlExecutor } from '@civic/service-kit';
import { stillOpen } from '../domain/rooms.js';
import { RoomRepository } from '../store/room.repository.js';

/**
 * decisions.law.creators-drawn, inside the consumer's transaction: opens the law's creation room,
 * closed at once when its cycle has already left creation.
 */
export async function openCreationRoom(tx: SqlExecutor, law: { lawId: string; cycleId: string; title: string; at: string }): Promise<void> {
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
}
