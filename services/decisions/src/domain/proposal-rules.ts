/**
 * Who may do what with a proposal (docs/product.md). Pure: the commands pass the caller
 * as the token and the projections describe them, and the proposal as stored.
 */
import type { ErrorKey, ProposalState } from '@civic/contracts';

export interface Caller {
  id: string;
  verified: boolean;
  moderator: boolean;
  /** Elected scribe (token role 2, or identity's role event since). */
  scribe: boolean;
  suspended: boolean;
}

export interface ProposalFacts {
  userId: string;
  state: ProposalState;
  moderationStatus: number;
  deletedByModerator: boolean;
}

/** A refusal: the catalogue key and HTTP status. */
export interface Refusal {
  key: ErrorKey;
  status: number;
  reason: string;
}

export const refuse = (key: ErrorKey, status: number, reason: string): Refusal => ({ key, status, reason });

/** Rejected and deleted proposals are kept for audit and hidden from every list. */
export const hiddenStates: readonly ProposalState[] = ['rejected', 'deleted'];
export const isHidden = (state: ProposalState) => hiddenStates.includes(state);

/** Proposing, resubmitting and voting: a verified member who is not suspended. */
export function mayParticipate(caller: Caller): Refusal | null {
  if (!caller.verified) return refuse('unauthorizedAction', 403, 'not-verified');
  if (caller.suspended) return refuse('suspensionError', 403, 'suspended');
  return null;
}

/** The author edits a proposal not yet in a vote, unless a moderator deleted it; a moderator edits a signalled one. */
export function mayEdit(caller: Caller, proposal: ProposalFacts): Refusal | null {
  if (proposal.deletedByModerator || isHidden(proposal.state)) return refuse('unauthorizedAction', 403, 'deleted');
  if (caller.id === proposal.userId) {
    if (caller.suspended) return refuse('suspensionError', 403, 'suspended');
    if (proposal.state !== 'submitted' && proposal.state !== 'second-chance') return refuse('unauthorizedAction', 403, 'not-editable-now');
    return null;
  }
  if (caller.moderator && proposal.moderationStatus === 1) return null;
  return refuse('unauthorizedAction', 403, 'not-allowed');
}

/**
 * A moderator's edit answers the signal: the proposal is no longer signalled (its public badge goes,
 * and it may be signalled again if the new words call for it). Its author's own edit leaves it signalled.
 */
export const editSettlesSignal = (editorId: string, proposal: ProposalFacts): boolean => editorId !== proposal.userId && proposal.moderationStatus === 1;

/** The author deletes (withdraws) a proposal that is not selected; a moderator deletes a signalled one. */
export function mayDelete(caller: Caller, proposal: ProposalFacts): Refusal | null {
  if (proposal.deletedByModerator || isHidden(proposal.state)) return refuse('unauthorizedAction', 403, 'deleted');
  if (proposal.state === 'selected') return refuse('unauthorizedAction', 403, 'selected');
  if (caller.id === proposal.userId) return null;
  if (caller.moderator && proposal.moderationStatus === 1) return null;
  return refuse('unauthorizedAction', 403, 'not-allowed');
}

/** The author resubmits one of their proposals that was rejected or that they deleted themselves. */
export function mayResubmit(caller: Caller, proposal: ProposalFacts): Refusal | null {
  if (caller.id !== proposal.userId) return refuse('unauthorizedAction', 403, 'not-author');
  if (proposal.deletedByModerator) return refuse('unauthorizedAction', 403, 'deleted-by-moderator');
  if (!isResubmittable(proposal)) return refuse('unauthorizedAction', 403, 'not-resubmittable');
  return mayParticipate(caller);
}

/** A proposal goes back to a cycle only from a hidden state (rejected, or deleted) and never after a moderator deleted it. */
export const isResubmittable = (proposal: Pick<ProposalFacts, 'state' | 'deletedByModerator'>): boolean =>
  isHidden(proposal.state) && !proposal.deletedByModerator;

/** Any logged-in member but the author, not suspended, signals a visible proposal that is not signalled yet. */
export function maySignal(caller: Caller, proposal: ProposalFacts): Refusal | null {
  if (isHidden(proposal.state)) return refuse('notFound', 404, 'hidden');
  // A suspension stops taking part, signalling included: it would otherwise still reach the moderators.
  if (caller.suspended) return refuse('suspensionError', 403, 'suspended');
  if (caller.id === proposal.userId) return refuse('unauthorizedAction', 403, 'author');
  if (proposal.moderationStatus !== 0) return refuse('unauthorizedAction', 403, 'already-signalled');
  return null;
}

/** Voting on a proposal (casting or taking back a vote): a verified member, not suspended, while it is in its vote. */
export function mayVote(caller: Caller, proposal: Pick<ProposalFacts, 'state'>): Refusal | null {
  const participation = mayParticipate(caller);
  if (participation) return participation;
  if (isHidden(proposal.state)) return refuse('notFound', 404, 'hidden');
  if (proposal.state !== 'in-vote') return refuse('unauthorizedAction', 403, 'vote-not-open');
  return null;
}

/** Moderators pin and unpin visible proposals. */
export function mayPin(caller: Caller, proposal: ProposalFacts): Refusal | null {
  if (isHidden(proposal.state)) return refuse('notFound', 404, 'hidden');
  if (!caller.moderator) return refuse('unauthorizedAction', 403, 'not-moderator');
  return null;
}

/**
 * When a user may submit again: one proposal per `intervalMs` since their last submission (a
 * resubmission counts; a deletion gives nothing back), or null when they may submit now.
 */
export function nextSubmissionAt(lastSubmittedAt: Date | null, now: Date, intervalMs: number): Date | null {
  if (lastSubmittedAt === null) return null;
  const next = new Date(lastSubmittedAt.getTime() + intervalMs);
  return next.getTime() > now.getTime() ? next : null;
}

/** Whether the cycle open for proposals holds its maximum of visible proposals. */
export const cycleFull = (visibleProposals: number, maxPerCycle: number) => visibleProposals >= maxPerCycle;
