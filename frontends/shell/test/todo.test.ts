import type { Article, Candidate, CandidateVote, ElectedOfficials, LawDetail, LawSummary, Proposal, VotingView } from '@civic/contracts';
import { candidatesToVoteFor, draftsToWrite, finalVotesToCast, officesToStandAgain, proposalVotesToCast, todoItems, phaseChangeReadDelayMs, phaseChangeSpreadMs, type TodoMember } from '../src/todo/todo.js';

const me = 'user-me';

const proposal = (id: string, state: Proposal['state'], myVote: Proposal['myVote']) => ({ id, state, myVote }) as Proposal;
const voting = (phase: 'voting' | 'creation', proposals: Proposal[]): VotingView => ({ cycle: { phase } as VotingView['cycle'], proposals });

const article = (id: string, myVote: Article['myVote'], amendments: Article[] = []) => ({ id, myVote, amendments }) as Article;
const finalLaw = (id: string, articles: Article[]) => ({ id, title: `Law ${id}`, state: 'final-vote', articles }) as LawDetail;
const creationLaw = (id: string, creators: string[]) =>
  ({ id, title: `Law ${id}`, state: 'creation', creators: creators.map((userId) => ({ userId, userName: userId })) }) as LawSummary;

const candidate = (id: string, candidateTo: 1 | 2 | 3) => ({ id, candidateTo }) as Candidate;
const vote = (candidateId: string, candidateTo: 1 | 2 | 3): CandidateVote => ({ candidateId, candidateTo, userId: me, vote: 1 });

const official = (id: string) => ({ id, userName: id, totalVotes: 3 });
const elected = (roles: { moderators?: string[]; scribes?: string[]; greatWises?: string[] }): ElectedOfficials => ({
  election: null,
  moderators: (roles.moderators ?? []).map(official),
  scribes: (roles.scribes ?? []).map(official),
  greatWises: (roles.greatWises ?? []).map(official),
  schedule: { candidacyMonth: '2026-11-01' } as ElectedOfficials['schedule'],
});
const noOfficials = elected({});
const member: TodoMember = { id: me, userName: 'Élise M', moderatorCandidateDate: null, scribeCandidateDate: null, greatWiseCandidateDate: null };

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
        elected: noOfficials,
      },
      member,
    );
    expect(items).toEqual([
      { kind: 'proposalVotes', count: 1, to: '/decisions/voting-on-proposals' },
      { kind: 'drafts', count: 1, to: '/decisions/creations?law=c1', lawTitle: 'Law c1' },
      { kind: 'finalVotes', count: 1, to: '/decisions/final-vote?law=f1', lawTitle: 'Law f1' },
      { kind: 'candidateVotes', count: 1, to: '/elections' },
    ]);
    expect(todoItems({ voting: { cycle: null, proposals: [] }, finalVoteLaws: [], creationLaws: [], candidates: [], votes: [], elected: noOfficials }, member)).toEqual([]);
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

describe('the reminder to stand again', () => {
  it('names each office the member holds and does not stand for again this month', () => {
    const officials = elected({ moderators: [me], scribes: ['other'], greatWises: [me] });
    expect(officesToStandAgain(officials, member, '2026-11-01')).toEqual([1, 3]);
    // Standing this month for one office leaves only the other; last month's candidacy does not count.
    expect(officesToStandAgain(officials, { ...member, moderatorCandidateDate: '2026-11-01', greatWiseCandidateDate: '2026-10-01' }, '2026-11-01')).toEqual([3]);
    expect(officesToStandAgain(elected({ scribes: ['other'] }), member, '2026-11-01')).toEqual([]);
  });

  it('adds one item per office, after the votes, linking to the candidacy settings', () => {
    const sources = { voting: { cycle: null, proposals: [] }, finalVoteLaws: [], creationLaws: [], candidates: [], votes: [], elected: elected({ scribes: [me] }) };
    expect(todoItems(sources, member)).toEqual([{ kind: 'standAgain', count: 1, role: 'scribe', to: `/users/${me}/%C3%89lise%20M/settings#settings-candidacy` }]);
    expect(todoItems(sources, { ...member, scribeCandidateDate: '2026-11-01' })).toEqual([]);
  });
});
