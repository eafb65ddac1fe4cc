import type { ChatRoomKind, DecisionPhase } from '@civic/contracts';
import type { SqlExecutor } from '@civic/service-kit';
import { cycleRoomOf, phaseIndex, stillOpen } from '../domain/rooms.js';
import { RoomRepository } from '../store/room.repository.js';

/**
 * decisions.cycle.phase-changed, inside the consumer's transaction: records the furthest phase the
 * cycle reached, opens the room of the phase entered (closed at once when the cycle is already past
 * it: events may arrive late), closes the one left and every room of an earlier phase. Answers the
 * rooms it closed, to announce once the change committed.
 */
export async function changeCyclePhase(tx: SqlExecutor, change: { cycleId: string; from: DecisionPhase | null; to: DecisionPhase; at: string }): Promise<string[]> {
  const reached = await RoomRepository.recordPhase(tx, change.cycleId, phaseIndex(change.to), change.at);
  const entered = cycleRoomOf(change.cycleId, change.to);
  if (entered) {
    await RoomRepository.ensure(tx, { ...entered, cycleId: change.cycleId, at: change.at, closedAt: stillOpen(entered.kind, reached) ? null : change.at });
  }
  const closed: string[] = [];
  const left = cycleRoomOf(change.cycleId, change.from);
  if (left) {
    closed.push(...(await RoomRepository.close(tx, { ids: [left.id] }, change.at)));
    await RoomRepository.ensure(tx, { ...left, cycleId: change.cycleId, at: change.at, closedAt: change.at });
  }
  // Every room of an earlier phase is closed (also when an event in between was missed).
  for (const kind of ['proposals', 'voting', 'creation', 'final-vote'] as const satisfies readonly ChatRoomKind[]) {
    if (!stillOpen(kind, reached)) closed.push(...(await RoomRepository.close(tx, { cycleId: change.cycleId, kind }, change.at)));
  }
  return [...new Set(closed)];
}
