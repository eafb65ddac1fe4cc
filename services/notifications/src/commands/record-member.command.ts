import type { SqlExecutor } from '@civic/service-kit';
import { memberProjection } from '../store/member.repository.js';

/** identity.user.registered, inside the consumer's transaction: the member projection learns the user (their broadcasts start now). */
export async function recordMemberRegistered(tx: SqlExecutor, user: { userId: string; displayName: string; registeredAt: string }): Promise<void> {
  await memberProjection.registered(tx, user.userId, user.displayName, user.registeredAt);
}

/** identity.user.role-changed, inside the consumer's transaction: who is a moderator now. */
export async function recordMemberRole(tx: SqlExecutor, change: { userId: string; moderator: boolean; scribe: boolean }): Promise<void> {
  await memberProjection.roleChanged(tx, change.userId, change.moderator, change.scribe);
}
