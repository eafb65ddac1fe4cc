/**
 * The events a change to a message or a mute implies, and whether a change is moderation (made by
 * someone other than the author). Pure but for the event ids.
 */
import { ChatMessageModerated, ChatMessagePosted, ChatMessageReplied, ChatMessageSignalled, ChatUserMuted, type EventEnvelope } from '@civic/contracts';
import { newEvent } from '@civic/service-kit';

interface MessageFacts {
  id: string;
  userId: string;
  roomId: string;
}

/** A change by anyone but the author is a moderator's (the rules let no one else through). */
export const byModerator = (actorId: string, authorId: string): boolean => actorId !== authorId;

/** A new post; a reply to someone else's message is announced as a reply too. */
export function messagePosted(message: MessageFacts, replyTo: { id: string; userId: string } | null, at: Date): EventEnvelope[] {
  const events = [newEvent(ChatMessagePosted, { messageId: message.id, userId: message.userId }, at)];
  if (replyTo && replyTo.userId !== message.userId) {
    events.push(newEvent(ChatMessageReplied, { messageId: message.id, userId: message.userId, repliedToMessageId: replyTo.id, repliedToUserId: replyTo.userId, room: message.roomId }, at));
  }
  return events;
}

/** An edit or a deletion: announced only when a moderator made it. */
export function messageChanged(message: MessageFacts, actorId: string, action: 'edited' | 'deleted', at: Date): EventEnvelope[] {
  if (!byModerator(actorId, message.userId)) return [];
  return [newEvent(ChatMessageModerated, { messageId: message.id, userId: message.userId, moderatorId: actorId, action, room: message.roomId }, at)];
}

export const messageSignalled = (message: MessageFacts, signalledBy: string, at: Date): EventEnvelope =>
  newEvent(ChatMessageSignalled, { messageId: message.id, userId: message.userId, signalledBy, room: message.roomId }, at);

export const userMuted = (mutedBy: string, mutedUserId: string, at: Date): EventEnvelope => newEvent(ChatUserMuted, { userId: mutedUserId, mutedBy }, at);
