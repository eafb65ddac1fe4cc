/**
 * What a caller may do with a candidate (src/domain/permitted-actions.ts): the vote, for whoever the
 * vote's own rule lets vote, role by role.
 */
import { candidateMay, withCandidateMay } from '../src/domain/permitted-actions.js';
import type { Voter } from '../src/domain/vote-rules.js';

const now = new Date('2026-11-10T09:00:00Z');
const voter = (changes: Partial<Voter> = {}): Voter => ({ id: 'me', verified: true, suspendedUntil: null, deleted: false, ...changes });
const candidate = { id: 'them' };

describe('what a caller may do with a candidate', () => {
  it.each([
    ['a visitor', false, null],
    ['a verified member', true, voter()],
    ['an unverified member', false, voter({ verified: false })],
    ['a suspended member', false, voter({ suspendedUntil: new Date('2026-11-10T09:10:00Z') })],
    ['a member whose suspension ended', true, voter({ suspendedUntil: new Date('2026-11-10T08:59:59Z') })],
    ['a deleted account', false, voter({ deleted: true })],
    ['the candidate themself', false, voter({ id: 'them' })],
  ] as const)('as %s, may vote: %s', (_who, expected, caller) => {
    expect(candidateMay(caller, candidate, now)).toEqual({ vote: expected });
  });

  it('adds the flags to the candidate as listed, the figures untouched', () => {
    const listed = {
      id: 'them',
      userName: 'Them',
      moderator: false,
      scribe: false,
      moderatorCandidateDate: '2026-11-01',
      scribeCandidateDate: null,
      greatWiseCandidateDate: null,
      candidateTo: 1 as const,
      totalVotes: 2,
      votesFor: 3,
      votesAgainst: 1,
      appliedAt: '2026-11-02T10:00:00.000Z',
    };
    expect(withCandidateMay(voter(), listed, now)).toEqual({ ...listed, may: { vote: true } });
    expect(withCandidateMay(null, listed, now).may).toEqual({ vote: false });
  });
});
