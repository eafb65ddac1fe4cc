/** Vote counts as the reader's vote changes them: the bars move before the service answers. */
import type { VoteChoice, VoteCounts } from '@civic/contracts';

/**
 * The counts once the reader's vote goes from `from` to `to` (null: no vote), score included
 * (for - against). Counts never go below zero, in case the service's answer already had the change.
 */
export function withVote(counts: VoteCounts, from: VoteChoice | null, to: VoteChoice | null): VoteCounts {
  if (from === to) return counts;
  const next = { ...counts };
  if (from) next[from] = Math.max(0, next[from] - 1);
  if (to) next[to] += 1;
  next.score = next.for - next.against;
  return next;
}

/** Every vote cast on a text, whatever the choice. */
export const totalVotes = (counts: VoteCounts): number => counts.for + counts.against + counts.neutral + counts.blank;
