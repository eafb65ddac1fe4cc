import type { RevokeReason } from '../store/session.repository.js';
import { endSessions } from './session-access.js';
import { unitOfWork, type CommandDeps } from './unit-of-work.js';

/** Ends one session (logout, a replayed refresh token), announced as `identity.session.revoked`. */
export async function endSession(deps: CommandDeps, sessionId: string, reason: RevokeReason): Promise<void> {
  const now = deps.clock();
  await unitOfWork(deps, (tx, events) => endSessions(tx, events, { id: sessionId }, reason, now));
}
