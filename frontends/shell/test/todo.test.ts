import type { Article, Candidate, CandidateVote, LawDetail, LawSummary, Proposal, VotingView } from '@civic/contracts';
import { candidatesToVoteFor, draftsToWrite, finalVotesToCast, proposalVotesToCast, todoItems, phaseChangeReadDelayMs, phaseChangeSpreadMs } from '../src/todo/todo.js';

const me = 'user-me';

const proposal = (id: string, state: Proposal['state'], myVote: Proposal['myVote']) => ({ id, state, myVote }) as Proposal;
const voting = (phase: 'voting' | 'creation', proposals: Proposal[]): VotingView => ({ cycle: { phase } as VotingView['cycle'], proposals });

const article = (id: string, myVote: Article['myVote'], amendments: Article[] = []) => ({ id, myVote, amendments }) as Article;
const finalLaw = (id: string, articles: Article[]) => ({ id, title: `Law ${id}`, state: 'final-vote', articles }) as LawDetail;
const creationLaw = (id: string, creators: string[]) =>
  ({ id, title: `Law ${id}`, state: 'creation', creators: creators.map((userId) => ({ userId, userName: userId })) }) as LawSummary;

const candidate = (id: string, candidateTo: 1 | 2 | 3) => ({ id, candidateTo }) as Candidate;
const vote = (candidateId: string, candidateTo: 1 | 2 | 3): CandidateVote => ({ candidateId, candidateTo, userId: me, vote: 1 });

describe('the member to-do list', () => {
  it('counts the proposals in their vote the member has not voted on, only while the vote is open', () => {
    const proposals = [proposal('a', 'in-vote', null), proposal('b', 'in-vote', 'for'), proposal('c', 'in-vote', null), proposal('d', 'rejected', null)];
    expect(proposalVotesToCast(voting('voting', proposals))).toBe(2);
    expect(proposalVotesToCast(voting('creation', proposals))).toBe(0);
    expect(proposalVotesToCast({ cycle: null, proposals: [] })).toBe(0);
  });

  it('counts the articles and amendments of a final vote without the member’s vote', () => {
    const law = finalLaw('l1', [article('a1', null, [article('m1', null), article('m2', 'against')]), article('a2', 'for')]);
    expect(finalVotesToCast(law)).toBe(2);
    expect(finalVotesToCast({ ...law, state: 'adopted' })).toBe(0);
  });

  it('lists the laws in creation the member was drawn to write', () => {
    const laws = [creationLaw('l1', ['someone', me]), creationLaw('l2', ['someone'])];
    expect(draftsToWrite(laws, me).map((law) => law.id)).toEqual(['l1']);
  });

  it('counts this month’s candidates the member has not voted for, by role, leaving the member out', () => {
    const candidates = [candidate('x', 1), candidate('x', 2), candidate('y', 1), candidate(me, 3)];
    expect(candidatesToVoteFor(candidates, [vote('x', 1)], me)).toBe(2);
    expect(candidatesToVoteFor(candidates, [vote('x', 1), vote('x', 2), vote('y', 1)], me)).toBe(0);
  });

  it('links each item to where it is done, in the order of the process, and is empty when nothing waits', () => {
    const items = todoItems(
      {
        voting: voting('voting', [proposal('a', 'in-vote', null)]),
        finalVoteLaws: [finalLaw('f1', [article('a1', null)]), finalLaw('f2', [article('a2', 'blank')])],
        creationLaws: [creationLaw('c1', [me])],
        candidates: [candidate('x', 1)],
        votes: [],
      },
      me,
    );
    expect(items).toEqual([
      { kind: 'proposalVotes', count: 1, to: '/decisions/voting-on-proposals' },
      { kind: 'drafts', count: 1, to: '/decisions/creations?law=c1', lawTitle: 'Law c1' },
      { kind: 'finalVotes', count: 1, to: '/decisions/final-vote?law=f1', lawTitle: 'Law f1' },
      { kind: 'candidateVotes', count: 1, to: '/elections' },
    ]);
    expect(todoItems({ voting: { cycle: null, proposals: [] }, finalVoteLaws: [], creationLaws: [], candidates: [], votes: [] }, me)).toEqual([]);
  });
});

describe('reading again after a phase change', () => {
  it('waits a random time in [0, 10 s) so that open pages do not all read at the same instant', () => {
    expect(phaseChangeSpreadMs).toBe(10_000);
    expect(phaseChangeReadDelayMs(() => 0)).toBe(0);
    expect(phaseChangeReadDelayMs(() => 0.25)).toBe(2500);
    expect(phaseChangeReadDelayMs(() => 0.999_999)).toBeLessThan(phaseChangeSpreadMs);
  });
});
