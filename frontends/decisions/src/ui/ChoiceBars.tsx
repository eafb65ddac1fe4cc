/** A text's votes as bars: for, against, neutral and blank, with numbers and shares written out. */
import { useIntl } from 'react-intl';
import { voteChoices, type VoteCounts } from '@civic/contracts';
import { VoteBars } from '@civic/frontend-kit/design';
import { choiceMessages, common } from '../messages.js';
import { totalVotes } from './tally.js';

/**
 * The four counts as bars, each with its number and share written out (the text equivalent is the
 * list itself: label, number, percentage); with `score`, the proposal's score (for - against) too.
 */
export function ChoiceBars({ counts, score = false }: { counts: VoteCounts; score?: boolean }) {
  const { formatMessage: t } = useIntl();
  const total = totalVotes(counts);
  return (
    <div className="decisions-tally" data-votes={total}>
      <VoteBars
        caption={total === 0 ? t({ id: 'decisions.vote.noVotesYet' }) : `${t(common.counts)} · ${t({ id: 'decisions.vote.total' }, { count: total })}`}
        counts={voteChoices.map((choice) => ({ key: choice, label: t(choiceMessages[choice]), value: counts[choice] }))}
      />
      {score ? (
        <p className="decisions-tally__score" data-count="score">
          {t(common.score)} <strong>{counts.score}</strong>
        </p>
      ) : null}
    </div>
  );
}
