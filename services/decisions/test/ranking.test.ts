import { countVote, emptyTally, rankProposals, scoreOf } from '../src/domain/ranking.js';
import {
  cycleFull,
  isResubmittable,
  mayDelete,
  mayEdit,
  mayParticipate,
  mayPin,
  mayResubmit,
  maySignal,
  mayVote,
  nextSubmissionAt,
  type Caller,
  type ProposalFacts,
} from '../src/domain/proposal-rules.js';

const at = (day: number) => new Date(Date.UTC(2026, 0, day));

describe('ranking of the vote on proposals', () => {
  it('ranks by score = for - against, ties to the earlier proposal, then selects, gives a second chance and rejects', () => {
    const ranked = rankProposals(
      [
        { id: 'late-tie', createdAt: at(5), tally: { for: 5, against: 2 } },
        { id: 'early-tie', createdAt: at(2), tally: { for: 4, against: 1 } },
        { id: 'best', createdAt: at(9), tally: { for: 10, against: 0 } },
        { id: 'worst', createdAt: at(1), tally: { for: 0, against: 8 } },
        { id: 'middle', createdAt: at(3), tally: { for: 2, against: 1 } },
      ],
      2,
      2,
    );
    expect(ranked.map((r) => [r.id, r.rank, r.score, r.outcome])).toEqual([
      ['best', 1, 10, 'selected'],
      ['early-tie', 2, 3, 'selected'],
      ['late-tie', 3, 3, 'second-chance'],
      ['middle', 4, 1, 'second-chance'],
      ['worst', 5, -8, 'rejected'],
    ]);
  });

  it('counts votes in and out of a tally', () => {
    const tally = countVote(countVote(countVote(emptyTally(), 'for', 1), 'against', 1), 'for', -1);
    expect(tally).toEqual({ for: 0, against: 1, neutral: 0, blank: 0 });
    expect(scoreOf(tally)).toBe(-1);
  });
});

describe('proposal permissions', () => {
  const author: Caller = { id: 'author', verified: true, moderator: false, suspended: false };
  const other: Caller = { id: 'other', verified: true, moderator: false, suspended: false };
  const moderator: Caller = { id: 'moderator', verified: true, moderator: true, suspended: false };
  const proposal: ProposalFacts = { userId: 'author', state: 'submitted', moderationStatus: 0, deletedByModerator: false };

  it('lets a verified, unsuspended member participate', () => {
    expect(mayParticipate(author)).toBeNull();
    expect(mayParticipate({ ...author, verified: false })).toMatchObject({ key: 'unauthorizedAction', status: 403 });
    expect(mayParticipate({ ...author, suspended: true })).toMatchObject({ key: 'suspensionError', status: 403 });
  });

  it('lets the author edit and delete; a moderator only once signalled', () => {
    expect(mayEdit(author, proposal)).toBeNull();
    expect(mayEdit(other, proposal)).toMatchObject({ status: 403 });
    expect(mayEdit(moderator, proposal)).toMatchObject({ status: 403 });
    expect(mayEdit(moderator, { ...proposal, moderationStatus: 1 })).toBeNull();
    expect(mayDelete(moderator, { ...proposal, moderationStatus: 1 })).toBeNull();
    expect(mayDelete(other, { ...proposal, moderationStatus: 1 })).toMatchObject({ status: 403 });
    expect(mayEdit(author, { ...proposal, state: 'in-vote' })).toMatchObject({ status: 403 });
  });

  it('ends the author’s rights over a proposal a moderator deleted', () => {
    const deleted = { ...proposal, state: 'deleted' as const, deletedByModerator: true };
    expect(mayEdit(author, deleted)).not.toBeNull();
    expect(mayDelete(author, deleted)).not.toBeNull();
    expect(mayResubmit(author, deleted)).not.toBeNull();
    expect(mayResubmit(author, { ...deleted, deletedByModerator: false })).toBeNull();
    expect(mayResubmit(author, { ...proposal, state: 'rejected' })).toBeNull();
    expect(mayResubmit(other, { ...proposal, state: 'rejected' })).not.toBeNull();
  });

  it('resubmits only a rejected proposal or one its author deleted, never one a moderator deleted', () => {
    expect(isResubmittable({ state: 'rejected', deletedByModerator: false })).toBe(true);
    expect(isResubmittable({ state: 'deleted', deletedByModerator: false })).toBe(true);
    expect(isResubmittable({ state: 'deleted', deletedByModerator: true })).toBe(false);
    for (const state of ['submitted', 'in-vote', 'second-chance', 'selected'] as const) expect(isResubmittable({ state, deletedByModerator: false })).toBe(false);
    expect(mayResubmit(author, { ...proposal, state: 'in-vote' })).toMatchObject({ status: 403, reason: 'not-resubmittable' });
  });

  it('lets anyone but the author signal once, and moderators pin', () => {
    expect(maySignal(other, proposal)).toBeNull();
    expect(maySignal(author, proposal)).toMatchObject({ status: 403 });
    expect(maySignal(other, { ...proposal, moderationStatus: 1 })).toMatchObject({ status: 403 });
    expect(mayPin(moderator, proposal)).toBeNull();
    expect(mayPin(other, proposal)).toMatchObject({ status: 403 });
  });

  it('lets a verified, unsuspended member vote on a proposal in its vote, and only then', () => {
    expect(mayVote(author, { state: 'in-vote' })).toBeNull();
    expect(mayVote(other, { state: 'in-vote' })).toBeNull();
    expect(mayVote({ ...other, suspended: true }, { state: 'in-vote' })).toMatchObject({ key: 'suspensionError', status: 403 });
    expect(mayVote({ ...other, verified: false }, { state: 'in-vote' })).toMatchObject({ key: 'unauthorizedAction', status: 403 });
    expect(mayVote(other, { state: 'submitted' })).toMatchObject({ status: 403, reason: 'vote-not-open' });
    expect(mayVote(other, { state: 'rejected' })).toMatchObject({ status: 404 });
  });

  it('allows one submission per interval, and says when the next one is allowed', () => {
    const week = 7 * 24 * 60 * 60 * 1000;
    expect(nextSubmissionAt(null, at(10), week)).toBeNull();
    expect(nextSubmissionAt(at(4), at(10), week)).toEqual(new Date(at(4).getTime() + week));
    expect(nextSubmissionAt(at(3), at(10), week)).toBeNull();
    // Exactly one interval later is allowed.
    expect(nextSubmissionAt(at(3), new Date(at(3).getTime() + week), week)).toBeNull();
    expect(nextSubmissionAt(at(3), new Date(at(3).getTime() + week - 1), week)).toEqual(new Date(at(3).getTime() + week));
  });

  it('counts a cycle full once it holds its maximum of visible proposals', () => {
    expect(cycleFull(99, 100)).toBe(false);
    expect(cycleFull(100, 100)).toBe(true);
    expect(cycleFull(101, 100)).toBe(true);
  });
});
