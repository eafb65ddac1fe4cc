import type { ChatSlowMode, ChatViewerSlowMode } from '@civic/contracts';
import { exemptFromSlowMode, nextPostAt, slowModeOf } from '../domain/slow-mode.js';
import type { Caller } from '../domain/permissions.js';
import { MessageRepository } from '../store/message.repository.js';
import type { RoomRow } from '../store/room.repository.js';
import type { CommandDeps } from './unit-of-work.js';

/** The room's slow mode now: its setting and the members online across the pods. */
export async function slowModeNow(deps: CommandDeps, room: RoomRow): Promise<ChatSlowMode | null> {
  if (!deps.slowMode) return null;
  const setting = { mode: room.slowMode, intervalS: room.slowModeIntervalS };
  // The count is only needed to decide 'auto'.
  const online = room.slowMode === 'auto' ? await deps.slowMode.online.of(room.id) : 0;
  return slowModeOf(setting, online, deps.slowMode.policy);
}

/** The slow mode as the viewer sees it on joining: exempt or not, and when they may post next. */
export async function viewerSlowMode(deps: CommandDeps, room: RoomRow, viewer: Caller | null): Promise<ChatViewerSlowMode | undefined> {
  const slowMode = await slowModeNow(deps, room);
  if (!slowMode) return undefined;
  const exempt = viewer ? exemptFromSlowMode(viewer) : false;
  const lastPostAt = viewer && slowMode.active && !exempt ? await new MessageRepository(deps.db).lastPostAt(room.id, viewer.id) : null;
  const retryAt = nextPostAt(slowMode, exempt, lastPostAt, deps.clock());
  return { ...slowMode, exempt, retryAt: retryAt?.toISOString() ?? null };
}
