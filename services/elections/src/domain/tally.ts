/**
 * The monthly tally (docs/product.md#elections): per role, candidates ranked by their total of +1 and -1
 * votes, ties to the earlier candidacy; the first `seats` with a positive total are elected.
 */
import { CandidateTo, candidateToValues, keepsModerators } from '@civic/contracts';

export interface Seats {
  moderators: number;
  scribes: number;
  greatWises: number;
}

export const seatsFor = (seats: Seats, role: CandidateTo): number =>
  role === CandidateTo.Moderator ? seats.moderators : role === CandidateTo.Scribe ? seats.scribes : seats.greatWises;

export interface CandidateFigures {
  userId: string;
  votesFor: number;
  votesAgainst: number;
  /** When the candidacy was made. */
  appliedAt: Date;
}

export interface RankedCandidate extends CandidateFigures {
  totalVotes: number;
  rank: number;
  elected: boolean;
}

/** Best first: higher total, then the earlier candidacy, then the user id (a stable last resort). */
export function compareCandidates(a: CandidateFigures, b: CandidateFigures): number {
  const totals = b.votesFor - b.votesAgainst - (a.votesFor - a.votesAgainst);
  if (totals !== 0) return totals;
  const applied = a.appliedAt.getTime() - b.appliedAt.getTime();
  if (applied !== 0) return applied;
  return a.userId < b.userId ? -1 : a.userId > b.userId ? 1 : 0;
}

/** Ranks one role's candidates and marks the elected. */
export function rankRole(candidates: readonly CandidateFigures[], seats: number): RankedCandidate[] {
  return [...candidates].sort(compareCandidates).map((candidate, index) => {
    const totalVotes = candidate.votesFor - candidate.votesAgainst;
    return { ...candidate, totalVotes, rank: index + 1, elected: index < seats && totalVotes > 0 };
  });
}

export interface Officials {
  moderators: string[];
  scribes: string[];
  greatWises: string[];
}

export const noOfficials = (): Officials => ({ moderators: [], scribes: [], greatWises: [] });

export const officialsKey = (role: CandidateTo): keyof Officials =>
  role === CandidateTo.Moderator ? 'moderators' : role === CandidateTo.Scribe ? 'scribes' : 'greatWises';

/** The elected of each role, in rank order. */
export function electedOf(results: ReadonlyMap<CandidateTo, readonly RankedCandidate[]>): Officials {
  const officials = noOfficials();
  for (const [role, ranked] of results) officials[officialsKey(role)] = ranked.filter((c) => c.elected).map((c) => c.userId);
  return officials;
}

/** Previous officials who were not re-elected to the same role: they lose it (moderators only once someone is elected moderator). */
export function removedOfficials(previous: Officials, elected: Officials): Officials {
  const gone = (key: keyof Officials) => previous[key].filter((id) => !elected[key].includes(id));
  return { moderators: keepsModerators(elected) ? [] : gone('moderators'), scribes: gone('scribes'), greatWises: gone('greatWises') };
}

/**
 * The officials in office after an election: the elected, but the moderators stay when it elected
 * none (`keepsModerators`), so the next election removes them only once someone is elected moderator.
 */
export function officialsAfter(previous: Officials, elected: Officials): Officials {
  return keepsModerators(elected) ? { ...elected, moderators: [...previous.moderators] } : elected;
}

/** One candidacy's figures for the tally, with the role it stands for. */
export interface RoleFigures extends CandidateFigures {
  candidateTo: CandidateTo;
}

export interface Tally {
  /** Every role (in the catalogue's order) with its candidates ranked. */
  ranked: Map<CandidateTo, RankedCandidate[]>;
  elected: Officials;
  removed: Officials;
}

/** A month's election: each role ranked with its seats, the elected, and the previous officials who lose their role. */
export function tallyElection(figures: readonly RoleFigures[], seats: Seats, previous: Officials): Tally {
  const ranked = new Map<CandidateTo, RankedCandidate[]>();
  for (const role of candidateToValues) {
    const ofRole = figures.filter((row) => row.candidateTo === role);
    ranked.set(
      role,
      rankRole(
        ofRole.map(({ userId, votesFor, votesAgainst, appliedAt }) => ({ userId, votesFor, votesAgainst, appliedAt })),
        seatsFor(seats, role),
      ),
    );
  }
  const elected = electedOf(ranked);
  return { ranked, elected, removed: removedOfficials(previous, elected) };
}
