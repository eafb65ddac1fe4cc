/**
 * Who may vote for whom (docs/product.md#elections): logged-in, verified,
 * non-suspended users, only as themselves, never for themselves, for a candidate standing for that
 * role this month; +1 or -1, a new vote replacing the old one.
 */
import type { ErrorKey } from '@civic/contracts';

export interface Voter {
  id: string;
  verified: boolean;
  suspendedUntil: Date | null;
  deleted: boolean;
}

export interface VoteRequest {
  userId: string;
  candidateId: string;
}

export interface Refusal {
  status: number;
  key: ErrorKey;
  reason: string;
}

const refuse = (status: number, reason: string, key: ErrorKey = 'updateKO'): Refusal => ({ status, key, reason });

/**
 * Whether the request names a user and a role at all: without either, nothing happens
 * (docs/product.md#user-scoped-routes).
 */
export function namesUserAndRole(body: { userId?: unknown; candidateTo?: unknown }): boolean {
  const hasUser = typeof body.userId === 'string' && body.userId !== '';
  const hasRole = typeof body.candidateTo === 'number' && body.candidateTo !== 0;
  return hasUser && hasRole;
}

/** Why `voter` may not cast or take back this vote, or null when they may. */
export function mayVote(voter: Voter | null, request: VoteRequest, now: Date, candidateStanding: boolean): Refusal | null {
  if (!voter) return refuse(401, 'notLoggedIn');
  if (voter.id !== request.userId) return refuse(403, 'notYourself');
  if (voter.deleted) return refuse(403, 'accountDeleted');
  if (!voter.verified) return refuse(403, 'notVerified');
  if (voter.suspendedUntil && voter.suspendedUntil.getTime() > now.getTime()) return refuse(403, 'suspended');
  if (request.candidateId === request.userId) return refuse(403, 'selfVote');
  if (!candidateStanding) return refuse(404, 'notACandidate');
  return null;
}
