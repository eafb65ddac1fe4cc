import { mayVote, namesUserAndRole, type Voter } from '../src/domain/vote-rules.js';

const now = new Date('2026-11-10T09:00:00Z');
const voter = (changes: Partial<Voter> = {}): Voter => ({ id: 'me', verified: true, suspendedUntil: null, deleted: false, ...changes });
const request = { userId: 'me', candidateId: 'them' };

describe('who may vote', () => {
  it('does nothing without a user or a role', () => {
    expect(namesUserAndRole({ userId: 'me', candidateTo: 1 })).toBe(true);
    expect(namesUserAndRole({ candidateTo: 1 })).toBe(false);
    expect(namesUserAndRole({ userId: '', candidateTo: 1 })).toBe(false);
    expect(namesUserAndRole({ userId: null, candidateTo: 2 })).toBe(false);
    expect(namesUserAndRole({ userId: 'me' })).toBe(false);
    expect(namesUserAndRole({ userId: 'me', candidateTo: 0 })).toBe(false);
    expect(namesUserAndRole({ userId: 'me', candidateTo: null })).toBe(false);
  });

  it('lets a logged-in, verified, non-suspended user vote as themselves for another standing candidate', () => {
    expect(mayVote(voter(), request, now, true)).toBeNull();
    expect(mayVote(voter({ suspendedUntil: new Date('2026-11-10T08:59:59Z') }), request, now, true)).toBeNull();
  });

  it('refuses visitors, votes in someone else\'s name, unverified, suspended and deleted accounts, self-votes and non-candidates', () => {
    const reason = (v: Voter | null, r = request, standing = true) => mayVote(v, r, now, standing)?.reason;
    expect(mayVote(null, request, now, true)).toEqual({ status: 401, key: 'updateKO', reason: 'notLoggedIn' });
    expect(reason(voter({ id: 'other' }))).toBe('notYourself');
    expect(reason(voter({ verified: false }))).toBe('notVerified');
    expect(reason(voter({ suspendedUntil: new Date('2026-11-10T09:10:00Z') }))).toBe('suspended');
    expect(reason(voter({ deleted: true }))).toBe('accountDeleted');
    expect(reason(voter(), { userId: 'me', candidateId: 'me' })).toBe('selfVote');
    expect(reason(voter(), request, false)).toBe('notACandidate');
    expect(mayVote(voter({ verified: false }), request, now, true)?.status).toBe(403);
  });
});
