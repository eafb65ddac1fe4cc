/**
 * The votes as bars, the four choices as a radio group, the reader's vote and a way to take it back:
 * one control for a proposal in its vote and for an article or amendment in the final vote. The
 * choice shows selected and the bars move at once; a refused vote rolls back with its error.
 */
import { useId, useRef, useState } from 'react';
import { useIntl, type MessageDescriptor } from 'react-intl';
import { voteChoices, type VoteAnswer, type VoteChoice, type VoteCounts } from '@civic/contracts';
import { buttonClass } from '@civic/frontend-kit/design';
import { choiceMessages } from '../messages.js';
import { useAct } from './act.js';
import { ChoiceBars } from './ChoiceBars.js';
import { useFeedback } from './feedback.js';
import { withVote } from './tally.js';

export interface VoteControlProps {
  /** What the vote is on, as the group's legend names it. */
  title: string;
  /** The counts as the service last answered them. */
  counts: VoteCounts;
  /** Shows the score (for - against) under the bars: proposals have one, the final vote's texts not. */
  score?: boolean;
  /** The reader's vote as the service last answered it. */
  myVote: VoteChoice | null;
  /** What the line under the choices says when the reader has not voted. */
  noVote: MessageDescriptor;
  /** Sends a choice, or takes the vote back (`null`). */
  cast: (choice: VoteChoice | null) => Promise<VoteAnswer>;
  onVoted: (answer: VoteAnswer) => void;
}

export function VoteControl({ title, counts, score = false, myVote, noVote, cast, onVoted }: VoteControlProps) {
  const { formatMessage: t } = useIntl();
  const { toast } = useFeedback();
  const act = useAct();
  const name = useId();
  const choices = useRef<HTMLFieldSetElement>(null);
  // The choice being sent ('none': the vote taken back), shown checked and counted at once; arrow
  // keys in the group send one vote at a time, the last choice winning. Cleared when the run ends:
  // what shows then is the service's answer, or the vote as it was when the call failed.
  const [pending, setPending] = useState<VoteChoice | 'none' | null>(null);
  const [busy, setBusy] = useState(false);
  const queued = useRef<VoteChoice | 'none' | null>(null);
  const running = useRef(false);

  const drain = async () => {
    if (running.current) return;
    running.current = true;
    setBusy(true);
    try {
      // A failed call ends the run (what was queued behind it is dropped) and shows its error.
      await act(async () => {
        while (queued.current) {
          const next = queued.current;
          queued.current = null;
          const answer = await cast(next === 'none' ? null : next);
          onVoted(answer);
          if (!queued.current) {
            toast(next === 'none' ? t({ id: 'decisions.vote.takenBack' }) : t({ id: 'decisions.vote.saved' }, { choice: t(choiceMessages[next]) }), 'success');
            // The button that had the focus is gone with the vote.
            if (next === 'none') choices.current?.querySelector('input')?.focus();
          }
        }
      });
    } finally {
      queued.current = null;
      running.current = false;
      setPending(null);
      setBusy(false);
    }
  };
  const send = (choice: VoteChoice | 'none') => {
    queued.current = choice;
    setPending(choice);
    void drain();
  };

  const shown = pending === null ? myVote : pending === 'none' ? null : pending;
  return (
    <div className="decisions-vote">
      <ChoiceBars counts={withVote(counts, myVote, shown)} score={score} />
      <fieldset ref={choices} className="decisions-vote__choices" aria-busy={busy || undefined}>
        <legend>{t({ id: 'decisions.vote.yourVoteOn' }, { title })}</legend>
        {voteChoices.map((choice) => (
          <label key={choice} className="decisions-vote__choice">
            <input type="radio" name={name} value={choice} checked={shown === choice} onChange={() => send(choice)} />
            {t(choiceMessages[choice])}
          </label>
        ))}
      </fieldset>
      <p className="decisions-vote__mine" data-my-vote={myVote ?? ''}>
        <span>{myVote ? t({ id: 'decisions.vote.yourVote' }, { choice: t(choiceMessages[myVote]) }) : t(noVote)}</span>
        {myVote ? (
          <button type="button" className={buttonClass('quiet', 'sm')} aria-disabled={busy || undefined} onClick={() => !busy && send('none')}>
            {t({ id: 'decisions.vote.takeBack' })}
          </button>
        ) : null}
      </p>
    </div>
  );
}
