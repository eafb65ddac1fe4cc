/** The final vote's parts under each article or amendment: its counts and the reader's ballot. */
import { useIntl } from 'react-intl';
import { voteChoices, type Article, type VoteAnswer } from '@civic/contracts';
import { lawsApi } from '../api/laws.js';
import { choiceMessages, common } from '../messages.js';
import { VoteControl } from './VoteControl.js';

const m = {
  noVote: { id: 'decisions.vote.noneOnText' },
};

/** The four choices on one article or amendment, the reader's ballot and a way to take it back. */
export function BallotControls({ lawId, text, label, onVoted }: { lawId: string; text: Article; label: string; onVoted: (answer: VoteAnswer) => void }) {
  return (
    <VoteControl
      title={label}
      myVote={text.myVote}
      noVote={m.noVote}
      cast={(choice) => (choice ? lawsApi.vote(lawId, text.id, choice) : lawsApi.deleteVote(lawId, text.id))}
      onVoted={onVoted}
    />
  );
}

/** The four counts of a text (no score: the final vote compares "for" votes). */
export function BallotCounts({ text }: { text: Article }) {
  const { formatMessage: t } = useIntl();
  return (
    <ul className="decisions-counts" aria-label={t(common.counts)}>
      {voteChoices.map((choice) => (
        <li key={choice} data-count={choice}>
          {t(choiceMessages[choice])} <strong>{text.counts[choice]}</strong>
        </li>
      ))}
    </ul>
  );
}
