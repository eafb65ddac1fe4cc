/**
 * What the composer says under slow mode: the seconds until the next post after an own post or a
 * refusal, nothing for exempt members (moderators, scribes) or while slow mode is not in force.
 */
import { ErrorMessages } from '@civic/contracts';
import { ApiError } from '@civic/frontend-kit/api-client';
import { afterOwnPost, afterRefusal, secondsUntilNextPost, slowModeRefusal, type SlowModeState } from '../src/chat/slow-mode.js';

const t0 = Date.parse('2026-11-27T12:00:00.000Z');
const on: SlowModeState = { slowMode: { mode: 'on', intervalS: 30, active: true }, exempt: false, nextPostAt: null };

describe('slow mode in the composer', () => {
  it('counts down from an own post to the end of the interval, rounding up', () => {
    const posted = afterOwnPost(on, new Date(t0).toISOString());
    expect(secondsUntilNextPost(posted, t0)).toBe(30);
    expect(secondsUntilNextPost(posted, t0 + 29_001)).toBe(1);
    expect(secondsUntilNextPost(posted, t0 + 30_000)).toBe(0);
  });

  it('never slows an exempt member, nor anyone while slow mode is off or automatic below the threshold', () => {
    expect(secondsUntilNextPost(afterOwnPost({ ...on, exempt: true }, new Date(t0).toISOString()), t0)).toBe(0);
    const idle: SlowModeState = { ...on, slowMode: { mode: 'auto', intervalS: 30, active: false } };
    expect(secondsUntilNextPost(afterOwnPost(idle, new Date(t0).toISOString()), t0)).toBe(0);
  });

  it('takes the time of the next post from a slow-mode refusal, and turns slow mode on where the panel thought it off', () => {
    const error = new ApiError(429, ErrorMessages.slowMode, { reason: 'slow-mode', retryAt: new Date(t0 + 12_000).toISOString(), intervalS: 60 });
    const refusal = slowModeRefusal(error);
    expect(refusal).toEqual({ retryAt: t0 + 12_000, intervalS: 60 });
    const idle: SlowModeState = { slowMode: { mode: 'auto', intervalS: 30, active: false }, exempt: false, nextPostAt: null };
    const refused = afterRefusal(idle, refusal!);
    expect(refused.slowMode).toEqual({ mode: 'auto', intervalS: 60, active: true });
    expect(secondsUntilNextPost(refused, t0)).toBe(12);
    expect(slowModeRefusal(new ApiError(429, ErrorMessages.tooManyRequests, { retryAfterMs: 1000 }))).toBeNull();
    expect(slowModeRefusal(new Error('network'))).toBeNull();
  });
});
