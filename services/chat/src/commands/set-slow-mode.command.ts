import type { ChatRoomSettings, SlowModeSetting } from '@civic/contracts';
import { AppError } from '@civic/service-kit';
import { mayModerate, type Caller } from '../domain/permissions.js';
import { RoomRepository } from '../store/room.repository.js';
import { roomOf } from './message-access.js';
import { slowModeNow } from './slow-mode-state.js';
import { refused, unitOfWork, type CommandDeps } from './unit-of-work.js';

/**
 * A moderator switches a room's slow mode on, off or automatic and sets its interval. Stored on the
 * room's row, which every pod reads before each post, so it holds everywhere at once; answers the
 * settings the room's sockets are told.
 */
export async function setSlowMode(deps: CommandDeps, caller: Caller, input: { room: string; mode: SlowModeSetting; intervalS: number }): Promise<ChatRoomSettings> {
  refused(mayModerate(caller));
  const room = await roomOf(deps.db, input.room);
  if (room.closedAt) throw new AppError('unauthorizedAction', 403, { reason: 'room-closed' });
  const stored = await unitOfWork(deps.db, (tx) => new RoomRepository(tx).setSlowMode(room.id, { mode: input.mode, intervalS: input.intervalS }));
  if (!stored) throw new AppError('notFound', 404, { reason: 'unknown-room' });
  const slowMode = await slowModeNow(deps, stored);
  return { room: stored.id, slowMode: slowMode ?? { mode: stored.slowMode, intervalS: input.intervalS, active: stored.slowMode === 'on' } };
}
