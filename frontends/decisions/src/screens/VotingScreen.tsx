import { useId, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { Link, useNavigate } from 'react-router-dom';
import { voteChoices, type Proposal, type SessionUser, type VoteChoice } from '@civic/contracts';
import { ApiError } from '@civic/frontend-kit/api-client';
import type { VoteAnswer, VotingView } from '@civic/contracts';
import { decisionsApi } from '../api/decisions.js';
import { useResource } from '@civic/frontend-kit/remote-hooks';
import { choiceMessages } from '../messages.js';
import { useShell } from '../RemoteFrame.js';
import { useIdentifyPath, useMembersOnly, useSession } from '@civic/frontend-kit/remote-session';
import { Countdown } from '../ui/cycle.js';
import { useFeedback } from '@civic/frontend-kit/remote-feedback';
import { ProposalCard, VoteCountsList } from '../ui/ProposalCard.js';
import { Empty, LoadError, Loading } from '../ui/states.js';
import { byRankThenPin } from './DecisionScreen.js';
import { CycleChat } from '../chat/CycleChat.js';

const page = {
  title: { id: 'decisions.votingOnProposals.title' },
  intro: { id: 'decisions.votingOnProposals.intro' },
  none: { id: 'decisions.votingOnProposals.none' },
  noneHint: { id: 'decisions.votingOnProposals.noneHint' },
  toProposals: { id: 'decisions.votingOnProposals.toProposals' },
  cycle: { id: 'decisions.cycle.name' },
  closesIn: { id: 'decisions.countdown.voteCloses' },
  closed: { id: 'decisions.votingOnProposals.closed' },
  results: { id: 'decisions.votingOnProposals.results' },
  list: { id: 'decisions.votingOnProposals.list' },
  open: { id: 'decisions.votingOnProposals.open' },
  noProposals: { id: 'decisions.votingOnProposals.noProposals' },
  loginToVote: { id: 'decisions.votingOnProposals.loginToVote' },
  logIn: { id: 'decisions.proposals.logIn' },
  yourVoteOn: { id: 'decisions.vote.yourVoteOn' },
  yourVote: { id: 'decisions.vote.yourVote' },
  noVote: { id: 'decisions.vote.none' },
  takeBack: { id: 'decisions.vote.takeBack' },
  saved: { id: 'decisions.vote.saved' },
  takenBack: { id: 'decisions.vote.takenBack' },
};

const livePollMs = 5000;

function VoteControls({ proposal, onVoted }: { proposal: Proposal; onVoted: (answer: VoteAnswer) => void }) {
  const { formatMessage: t } = useIntl();
  const { toast, toastError } = useFeedback();
  const membersOnly = useMembersOnly();
  const navigate = useNavigate();
  const identify = useIdentifyPath();
  const name = useId();
  const choices = useRef<HTMLFieldSetElement>(null);
  // The choice being sent, shown checked at once; arrow keys in the group send one vote at a time,
  // the last choice winning.
  const [pending, setPending] = useState<VoteChoice | null>(null);
  const [busy, setBusy] = useState(false);
  const queued = useRef<VoteChoice | 'none' | null>(null);
  const running = useRef(false);

  const fail = async (error: unknown) => {
    if (error instanceof ApiError && error.statusCode === 401) await navigate(identify);
    else toastError(error);
  };

  const drain = async () => {
    if (running.current) return;
    running.current = true;
    setBusy(true);
    try {
      await membersOnly(async () => {
        while (queued.current) {
          const next = queued.current;
          queued.current = null;
          try {
            const answer = next === 'none' ? await decisionsApi.deleteVote(proposal.id) : await decisionsApi.vote(proposal.id, next);
            onVoted(answer);
            if (!queued.current) {
              toast(next === 'none' ? t(page.takenBack) : t(page.saved, { choice: t(choiceMessages[next]) }), 'success');
              if (next === 'none') choices.current?.querySelector('input')?.focus();
            }
          } catch (error) {
            queued.current = null;
            await fail(error);
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
    setPending(choice === 'none' ? null : choice);
    void drain();
  };

  const shown = pending ?? proposal.myVote;
  return (
    <div className="decisions-vote">
      <fieldset ref={choices} className="decisions-vote__choices" aria-busy={busy || undefined}>
        <legend>{t(page.yourVoteOn, { title: proposal.title })}</legend>
        {voteChoices.map((choice) => (
          <label key={choice} className="decisions-vote__choice">
            <input type="radio" name={name} value={choice} checked={shown === choice} onChange={() => send(choice)} />
            {t(choiceMessages[choice])}
          </label>
        ))}
      </fieldset>
      <p className="decisions-vote__mine" data-my-vote={proposal.myVote ?? ''}>
        <span>{proposal.myVote ? t(page.yourVote, { choice: t(choiceMessages[proposal.myVote]) }) : t(page.noVote)}</span>
        {proposal.myVote ? (
          <button type="button" className="button--small button--secondary" aria-disabled={busy || undefined} onClick={() => !busy && send('none')}>
            {t(page.takeBack)}
          </button>
        ) : null}
      </p>
    </div>
  );
}

function VoteList({ proposals, user, onVoted }: { proposals: Proposal[]; user: SessionUser | null | undefined; onVoted: (id: string, answer: VoteAnswer) => void }) {
  return (
    <ul className="decisions-list">
      {proposals.map((proposal) => (
        <li key={proposal.id}>
          <ProposalCard proposal={proposal} user={user}>
            <VoteCountsList counts={proposal.counts} />
            <VoteControls proposal={proposal} onVoted={(answer) => onVoted(proposal.id, answer)} />
          </ProposalCard>
        </li>
      ))}
    </ul>
  );
}

/**
 * /decisions/voting-on-proposals: the cycle in its vote, each proposal with the four choices as a
 * radio group, the visitor's own vote and a way to take it back, counts refreshed every few seconds,
 * the countdown to the close; once closed, the result with ranks.
 */
export function VotingOnProposalsScreen() {
  const { formatMessage: t } = useIntl();
  const { layouts } = useShell();
  const user = useSession();
  const identify = useIdentifyPath();
  // The cycle last seen in its vote: once it closes, its result (ranks) stays on screen even when the
  // service no longer names a cycle in the voting phase.
  const lastVote = useRef<string | null>(null);
  const view = useResource(
    'voting',
    async (signal): Promise<VotingView> => {
      const answer = await decisionsApi.voting(signal);
      if (answer.cycle) {
        if (answer.cycle.phase === 'voting') lastVote.current = answer.cycle.id;
        return answer;
      }
      if (!lastVote.current) return answer;
      const { proposals, ...cycle } = await decisionsApi.cycle(lastVote.current, signal);
      return { cycle: { ...cycle, proposals: proposals.length }, proposals };
    },
    livePollMs,
  );

  const onVoted = (id: string, answer: VoteAnswer) =>
    view.update((current) => ({ ...current, proposals: current.proposals.map((item) => (item.id === id ? { ...item, counts: answer.counts, myVote: answer.myVote } : item)) }));

  const data = view.data;
  let body;
  if (!data) body = view.loading ? <Loading /> : <LoadError error={view.error} onRetry={view.reload} />;
  else if (!data.cycle) {
    body = (
      <Empty title={t(page.none)}>
        <p>
          {t(page.noneHint)} <Link to="/decisions/proposals">{t(page.toProposals)}</Link>
        </p>
      </Empty>
    );
  } else {
    const cycle = data.cycle;
    const open = cycle.phase === 'voting';
    const proposals = [...data.proposals].sort(byRankThenPin);
    body = (
      <>
        <p className="decisions-cycle__phase">
          <Link to={`/decisions/${encodeURIComponent(cycle.id)}`}>{t(page.cycle, { number: cycle.number })}</Link> ·{' '}
          <strong>{t(open ? page.open : page.closed)}</strong>
        </p>
        {open ? <Countdown label={t(page.closesIn)} times={cycle} receivedAt={view.receivedAt} target={cycle.phaseEndsAt} onElapsed={view.reload} /> : null}
        {open && user === null ? (
          <p className="notice">
            {t(page.loginToVote)}{' '}
            <Link to={identify}>{t(page.logIn)}</Link>
          </p>
        ) : null}
        <section aria-labelledby="voting-list">
          <h2 id="voting-list">{t(open ? page.list : page.results)}</h2>
          {proposals.length === 0 ? (
            <Empty title={t(page.noProposals)} />
          ) : open ? (
            <VoteList proposals={proposals} user={user} onVoted={onVoted} />
          ) : (
            <ol className="decisions-list decisions-results">
              {proposals.map((proposal) => (
                <li key={proposal.id}>
                  <ProposalCard proposal={proposal} user={user} showCounts />
                </li>
              ))}
            </ol>
          )}
        </section>
        <CycleChat phase="voting" cycleId={cycle.id} />
      </>
    );
  }
  return (
    <layouts.list title={t(page.title)} intro={t(page.intro)}>
      {body}
    </layouts.list>
  );
}
