/** The reader's ballot on an article or amendment of the final vote. */
import type { Article, VoteAnswer } from '@civic/contracts';
import { lawsApi } from '../api/laws.js';
import { ChoiceBars } from './ChoiceBars.js';
import { VoteControl } from './VoteControl.js';

/**
 * The votes on one article or amendment as bars and, when the answer lets the reader vote
 * (`text.may.vote`), the four choices, the reader's ballot and a way to take it back.
 */
export function BallotControls({ lawId, text, label, onVoted }: { lawId: string; text: Article; label: string; onVoted: (answer: VoteAnswer) => void }) {
  if (!text.may.vote) return <ChoiceBars counts={text.counts} />;
  return (
    <VoteControl
      title={label}
      counts={text.counts}
      myVote={text.myVote}
      noVote={{ id: 'decisions.vote.noneOnText' }}
      cast={(choice) => (choice ? lawsApi.vote(lawId, text.id, choice) : lawsApi.deleteVote(lawId, text.id))}
      onVoted={onVoted}
    />
  );
}
