/** The close of the vote on proposals (docs/product.md): rank, select, give a second chance. */
import type { VoteChoice } from '@civic/contracts';

export interface Tally {
  for: number;
  against: number;
  neutral: number;
  blank: number;
}

export const emptyTally = (): Tally => ({ for: 0, against: 0, neutral: 0, blank: 0 });

/** score = for - against. */
export const scoreOf = (tally: Pick<Tally, 'for' | 'against'>): number => tally.for - tally.against;

/** Adds (+1) or removes (-1) one vote. */
export function countVote(tally: Tally, choice: VoteChoice, delta: 1 | -1): Tally {
  return { ...tally, [choice]: tally[choice] + delta };
}

export interface Candidate {
  id: string;
  createdAt: Date;
  tally: Pick<Tally, 'for' | 'against'>;
}

export type Outcome = 'selected' | 'second-chance' | 'rejected';

export interface Ranked {
  id: string;
  rank: number;
  score: number;
  outcome: Outcome;
}

/**
 * Highest score first; equal scores go to the earlier proposal (then the smaller id, so the order is
 * total). The first `selected` are selected, the next `secondChance` get a second chance, the rest
 * are rejected.
 */
export function rankProposals(candidates: readonly Candidate[], selected: number, secondChance: number): Ranked[] {
  return [...candidates]
    .sort(
      (a, b) =>
        scoreOf(b.tally) - scoreOf(a.tally) || a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
    )
    .map((candidate, index) => ({
      id: candidate.id,
      rank: index + 1,
      score: scoreOf(candidate.tally),
      outcome: index < selected ? 'selected' : index < selected + secondChance ? 'second-chance' : 'rejected',
    }));
}
