/**
 * The events a change to a proposal implies, and whether the change is moderation (made by someone
 * other than the author). Pure but for the event ids.
 */
import { ProposalCreated, ProposalDeleted, ProposalEdited, ProposalSignalled, type EventEnvelope } from '@civic/contracts';
import { newEvent } from '@civic/service-kit';

/** A change by anyone but the author is a moderator's (the rules let no one else through). */
export const byModerator = (actorId: string, authorId: string): boolean => actorId !== authorId;

/** A submission, first or again: it counts against the author's interval. */
export const proposalSubmitted = (proposalId: string, userId: string, at: Date): EventEnvelope => newEvent(ProposalCreated, { proposalId, userId }, at);

export const proposalEdited = (proposal: { id: string; userId: string }, editorId: string, at: Date): EventEnvelope =>
  newEvent(ProposalEdited, { proposalId: proposal.id, userId: proposal.userId, editorId, byModerator: byModerator(editorId, proposal.userId) }, at);

export const proposalDeleted = (proposal: { id: string; userId: string }, deletedBy: string, at: Date): EventEnvelope =>
  newEvent(ProposalDeleted, { proposalId: proposal.id, userId: proposal.userId, deletedBy, byModerator: byModerator(deletedBy, proposal.userId) }, at);

export const proposalSignalled = (proposal: { id: string; userId: string }, signalledBy: string, at: Date): EventEnvelope =>
  newEvent(ProposalSignalled, { proposalId: proposal.id, userId: proposal.userId, signalledBy }, at);
