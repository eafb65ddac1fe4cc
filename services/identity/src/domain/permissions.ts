import type { ErrorKey } from '@civic/contracts';
import { isSuspended } from './suspension.js';

/** The stored state of an account that permission rules look at (the table, not the token, is the truth). */
export interface AccountFlags {
  id: string;
  moderator: boolean;
  scribe: boolean;
  verifiedAt: Date | null;
  suspendedUntil: Date | null;
  deletedAt: Date | null;
}

export interface Refusal {
  key: ErrorKey;
  status: number;
  reason: string;
}

/** User-scoped routes: the caller must be the user of the path (docs/product.md#user-scoped-routes). */
export function ownerRefusal(actorId: string, targetId: string): Refusal | null {
  return actorId === targetId ? null : { key: 'unauthorizedAction', status: 403, reason: 'notOwner' };
}

/**
 * Who may suspend or lift a suspension: a moderator who is not suspended, acting on another user who
 * is not a moderator and still has an account.
 */
export function suspensionRefusal(actor: AccountFlags, target: AccountFlags, now: Date): Refusal | null {
  if (!actor.moderator || actor.deletedAt) return { key: 'unauthorizedAction', status: 403, reason: 'notModerator' };
  if (isSuspended(actor.suspendedUntil, now)) return { key: 'unauthorizedAction', status: 403, reason: 'actorSuspended' };
  if (actor.id === target.id) return { key: 'suspensionError', status: 403, reason: 'self' };
  if (target.moderator) return { key: 'suspensionError', status: 403, reason: 'targetIsModerator' };
  if (target.deletedAt) return { key: 'suspensionError', status: 400, reason: 'targetDeleted' };
  return null;
}

/** Standing for a role needs a verified account that is not suspended; withdrawing is always allowed. */
export function candidacyRefusal(account: AccountFlags, standing: boolean, now: Date): Refusal | null {
  if (!standing) return null;
  if (!account.verifiedAt) return { key: 'unauthorizedAction', status: 403, reason: 'notVerified' };
  if (isSuspended(account.suspendedUntil, now)) return { key: 'unauthorizedAction', status: 403, reason: 'suspended' };
  return null;
}
