/**
 * The member's to-do list (/protected): what is waiting for their vote or their pen, counted from the
 * decisions and elections reads. Pure; the screen fetches and renders.
 */
import { CandidateTo, candidateDateField, type Article, type Candidate, type CandidateVote, type ElectedOfficials, type LawDetail, type LawSummary, type SessionUser, type VotingView } from '@civic/contracts';
import { isStandingThisMonth } from '../users/candidacy.js';

/** After a phase change, open to-do pages read again each after a random wait below this (docs/live.md). */
export const phaseChangeSpreadMs = 10_000;

/** A random wait in [0, phaseChangeSpreadMs) before a page reads its to-do again after a phase change. */
export const phaseChangeReadDelayMs = (random: () => number = Math.random): number => Math.floor(random() * phaseChangeSpreadMs);

export type TodoKind = 'proposalVotes' | 'finalVotes' | 'drafts' | 'candidateVotes' | 'standAgain';

export interface TodoItem {
  kind: TodoKind;
  /** How many votes to cast, or texts to write for a draft. */
  count: number;
  /** Where to do it. */
  to: string;
  /** The law concerned, for final votes and drafts. */
  lawTitle?: string;
  /** The office held, for a reminder to stand again. */
  role?: 'moderator' | 'scribe' | 'greatWise';
}

const officeKeys = { [CandidateTo.Moderator]: 'moderator', [CandidateTo.Scribe]: 'scribe', [CandidateTo.GreatWise]: 'greatWise' } as const;
const officialsOf = (elected: ElectedOfficials, role: CandidateTo) =>
  role === CandidateTo.Moderator ? elected.moderators : role === CandidateTo.Scribe ? elected.scribes : elected.greatWises;

/** The member's candidate dates and name, as the session carries them. */
export type TodoMember = Pick<SessionUser, 'id' | 'userName' | 'moderatorCandidateDate' | 'scribeCandidateDate' | 'greatWiseCandidateDate'>;

/**
 * The offices the member holds from the last election and does not stand for again this month:
 * every office ends at the month's election, so an official who wants to go on stands again.
 */
export function officesToStandAgain(elected: ElectedOfficials, member: TodoMember, candidacyMonth: string): CandidateTo[] {
  return [CandidateTo.Moderator, CandidateTo.Scribe, CandidateTo.GreatWise].filter(
    (role) => officialsOf(elected, role).some((official) => official.id === member.id) && !isStandingThisMonth(member[candidateDateField[role]], candidacyMonth),
  );
}

/** Proposals open in the voting phase the member has not voted on. */
export function proposalVotesToCast(view: VotingView): number {
  if (view.cycle?.phase !== 'voting') return 0;
  return view.proposals.filter((proposal) => proposal.state === 'in-vote' && proposal.myVote === null).length;
}

/** Articles and amendments of a law in its final vote the member has not voted on. */
export function finalVotesToCast(law: Pick<LawDetail, 'state' | 'articles'>): number {
  if (law.state !== 'final-vote') return 0;
  const texts: Article[] = law.articles.flatMap((article) => [article, ...article.amendments]);
  return texts.filter((text) => text.myVote === null).length;
}

/** Laws in their creation phase the member was drawn to write. */
export function draftsToWrite(laws: readonly LawSummary[], userId: string): LawSummary[] {
  return laws.filter((law) => law.state === 'creation' && law.creators.some((creator) => creator.userId === userId));
}

/** This month's candidates (every role) the member has not voted for yet, themself left out. */
export function candidatesToVoteFor(candidates: readonly Candidate[], votes: readonly CandidateVote[], userId: string): number {
  const voted = new Set(votes.map((vote) => `${vote.candidateTo}:${vote.candidateId}`));
  return candidates.filter((candidate) => candidate.id !== userId && !voted.has(`${candidate.candidateTo}:${candidate.id}`)).length;
}

export interface TodoSources {
  voting: VotingView;
  finalVoteLaws: readonly LawDetail[];
  creationLaws: readonly LawSummary[];
  candidates: readonly Candidate[];
  votes: readonly CandidateVote[];
  /** The officials of the last election, with the month whose candidacies are open. */
  elected: ElectedOfficials;
}

const lawLink = (path: string, lawId: string) => `${path}?law=${encodeURIComponent(lawId)}`;

/** Every item with something to do, in the order of the process; empty when nothing waits. */
export function todoItems(sources: TodoSources, member: TodoMember): TodoItem[] {
  const userId = member.id;
  const items: TodoItem[] = [];
  const proposals = proposalVotesToCast(sources.voting);
  if (proposals > 0) items.push({ kind: 'proposalVotes', count: proposals, to: '/decisions/voting-on-proposals' });
  for (const law of draftsToWrite(sources.creationLaws, userId)) {
    items.push({ kind: 'drafts', count: 1, to: lawLink('/decisions/creations', law.id), lawTitle: law.title });
  }
  for (const law of sources.finalVoteLaws) {
    const count = finalVotesToCast(law);
    if (count > 0) items.push({ kind: 'finalVotes', count, to: lawLink('/decisions/final-vote', law.id), lawTitle: law.title });
  }
  const candidates = candidatesToVoteFor(sources.candidates, sources.votes, userId);
  if (candidates > 0) items.push({ kind: 'candidateVotes', count: candidates, to: '/elections' });
  const settings = `/users/${encodeURIComponent(member.id)}/${encodeURIComponent(member.userName)}/settings`;
  for (const role of officesToStandAgain(sources.elected, member, sources.elected.schedule.candidacyMonth)) {
    items.push({ kind: 'standAgain', count: 1, to: `${settings}#settings-candidacy`, role: officeKeys[role] });
  }
  return items;
}
