import { useRef } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import type { Proposal, SessionUser, VoteAnswer, VotingView } from '@civic/contracts';
import { decisionsApi } from '../api/decisions.js';
import { useResource } from '@civic/frontend-kit/remote-hooks';
import { useShell } from '../RemoteFrame.js';
import { useIdentifyPath, useSession } from '@civic/frontend-kit/remote-session';
import { Countdown } from '../ui/cycle.js';
import { ProposalCard, VoteCountsList } from '../ui/ProposalCard.js';
import { Empty, LoadError, Loading } from '../ui/states.js';
import { VoteControl } from '../ui/VoteControl.js';
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
  noVote: { id: 'decisions.vote.none' },
};

const livePollMs = 5000;

function VoteList({ proposals, user, onVoted }: { proposals: Proposal[]; user: SessionUser | null | undefined; onVoted: (id: string, answer: VoteAnswer) => void }) {
  return (
    <ul className="decisions-list">
      {proposals.map((proposal) => (
        <li key={proposal.id}>
          <ProposalCard proposal={proposal} user={user}>
            <VoteCountsList counts={proposal.counts} />
            <VoteControl
              title={proposal.title}
              myVote={proposal.myVote}
              noVote={page.noVote}
              cast={(choice) => (choice ? decisionsApi.vote(proposal.id, choice) : decisionsApi.deleteVote(proposal.id))}
              onVoted={(answer) => onVoted(proposal.id, answer)}
            />
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
