/**
 * Moderation from the chat: the actions a message's menu offers (the service's `may`, or the row of
 * the message's case in the viewer's table: the suspension among them), the allowed lengths, where a
 * room belongs, and natural relative dates in both languages.
 */
import type { ChatMayCase, ChatMessageMay, PublicChatMessage } from '@civic/contracts';
import { calendarDays, formatRelative, relativeTime, roomPlace, runningSuspension, suspensionLengths } from '../src/chat/moderation.js';
import { noActions, shownMay } from '../src/chat/message-may.js';
import { plainMessage } from './support/chat-message.js';

const cycleId = '0f5e8c1a-6d1b-4a54-9d2e-4f7a2b9c1d3e';
const lawId = '7b1c2d3e-4f50-4a6b-8c7d-9e0f1a2b3c4d';

const message = (userId: string, changes: Partial<PublicChatMessage> = {}): PublicChatMessage => ({
  ...plainMessage({ id: 'm1', room: `cycle:${cycleId}:proposals`, userId, userName: 'Alice', text: 'hello', createdAt: '2026-11-23T10:00:00.000Z' }),
  ...changes,
});

/**
 * A moderator's table as the service sends it, each row told apart by its flags: `suspend` on others'
 * messages, and `reply` standing for the row's own case (open, not deleted), so a wrong row shows.
 */
const moderatorTable: ChatMayCase[] = [false, true].flatMap((author) =>
  ([0, 1] as const).flatMap((moderationStatus) =>
    [false, true].flatMap((deleted) =>
      [false, true].flatMap((hidden) =>
        [true, false].map((open) => ({
          author,
          moderationStatus,
          deleted,
          hidden,
          open,
          may: { ...noActions, suspend: !author, reply: open && !deleted && !hidden, edit: moderationStatus === 1 && !deleted, hide: !deleted },
        })),
      ),
    ),
  ),
);
const context = { mayByCase: moderatorTable, userId: 'mod', open: true, readOnly: false };
const flags = (may: ChatMessageMay) => (Object.keys(may) as (keyof ChatMessageMay)[]).filter((flag) => may[flag]).join(' ');

describe('the actions offered in a chat message’s menu', () => {
  it('are, for a pushed message, the row of its case in the viewer’s table: the suspension on another member’s message only', () => {
    expect(flags(shownMay(message('alice'), context))).toBe('reply hide suspend');
    expect(flags(shownMay(message('alice', { deleted: true }), { ...context, open: false }))).toBe('suspend');
    expect(flags(shownMay(message('alice', { moderationStatus: 1 }), context))).toBe('reply edit hide suspend');
    expect(flags(shownMay(message('mod'), context))).toBe('reply hide');
    expect(flags(shownMay(message('mod'), { ...context, open: false }))).toBe('hide');
  });

  it('are a message’s own may when it was read with one', () => {
    const own: ChatMessageMay = { ...noActions, signal: true };
    expect(shownMay({ ...message('alice'), may: own }, context)).toBe(own);
  });

  it('are, on a hidden message, the row of its hidden case: the service leaves out replying there', () => {
    expect(flags(shownMay(message('alice', { hideInChat: true }), context))).toBe('hide suspend');
    expect(flags(shownMay(message('alice', { hideInChat: true, moderationStatus: 1 }), context))).toBe('edit hide suspend');
    expect(flags(shownMay(message('alice'), context))).toBe('reply hide suspend');
  });

  it('are none in a read-only panel, nor before the viewer’s table came', () => {
    expect(shownMay(message('alice'), { ...context, readOnly: true })).toEqual(noActions);
    expect(shownMay({ ...message('alice'), may: { ...noActions, reply: true } }, { ...context, readOnly: true })).toEqual(noActions);
    expect(shownMay(message('alice'), { ...context, mayByCase: [] })).toEqual(noActions);
    // A visitor's table: every flag false, the suspension included.
    expect(shownMay(message('alice'), { ...context, userId: null, mayByCase: moderatorTable.map((row) => ({ ...row, may: noActions })) })).toEqual(noActions);
  });
});

describe('moderation from the chat', () => {
  it('offers the four lengths of the product: 10 minutes, 1 hour, 2 hours, 1 day', () => {
    expect(suspensionLengths).toEqual([10, 60, 120, 24 * 60]);
  });

  it('reads a running suspension only while it lasts', () => {
    const now = Date.parse('2026-11-23T10:00:00Z');
    expect(runningSuspension({ suspendedUntil: '2026-11-23T10:10:00.000Z' }, now)).toBe('2026-11-23T10:10:00.000Z');
    expect(runningSuspension({ suspendedUntil: '2026-11-23T09:59:59.000Z' }, now)).toBeNull();
    expect(runningSuspension({ suspendedUntil: null }, now)).toBeNull();
    expect(runningSuspension({}, now)).toBeNull();
  });
});

describe('roomPlace', () => {
  it('tells the phase of a cycle’s rooms and the law of a creation room', () => {
    expect(roomPlace(`cycle:${cycleId}:proposals`)).toEqual({ kind: 'proposals', cycleId });
    expect(roomPlace(`cycle:${cycleId}:voting`)).toEqual({ kind: 'voting', cycleId });
    expect(roomPlace(`cycle:${cycleId}:final-vote`)).toEqual({ kind: 'final-vote', cycleId });
    expect(roomPlace(`law:${lawId}:creation`)).toEqual({ kind: 'creation', lawId });
  });

  it('answers null for a name that is no room', () => {
    expect(roomPlace(`law:${lawId}:proposals`)).toBeNull();
    expect(roomPlace(`cycle:${cycleId}:creation`)).toBeNull();
    expect(roomPlace('general')).toBeNull();
    expect(roomPlace(`cycle:${cycleId}:proposals:extra`)).toBeNull();
  });
});

describe('relative dates', () => {
  const now = Date.parse('2026-11-23T15:30:00Z');
  const at = (seconds: number) => new Date(now + seconds * 1000).toISOString();

  it('pick the unit that reads naturally, rounded', () => {
    expect(relativeTime(at(-20), now)).toEqual({ value: -20, unit: 'second' });
    expect(relativeTime(at(-3 * 60), now)).toEqual({ value: -3, unit: 'minute' });
    expect(relativeTime(at(-90 * 60), now)).toEqual({ value: -2, unit: 'hour' });
    expect(relativeTime(at(10 * 60), now)).toEqual({ value: 10, unit: 'minute' });
    expect(relativeTime(at(26 * 3600), now)).toEqual({ value: 1, unit: 'day' });
    expect(relativeTime(at(-15 * 24 * 3600), now)).toEqual({ value: -2, unit: 'week' });
    expect(relativeTime(now, now)).toEqual({ value: 0, unit: 'second' });
    // A suspension of one hour, a few seconds later, still ends "in 1 hour".
    expect(relativeTime(at(3600 - 5), now)).toEqual({ value: 1, unit: 'hour' });
    expect(relativeTime(at(-50), now)).toEqual({ value: -1, unit: 'minute' });
    expect(relativeTime(at(23 * 3600), now)).toEqual({ value: 1, unit: 'day' });
  });

  it('read naturally in English and French', () => {
    expect(formatRelative(at(-3 * 60), now, 'en')).toBe('3 minutes ago');
    expect(formatRelative(at(-3 * 60), now, 'fr')).toBe('il y a 3 minutes');
    expect(formatRelative(at(2 * 3600), now, 'en')).toBe('in 2 hours');
    expect(formatRelative(at(2 * 3600), now, 'fr')).toBe('dans 2 heures');
    expect(formatRelative(at(-24 * 3600), now, 'en')).toBe('yesterday');
    expect(formatRelative(at(-24 * 3600), now, 'fr')).toBe('hier');
    expect(formatRelative(now, now, 'en')).toBe('now');
  });

  it('count calendar days, so any time yesterday is yesterday', () => {
    const local = (day: number, hour: number) => new Date(2026, 10, day, hour, 0).getTime();
    expect(calendarDays(local(22, 0), local(23, 23))).toBe(-1);
    expect(calendarDays(local(22, 23), local(23, 0))).toBe(-1);
    expect(calendarDays(local(23, 0), local(23, 23))).toBe(0);
    expect(calendarDays(local(25, 12), local(23, 12))).toBe(2);
  });
});
