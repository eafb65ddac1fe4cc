/**
 * The events each change to a message or a mute implies (src/domain/message-events.ts): a post, a
 * reply to someone else, an edit or deletion by a moderator (not by the author), a signal, a mute.
 */
import { ChatMessageModerated, ChatMessagePosted, ChatMessageReplied, ChatMessageSignalled, ChatUserMuted } from '@civic/contracts';
import { byModerator, messageChanged, messagePosted, messageSignalled, userMuted } from '../src/domain/message-events.js';

const author = '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
const other = '2b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d6e';
const moderator = '3c4d5e6f-7a8b-4c9d-8e1f-2a3b4c5d6e7f';
const at = new Date('2026-11-25T10:00:00.000Z');
const room = 'cycle:4d5e6f7a-8b9c-4d0e-9f2a-3b4c5d6e7f80:proposals';
const message = { id: '5e6f7a8b-9c0d-4e1f-8a3b-4c5d6e7f8091', userId: author, roomId: room };
const earlier = { id: '6f7a8b9c-0d1e-4f2a-9b4c-5d6e7f8091a2', userId: other };

describe('the events of a post', () => {
  it('announces a post, and a reply to someone else after it', () => {
    const events = messagePosted(message, earlier, at);
    expect(events.map((event) => event.subject)).toEqual([ChatMessagePosted.subject, ChatMessageReplied.subject]);
    expect(events[0]!.payload).toEqual({ messageId: message.id, userId: author });
    expect(events[1]!.payload).toEqual({ messageId: message.id, userId: author, repliedToMessageId: earlier.id, repliedToUserId: other, room });
    expect(events.every((event) => event.occurredAt === at.toISOString())).toBe(true);
  });

  it("announces no reply to the author's own message, nor without a reply", () => {
    expect(messagePosted(message, { id: earlier.id, userId: author }, at).map((event) => event.subject)).toEqual([ChatMessagePosted.subject]);
    expect(messagePosted(message, null, at).map((event) => event.subject)).toEqual([ChatMessagePosted.subject]);
  });
});

describe('the events of moderation', () => {
  it("tells a moderator's change from the author's", () => {
    expect(byModerator(moderator, author)).toBe(true);
    expect(byModerator(author, author)).toBe(false);
  });

  it('announces an edit or a deletion by a moderator as moderated, and none by the author', () => {
    const [edited] = messageChanged(message, moderator, 'edited', at);
    expect(edited!.subject).toBe(ChatMessageModerated.subject);
    expect(edited!.payload).toEqual({ messageId: message.id, userId: author, moderatorId: moderator, action: 'edited', room });
    expect(messageChanged(message, moderator, 'deleted', at)[0]!.payload).toMatchObject({ action: 'deleted' });
    expect(messageChanged(message, author, 'edited', at)).toEqual([]);
    expect(messageChanged(message, author, 'deleted', at)).toEqual([]);
  });

  it('announces a signal with who signalled, and a mute with who muted whom', () => {
    const signalled = messageSignalled(message, other, at);
    expect(signalled.subject).toBe(ChatMessageSignalled.subject);
    expect(signalled.payload).toEqual({ messageId: message.id, userId: author, signalledBy: other, room });
    const muted = userMuted(other, author, at);
    expect(muted.subject).toBe(ChatUserMuted.subject);
    expect(muted.payload).toEqual({ userId: author, mutedBy: other });
  });
});
