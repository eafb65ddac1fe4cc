import { loadConfig } from '@civic/service-kit';
import { closingNoticeMs, DecisionsConfig } from '../src/config.js';
import { closingNoticeDue, closingNoticeEvent } from '../src/domain/final-vote-closing.js';

const HOUR = 60 * 60 * 1000;
const endsAt = new Date('2026-05-10T12:00:00.000Z');
const at = (hoursBeforeEnd: number) => new Date(endsAt.getTime() - hoursBeforeEnd * HOUR);
const finalVote = { phase: 'final-vote', phaseEndsAt: endsAt, closingNoticeAt: null };

describe('the closing notice of a final vote', () => {
  it('is due from the notice window on, not before', () => {
    expect(closingNoticeDue(finalVote, at(25), 24 * HOUR)).toBe(false);
    expect(closingNoticeDue(finalVote, at(24), 24 * HOUR)).toBe(true);
    expect(closingNoticeDue(finalVote, at(1), 24 * HOUR)).toBe(true);
    // A tick that comes late (the service was down) still announces it.
    expect(closingNoticeDue(finalVote, at(-1), 24 * HOUR)).toBe(true);
  });

  it('is given once: a cycle already announced is never due again, even extended', () => {
    const announced = { ...finalVote, closingNoticeAt: at(24), phaseEndsAt: new Date(endsAt.getTime() + 72 * HOUR) };
    expect(closingNoticeDue(announced, at(0), 24 * HOUR)).toBe(false);
  });

  it('concerns only a cycle in its final vote with an end', () => {
    for (const phase of ['proposals', 'voting', 'creation', 'archive']) expect(closingNoticeDue({ ...finalVote, phase }, at(1), 24 * HOUR)).toBe(false);
    expect(closingNoticeDue({ ...finalVote, phaseEndsAt: null }, at(1), 24 * HOUR)).toBe(false);
  });

  it('names the cycle, its end and the laws still in the vote', () => {
    const laws = [{ lawId: '5d1f2b8e-5d7c-4a86-9d4b-0b5c3b0e8a11', title: 'Free buses' }];
    const event = closingNoticeEvent({ id: 'a0c4e4a8-26de-4c43-9a4b-5d8e2f0c1d22', number: 3, endsAt }, laws, at(24));
    expect(event).toMatchObject({
      subject: 'decisions.final-vote.closing',
      occurredAt: at(24).toISOString(),
      payload: { cycleId: 'a0c4e4a8-26de-4c43-9a4b-5d8e2f0c1d22', number: 3, endsAt: endsAt.toISOString(), laws },
    });
  });

  it('reads FINAL_VOTE_CLOSING_NOTICE_HOURS (default 24) and refuses a window that is not positive', () => {
    const base = { DATABASE_URL: 'postgresql://localhost/x', NATS_URL: 'nats://localhost:4222', JWKS_URL: 'http://localhost/jwks' };
    expect(closingNoticeMs(loadConfig(DecisionsConfig, base))).toBe(24 * HOUR);
    expect(closingNoticeMs(loadConfig(DecisionsConfig, { ...base, FINAL_VOTE_CLOSING_NOTICE_HOURS: '1.5' }))).toBe(1.5 * HOUR);
    expect(() => loadConfig(DecisionsConfig, { ...base, FINAL_VOTE_CLOSING_NOTICE_HOURS: '0' })).toThrow(/FINAL_VOTE_CLOSING_NOTICE_HOURS/);
    expect(() => loadConfig(DecisionsConfig, { ...base, FINAL_VOTE_CLOSING_NOTICE_HOURS: 'soon' })).toThrow(/FINAL_VOTE_CLOSING_NOTICE_HOURS/);
  });
});
