import { mayDelete, mayEdit, mayHide, mayModerate, mayMute, mayPin, mayPost, mayReply, maySignal } from '../src/domain/permissions.js';
import { SlidingWindow } from '../src/domain/rate-limit.js';
import { cycleRoomOf, stillOpen } from '../src/domain/rooms.js';
import { exemptFromSlowMode, nextPostAt, slowModeOf } from '../src/domain/slow-mode.js';
import { yesterdayMidnight } from '../src/domain/troll-hunt.js';
import { characterCount, parseRoom, textProblem } from '../src/domain/validation.js';
import { author, closed, message, moderator, open, other, suspended } from './support/callers.js';

const verdict = (refusal: { status: number; reason: string } | null) => (refusal ? `${refusal.status} ${refusal.reason}` : 'allowed');

describe('the permission matrix', () => {
  it.each([
    ['visitor', null, '401 visitor'],
    ['member', other, 'allowed'],
    ['moderator', moderator, 'allowed'],
    ['suspended member', suspended, '403 suspended'],
  ] as const)('posting as a %s: %s', (_who, caller, expected) => {
    expect(verdict(mayPost(caller, open))).toBe(expected);
  });

  it('closes a room to posts and replies for everyone, moderators too', () => {
    expect(verdict(mayPost(other, closed))).toBe('403 room-closed');
    expect(verdict(mayPost(moderator, closed))).toBe('403 room-closed');
    expect(verdict(mayReply(other, closed, message()))).toBe('403 room-closed');
  });

  it('lets any member reply to a message that is not deleted', () => {
    expect(verdict(mayReply(other, open, message()))).toBe('allowed');
    expect(verdict(mayReply(author, open, message()))).toBe('allowed');
    expect(verdict(mayReply(other, open, message({ deleted: true })))).toBe('403 deleted');
    expect(verdict(mayReply(null, open, message()))).toBe('401 visitor');
  });

  // Editing and deleting share one rule: the author, or a moderator once the message is signalled.
  const authorOrModeratorOfSignalled = [
    ['visitor', null, message(), '401 visitor'],
    ['author', author, message(), 'allowed'],
    ['other member', other, message(), '403 not-allowed'],
    ['moderator before a signal', moderator, message(), '403 not-allowed'],
    ['moderator once signalled', moderator, message({ moderationStatus: 1 }), 'allowed'],
  ] as const;

  it.each([
    ...authorOrModeratorOfSignalled,
    ['suspended author', { ...author, suspended: true }, message(), '403 suspended'],
    ['author of a deleted message', author, message({ deleted: true }), '403 deleted'],
  ] as const)('editing as %s: %s', (_who, caller, target, expected) => {
    expect(verdict(mayEdit(caller, open, target))).toBe(expected);
  });

  it('keeps editing in a closed room to moderators of signalled messages', () => {
    expect(verdict(mayEdit(author, closed, message()))).toBe('403 room-closed');
    expect(verdict(mayEdit(moderator, closed, message({ moderationStatus: 1 })))).toBe('allowed');
  });

  it.each([
    ...authorOrModeratorOfSignalled,
    ['anyone, once deleted', moderator, message({ moderationStatus: 1, deleted: true }), '403 deleted'],
  ] as const)('deleting as %s: %s', (_who, caller, target, expected) => {
    expect(verdict(mayDelete(caller, target))).toBe(expected);
  });

  it.each([
    ['visitor', null, message(), '401 visitor'],
    ['author', author, message(), '403 author'],
    ['other member', other, message(), 'allowed'],
    ['moderator', moderator, message(), 'allowed'],
    ['other member, already signalled', other, message({ moderationStatus: 1 }), '403 already-signalled'],
    ['other member, deleted', other, message({ deleted: true }), '403 deleted'],
    ['suspended member', suspended, message(), '403 suspended'],
    ['suspended moderator', { ...moderator, suspended: true }, message(), '403 suspended'],
  ] as const)('signalling as %s: %s', (_who, caller, target, expected) => {
    expect(verdict(maySignal(caller, target))).toBe(expected);
  });

  it('refuses a suspended member’s signal with the error of every action a suspension bars', () => {
    expect(maySignal(suspended, message())).toEqual(mayPost(suspended, open));
    expect(maySignal(suspended, message())).toEqual({ key: 'suspensionError', status: 403, reason: 'suspended' });
  });

  it('lets moderators pin in open rooms and hide anywhere; nobody else', () => {
    expect(verdict(mayPin(moderator, open, message()))).toBe('allowed');
    expect(verdict(mayPin(moderator, closed, message()))).toBe('403 room-closed');
    expect(verdict(mayPin(author, open, message()))).toBe('403 not-moderator');
    expect(verdict(mayPin(null, open, message()))).toBe('401 visitor');
    expect(verdict(mayHide(moderator, message()))).toBe('allowed');
    expect(verdict(mayHide(other, message()))).toBe('403 not-moderator');
  });

  it('lets a member mute anyone but themself, and only moderators hunt trolls', () => {
    expect(verdict(mayMute(other, 'author'))).toBe('allowed');
    expect(verdict(mayMute(author, 'author'))).toBe('403 self');
    expect(verdict(mayMute(null, 'author'))).toBe('401 visitor');
    expect(verdict(mayModerate(moderator))).toBe('allowed');
    expect(verdict(mayModerate(other))).toBe('403 not-moderator');
    expect(verdict(mayModerate(null))).toBe('401 visitor');
  });
});

describe('validation', () => {
  it('takes 1 to 250 characters, not only spaces, without control characters', () => {
    expect(textProblem('')).toBe('empty');
    expect(textProblem(' \n ')).toBe('empty');
    expect(textProblem('a')).toBeNull();
    expect(textProblem('x'.repeat(250))).toBeNull();
    expect(textProblem('x'.repeat(251))).toBe('too-long');
    expect(textProblem('🙂'.repeat(250))).toBeNull();
    expect(textProblem('line one\nline two')).toBeNull();
    expect(textProblem('bell\u0007')).toBe('control-characters');
    expect(characterCount('é🙂a')).toBe(3);
  });

  it('knows the four kinds of room names and nothing else', () => {
    const id = '0b7f4a8e-3c1d-4e2f-9a6b-5c4d3e2f1a0b';
    expect(parseRoom(`cycle:${id}:proposals`)).toEqual({ id: `cycle:${id}:proposals`, kind: 'proposals', ownerId: id });
    expect(parseRoom(`cycle:${id}:voting`)?.kind).toBe('voting');
    expect(parseRoom(`cycle:${id}:final-vote`)?.kind).toBe('final-vote');
    expect(parseRoom(`law:${id}:creation`)?.kind).toBe('creation');
    expect(parseRoom(`cycle:${id}:creation`)).toBeNull();
    expect(parseRoom(`law:${id}:voting`)).toBeNull();
    expect(parseRoom('lobby')).toBeNull();
    expect(parseRoom(`cycle:${id}:proposals:extra`)).toBeNull();
  });
});

describe('rooms of phases', () => {
  it('opens a room for proposals, voting and final vote, none for creation (per law) or the archive', () => {
    expect(cycleRoomOf('c', 'proposals')).toEqual({ id: 'cycle:c:proposals', kind: 'proposals' });
    expect(cycleRoomOf('c', 'final-vote')?.id).toBe('cycle:c:final-vote');
    expect(cycleRoomOf('c', 'creation')).toBeNull();
    expect(cycleRoomOf('c', 'archive')).toBeNull();
    expect(cycleRoomOf('c', null)).toBeNull();
  });

  it('keeps a room open until its cycle goes past its phase', () => {
    expect(stillOpen('proposals', null)).toBe(true);
    expect(stillOpen('proposals', 0)).toBe(true);
    expect(stillOpen('proposals', 1)).toBe(false);
    expect(stillOpen('creation', 2)).toBe(true);
    expect(stillOpen('creation', 3)).toBe(false);
    expect(stillOpen('final-vote', 4)).toBe(false);
  });
});

describe('the troll hunt window', () => {
  it('starts yesterday at 00:00 in the platform time zone, across daylight saving changes', () => {
    expect(yesterdayMidnight(new Date('2026-03-10T12:00:00Z'), 'Europe/Paris').toISOString()).toBe('2026-03-08T23:00:00.000Z');
    expect(yesterdayMidnight(new Date('2026-07-10T12:00:00Z'), 'Europe/Paris').toISOString()).toBe('2026-07-08T22:00:00.000Z');
    // Just after midnight in Paris (still the previous day in UTC).
    expect(yesterdayMidnight(new Date('2026-07-10T22:30:00Z'), 'Europe/Paris').toISOString()).toBe('2026-07-09T22:00:00.000Z');
    // The day after the spring change: yesterday 00:00 was still winter time.
    expect(yesterdayMidnight(new Date('2026-03-30T08:00:00Z'), 'Europe/Paris').toISOString()).toBe('2026-03-28T23:00:00.000Z');
    expect(yesterdayMidnight(new Date('2026-07-10T12:00:00Z'), 'UTC').toISOString()).toBe('2026-07-09T00:00:00.000Z');
  });
});

describe('the message rate', () => {
  it('allows the limit in any window, then says how long to wait', async () => {
    let now = 0;
    const limiter = new SlidingWindow(3, 10_000, () => now);
    for (let i = 0; i < 3; i++) expect(await limiter.take('u')).toEqual({ allowed: true });
    now = 4000;
    expect(await limiter.take('u')).toEqual({ allowed: false, retryAfterMs: 6000 });
    expect(await limiter.take('v')).toEqual({ allowed: true });
    now = 10_001;
    expect(await limiter.take('u')).toEqual({ allowed: true });
  });
});

describe('slow mode', () => {
  const policy = { threshold: 2000, defaultIntervalS: 30 };
  const at = (seconds: number) => new Date(Date.UTC(2026, 0, 1, 12, 0, seconds));

  it('turns on past the threshold of members online when automatic, always when on, never when off', () => {
    expect(slowModeOf({ mode: 'auto', intervalS: null }, 2000, policy)).toEqual({ mode: 'auto', intervalS: 30, active: false });
    expect(slowModeOf({ mode: 'auto', intervalS: null }, 2001, policy).active).toBe(true);
    expect(slowModeOf({ mode: 'on', intervalS: 10 }, 0, policy)).toEqual({ mode: 'on', intervalS: 10, active: true });
    expect(slowModeOf({ mode: 'off', intervalS: null }, 1_000_000, policy).active).toBe(false);
  });

  it('lets a member post again once the interval since their last post has passed', () => {
    const active = slowModeOf({ mode: 'on', intervalS: 30 }, 0, policy);
    expect(nextPostAt(active, false, null, at(0))).toBeNull();
    expect(nextPostAt(active, false, at(0), at(10))).toEqual(at(30));
    expect(nextPostAt(active, false, at(0), at(29))).toEqual(at(30));
    expect(nextPostAt(active, false, at(0), at(30))).toBeNull();
  });

  it('never slows moderators and scribes, nor anyone while it is not active', () => {
    expect(exemptFromSlowMode(moderator)).toBe(true);
    expect(exemptFromSlowMode({ ...other, scribe: true })).toBe(true);
    expect(exemptFromSlowMode(other)).toBe(false);
    const active = slowModeOf({ mode: 'on', intervalS: 30 }, 0, policy);
    expect(nextPostAt(active, true, at(0), at(1))).toBeNull();
    expect(nextPostAt(slowModeOf({ mode: 'auto', intervalS: 30 }, 3, policy), false, at(0), at(1))).toBeNull();
  });
});
