/**
 * What a viewer may do with a chat message (src/domain/permitted-actions.ts): the `may` of a message
 * read by a known viewer, role by role, and the viewer's table (`mayByCase`), whose row of a message's
 * case carries exactly the flags the message's own `may` would.
 */
import { mayOfCase, type ChatMessageMay, type PublicChatMessage } from '@civic/contracts';
import { maySuspendAuthor, type Caller } from '../src/domain/permissions.js';
import { mayByCase, messageMay, withMessageMay } from '../src/domain/permitted-actions.js';
import { author, closed, message, moderator, open, other, suspended } from './support/callers.js';

/** The flags that are true, in the schema's order: a line easy to read in a failure. */
const allowed = (may: ChatMessageMay) => (Object.keys(may) as (keyof ChatMessageMay)[]).filter((flag) => may[flag]).join(' ');

describe('what a viewer may do with a message', () => {
  it('gives a visitor nothing', () => {
    expect(allowed(messageMay(null, open, message()))).toBe('');
    expect(allowed(messageMay(null, open, message({ moderationStatus: 1 })))).toBe('');
  });

  it.each([
    ['another member, open room', other, open, message(), 'reply signal mute'],
    ['another member, signalled already', other, open, message({ moderationStatus: 1 }), 'reply mute'],
    ['another member, deleted', other, open, message({ deleted: true }), 'mute'],
    ['another member, closed room', other, closed, message(), 'signal mute'],
    ['its author, open room', author, open, message(), 'reply edit remove'],
    ['its author, closed room', author, closed, message(), 'remove'],
    ['its author, deleted', author, open, message({ deleted: true }), ''],
    // A suspension bars signalling too: what is left is muting, for oneself.
    ['a suspended member', suspended, open, message(), 'mute'],
    ['its suspended author', { ...author, suspended: true }, open, message(), 'remove'],
    ['a moderator, not signalled', moderator, open, message(), 'reply signal pin hide mute suspend'],
    ['a moderator, signalled', moderator, open, message({ moderationStatus: 1 }), 'reply edit remove pin hide mute suspend'],
    ['a moderator, signalled, closed room', moderator, closed, message({ moderationStatus: 1 }), 'edit remove hide mute suspend'],
    ['a moderator, deleted', moderator, open, message({ moderationStatus: 1, deleted: true }), 'mute suspend'],
    ['a moderator, their own message', moderator, open, message({ userId: 'moderator' }), 'reply edit remove pin hide'],
    // A suspension bars taking part (replying), not moderating; identity refuses a suspended moderator's suspensions.
    ['a suspended moderator', { ...moderator, suspended: true }, open, message({ moderationStatus: 1 }), 'edit remove pin hide mute'],
    // Hidden by a moderator: nobody answers, reports or mutes what the room no longer reads, nor does its author rewrite it.
    ['another member, hidden', other, open, message({ hidden: true }), ''],
    ['its author, hidden', author, open, message({ hidden: true }), 'remove'],
    ['a moderator, hidden', moderator, open, message({ hidden: true }), 'pin hide suspend'],
    ['a moderator, hidden and signalled', moderator, open, message({ hidden: true, moderationStatus: 1 }), 'edit remove pin hide suspend'],
  ] as const)('as %s', (_who, viewer, room, target, expected) => {
    expect(allowed(messageMay(viewer, room, target))).toBe(expected);
  });

  it('offers suspending the author to moderators who are not suspended, never on their own message', () => {
    expect(maySuspendAuthor(moderator, 'author')).toBeNull();
    expect(maySuspendAuthor(moderator, 'moderator')).toMatchObject({ key: 'suspensionError', reason: 'self' });
    expect(maySuspendAuthor({ ...moderator, suspended: true }, 'author')).toMatchObject({ reason: 'suspended' });
    expect(maySuspendAuthor(other, 'author')).toMatchObject({ reason: 'not-moderator' });
    expect(maySuspendAuthor(null, 'author')).toMatchObject({ status: 401 });
  });
});

describe('the viewer’s table', () => {
  const viewers: [string, Caller | null][] = [
    ['visitor', null],
    ['member', other],
    ['author', author],
    ['suspended member', suspended],
    ['moderator', moderator],
    ['suspended moderator', { ...moderator, suspended: true }],
  ];

  it.each(viewers)('holds every case once (%s)', (_who, viewer) => {
    const table = mayByCase(viewer);
    expect(table).toHaveLength(32);
    expect(new Set(table.map((row) => `${row.author}:${row.moderationStatus}:${row.deleted}:${row.hidden}:${row.open}`)).size).toBe(32);
  });

  it.each(viewers)('gives a pushed message the flags its own may would carry (%s)', (_who, viewer) => {
    const table = mayByCase(viewer);
    const view = (userId: string, moderationStatus: 0 | 1, deleted: boolean, hideInChat: boolean) => ({ id: 'm', userId, moderationStatus, deleted, hideInChat }) as PublicChatMessage;
    for (const userId of ['author', 'other', 'moderator', 'suspended', 'someone']) {
      for (const moderationStatus of [0, 1] as const) {
        for (const deleted of [false, true]) {
          for (const hidden of [false, true]) {
            for (const room of [open, closed]) {
              const pushed = view(userId, moderationStatus, deleted, hidden);
              expect([userId, moderationStatus, deleted, hidden, room.open, mayOfCase(table, viewer?.id ?? null, pushed, room.open)]).toEqual([
                userId,
                moderationStatus,
                deleted,
                hidden,
                room.open,
                withMessageMay(pushed, viewer, room).may,
              ]);
            }
          }
        }
      }
    }
  });

  it('tells the viewer’s own messages from others’ (a member’s own rows offer edit, others’ offer signal)', () => {
    const table = mayByCase(other);
    const row = (author: boolean) => table.find((item) => item.author === author && item.moderationStatus === 0 && !item.deleted && item.open)!;
    expect(allowed(row(true).may)).toBe('reply edit remove');
    expect(allowed(row(false).may)).toBe('reply signal mute');
    expect(mayByCase(null).every((item) => allowed(item.may) === '')).toBe(true);
  });
});
