/**
 * Who may do what in the chat (docs/product.md#roles-and-permissions, issue 7). Pure: the caller as the token and the
 * projections describe them, the message and its room as stored.
 */
import type { ErrorKey } from '@civic/contracts';

/** null for a visitor. */
export interface Caller {
  id: string;
  moderator: boolean;
  suspended: boolean;
  /** Scribes are exempt from slow mode (domain/slow-mode.ts). */
  scribe?: boolean;
}

export interface MessageFacts {
  userId: string;
  moderationStatus: number;
  deleted: boolean;
  /** Hidden from the chat by a moderator (hideInChat): the room no longer reads it. */
  hidden: boolean;
}

export interface RoomFacts {
  open: boolean;
}

export interface Refusal {
  key: ErrorKey;
  status: number;
  reason: string;
}

const refuse = (key: ErrorKey, status: number, reason: string): Refusal => ({ key, status, reason });

function member(caller: Caller | null): Refusal | null {
  return caller ? null : refuse('unauthorized', 401, 'visitor');
}

/** A member acting on a message that is not deleted: the refusal, or null to check on. */
function onLiveMessage(caller: Caller | null, message: MessageFacts): Refusal | null {
  return member(caller) ?? (message.deleted ? refuse('unauthorizedAction', 403, 'deleted') : null);
}

/** Posting and replying: a logged-in member who is not suspended, in an open room. */
export function mayPost(caller: Caller | null, room: RoomFacts): Refusal | null {
  const visitor = member(caller);
  if (visitor || !caller) return visitor;
  if (caller.suspended) return refuse('suspensionError', 403, 'suspended');
  if (!room.open) return refuse('unauthorizedAction', 403, 'room-closed');
  return null;
}

/** Replying: as posting, to a message of the same room that is not deleted, nor hidden (nobody answers what the room no longer reads). */
export function mayReply(caller: Caller | null, room: RoomFacts, target: MessageFacts): Refusal | null {
  const refusal = mayPost(caller, room);
  if (refusal) return refusal;
  if (target.deleted) return refuse('unauthorizedAction', 403, 'deleted');
  if (target.hidden) return refuse('unauthorizedAction', 403, 'hidden');
  return null;
}

/** Editing: its author in an open room while it is not hidden, or a moderator once it is signalled (moderationStatus 1). */
export function mayEdit(caller: Caller | null, room: RoomFacts, message: MessageFacts): Refusal | null {
  const refusal = onLiveMessage(caller, message);
  if (refusal || !caller) return refusal;
  if (caller.id === message.userId) {
    if (caller.suspended) return refuse('suspensionError', 403, 'suspended');
    if (!room.open) return refuse('unauthorizedAction', 403, 'room-closed');
    if (message.hidden) return refuse('unauthorizedAction', 403, 'hidden');
    return null;
  }
  if (caller.moderator && message.moderationStatus === 1) return null;
  return refuse('unauthorizedAction', 403, 'not-allowed');
}

/** Deleting (marked deleted, kept for audit): its author, or a moderator once it is signalled; closed rooms too. */
export function mayDelete(caller: Caller | null, message: MessageFacts): Refusal | null {
  const refusal = onLiveMessage(caller, message);
  if (refusal || !caller) return refusal;
  if (caller.id === message.userId) return null;
  if (caller.moderator && message.moderationStatus === 1) return null;
  return refuse('unauthorizedAction', 403, 'not-allowed');
}

/**
 * Signalling to the moderators: any member but the author, not suspended, once, while it is not
 * deleted nor hidden (a hidden message is already the moderators' doing). A suspension bars taking part, and a signal puts work on the moderators: a suspended
 * member could otherwise flood them while barred from everything else.
 */
export function maySignal(caller: Caller | null, message: MessageFacts): Refusal | null {
  const refusal = onLiveMessage(caller, message);
  if (refusal || !caller) return refusal;
  if (caller.suspended) return refuse('suspensionError', 403, 'suspended');
  if (caller.id === message.userId) return refuse('unauthorizedAction', 403, 'author');
  if (message.moderationStatus !== 0) return refuse('unauthorizedAction', 403, 'already-signalled');
  if (message.hidden) return refuse('unauthorizedAction', 403, 'hidden');
  return null;
}

/** Pinning and unpinning: moderators, in an open room. */
export function mayPin(caller: Caller | null, room: RoomFacts, message: MessageFacts): Refusal | null {
  const visitor = member(caller);
  if (visitor || !caller) return visitor;
  if (!caller.moderator) return refuse('unauthorizedAction', 403, 'not-moderator');
  if (!room.open) return refuse('unauthorizedAction', 403, 'room-closed');
  if (message.deleted) return refuse('unauthorizedAction', 403, 'deleted');
  return null;
}

/** Hiding a message from the chat (hideInChat) and showing it again: moderators. */
export function mayHide(caller: Caller | null, message: MessageFacts): Refusal | null {
  const visitor = member(caller);
  if (visitor || !caller) return visitor;
  if (!caller.moderator) return refuse('unauthorizedAction', 403, 'not-moderator');
  if (message.deleted) return refuse('unauthorizedAction', 403, 'deleted');
  return null;
}

/** Muting an author: any member, not themselves. */
export function mayMute(caller: Caller | null, authorId: string): Refusal | null {
  const visitor = member(caller);
  if (visitor || !caller) return visitor;
  if (caller.id === authorId) return refuse('unauthorizedAction', 403, 'self');
  return null;
}

/**
 * Suspending a message's author, or lifting their suspension, from the chat: identity's action and
 * rule (a moderator, not suspended, on another user who is not a moderator). The chat offers it with
 * the part it can judge, the viewer's; identity judges the author.
 */
export function maySuspendAuthor(caller: Caller | null, authorId: string): Refusal | null {
  const visitor = member(caller);
  if (visitor || !caller) return visitor;
  if (!caller.moderator) return refuse('unauthorizedAction', 403, 'not-moderator');
  if (caller.suspended) return refuse('unauthorizedAction', 403, 'suspended');
  if (caller.id === authorId) return refuse('suspensionError', 403, 'self');
  return null;
}

/** The troll hunt and the signalled messages: moderators. */
export function mayModerate(caller: Caller | null): Refusal | null {
  const visitor = member(caller);
  if (visitor || !caller) return visitor;
  return caller.moderator ? null : refuse('unauthorizedAction', 403, 'not-moderator');
}
