/**
 * A message as one viewer reads it (src/domain/message-view.ts): whose eyes see the text of a hidden
 * or deleted message, and what a reply quotes of the message it answers.
 */
import type { Caller } from '../src/domain/permissions.js';
import { excerpt, messageView, REPLY_EXCERPT, showsText, type StoredMessage } from '../src/domain/message-view.js';

const author: Caller = { id: 'author', moderator: false, suspended: false };
const other: Caller = { id: 'other', moderator: false, suspended: false };
const moderator: Caller = { id: 'moderator', moderator: true, suspended: false };
const at = new Date('2026-11-25T10:00:00.000Z');

const stored = (changes: Partial<StoredMessage> = {}): StoredMessage => ({
  id: 'message',
  roomId: 'cycle:c:proposals',
  userId: 'author',
  userName: 'Alice',
  text: 'Free buses on Sundays',
  pin: false,
  hideInChat: false,
  moderationStatus: 0,
  editedAt: null,
  editedByModerator: false,
  deletedAt: null,
  deletedByModerator: false,
  createdAt: at,
  ...changes,
});

describe('the text a viewer reads', () => {
  it('shows a message to everyone, visitors too', () => {
    expect(showsText(null, stored())).toBe(true);
    expect(showsText(other, stored())).toBe(true);
  });

  it('shows a hidden message to its author and moderators only', () => {
    const hidden = stored({ hideInChat: true });
    expect(showsText(null, hidden)).toBe(false);
    expect(showsText(other, hidden)).toBe(false);
    expect(showsText(author, hidden)).toBe(true);
    expect(showsText(moderator, hidden)).toBe(true);
  });

  it('shows a deleted message to nobody, its author and moderators included', () => {
    const deleted = stored({ deletedAt: at });
    expect(showsText(author, deleted)).toBe(false);
    expect(showsText(moderator, deleted)).toBe(false);
    expect(showsText(moderator, stored({ deletedAt: at, hideInChat: true }))).toBe(false);
  });
});

describe('a message as a viewer reads it', () => {
  it('carries the stored facts, its text when the viewer may read it', () => {
    const view = messageView(stored({ editedAt: at, moderationStatus: 1, pin: true }), null, other);
    expect(view).toEqual({
      id: 'message',
      room: 'cycle:c:proposals',
      userId: 'author',
      userName: 'Alice',
      text: 'Free buses on Sundays',
      createdAt: at.toISOString(),
      editedAt: at.toISOString(),
      editedByModerator: false,
      replyTo: null,
      pin: true,
      hideInChat: false,
      moderationStatus: 1,
      deleted: false,
      deletedByModerator: false,
    });
  });

  it('keeps the text of a hidden message from the public view, not from its author', () => {
    const hidden = stored({ hideInChat: true });
    expect(messageView(hidden, null, null).text).toBeNull();
    expect(messageView(hidden, null, author).text).toBe('Free buses on Sundays');
  });

  it('says deleted without the text', () => {
    expect(messageView(stored({ deletedAt: at, deletedByModerator: true }), null, moderator)).toMatchObject({ text: null, deleted: true, deletedByModerator: true });
  });

  it('quotes the first characters of the message replied to, unless the viewer may not read it', () => {
    const long = stored({ id: 'earlier', userId: 'other', userName: 'Bob', text: '🚌'.repeat(REPLY_EXCERPT + 5) });
    const reply = stored({ id: 'reply' });
    expect(messageView(reply, long, null).replyTo).toEqual({ id: 'earlier', userId: 'other', userName: 'Bob', excerpt: '🚌'.repeat(REPLY_EXCERPT) });
    expect(messageView(reply, { ...long, hideInChat: true }, author).replyTo?.excerpt).toBeNull();
    expect(messageView(reply, { ...long, hideInChat: true }, moderator).replyTo?.excerpt).toBe(excerpt(long.text));
    expect(messageView(reply, { ...long, deletedAt: at }, moderator).replyTo).toMatchObject({ id: 'earlier', excerpt: null });
  });

  it('reads any moderation status but a signal as none', () => {
    expect(messageView(stored({ moderationStatus: 2 }), null, null).moderationStatus).toBe(0);
  });
});
