import { useRef } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import type { Proposal, SessionUser, VoteAnswer, VotingView } from '@civic/contracts';
import { decisionsApi } from '../api/decisions.js';
import { useResource } from '@civic/frontend-kit/remote-hooks';
import { useShell } from '../RemoteFrame.js';
import { useIdentifyPath, useSession } from '@civic/frontend-kit/remote-session';
import { Countdown } from '../ui/CycleParts.js';
import { ProposalCard } from '../ui/ProposalCard.js';
import { EmptyPhase, ListOrEmpty, Pending, Section } from '../ui/States.js';
import { VoteControl } from '../ui/VoteControl.js';
import { cycleMoved, useCycleProposals, useLateReload, usePhases, withCycleProposals } from '../ui/live.js';
import { byRankThenPin } from './DecisionScreen.js';
import { useCycleRoom } from '../chat/CycleChat.js';
import { PhaseChatLayout } from '../chat/PhaseChatLayout.js';
import { common } from '../messages.js';

/** The proposals in their vote: each with the four choices when its answer lets the reader vote (`may.vote`), else its counts alone. */
function VoteList({ proposals, user, onVoted }: { proposals: Proposal[]; user: SessionUser | null | undefined; onVoted: (id: string, answer: VoteAnswer) => void }) {
  const { formatMessage: t } = useIntl();
  return (
    <ListOrEmpty items={proposals} empty={t({ id: 'decisions.votingOnProposals.noProposals' })} className="decisions-list">
      {(proposal) => (
        <li key={proposal.id}>
          <ProposalCard proposal={proposal} user={user} showCounts={!proposal.may.vote}>
            {proposal.may.vote ? (
              <VoteControl
                title={proposal.title}
                counts={proposal.counts}
                score
                myVote={proposal.myVote}
                noVote={{ id: 'decisions.vote.none' }}
                cast={(choice) => (choice ? decisionsApi.vote(proposal.id, choice) : decisionsApi.deleteVote(proposal.id))}
                onVoted={(answer) => onVoted(proposal.id, answer)}
              />
            ) : null}
          </ProposalCard>
        </li>
      )}
    </ListOrEmpty>
  );
}

/**
 * /decisions/voting-on-proposals: the cycle in its vote, each proposal with the four choices as a
 * radio group, the visitor's own vote and a way to take it back, counts pushed live as others vote,
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
  );
  // Read once, then the cycle's counts pushed (docs/live.md#decisions-topics); read again when its phase moves or after a reconnection.
  const voting = view.data?.cycle?.phase === 'voting' ? view.data.cycle.id : null;
  useCycleProposals(voting, (pushed) =>
    view.merge((current) => ({ ...current, proposals: withCycleProposals(current.proposals, pushed, (proposal) => proposal.state === 'in-vote') })),
  );
  usePhases((list) => {
    if (!view.data) return;
    const shown = view.data.cycle;
    const inVote = list.cycles.find((cycle) => cycle.phase === 'voting');
    // The vote shown moved on (closed), or another cycle's vote opened.
    if (shown?.phase === 'voting' ? cycleMoved(shown, list) : inVote !== undefined && inVote.id !== shown?.id) view.reload();
  }, view.reload);
  const onCountdownElapsed = useLateReload(view.reload);

  const onVoted = (id: string, answer: VoteAnswer) =>
    view.update((current) => ({ ...current, proposals: current.proposals.map((item) => (item.id === id ? { ...item, counts: answer.counts, myVote: answer.myVote } : item)) }));

  const data = view.data;
  // The chat of the cycle shown (the one last seen in its vote, results included), else none.
  const room = useCycleRoom('voting', data?.cycle?.id ?? null);
  let body;
  if (!data) body = <Pending resource={view} />;
  else if (!data.cycle) body = <EmptyPhase phase="voting" />;
  else {
    const cycle = data.cycle;
    const open = cycle.phase === 'voting';
    const proposals = [...data.proposals].sort(byRankThenPin);
    body = (
      <>
        <p className="decisions-cycle__phase">
          <Link to={`/decisions/${encodeURIComponent(cycle.id)}`}>{t(common.cycle, { number: cycle.number })}</Link> ·{' '}
          <strong>{t(open ? { id: 'decisions.votingOnProposals.open' } : { id: 'decisions.votingOnProposals.closed' })}</strong>
        </p>
        {open ? <Countdown label={t({ id: 'decisions.countdown.voteCloses' })} times={cycle} receivedAt={view.receivedAt} target={cycle.phaseEndsAt} onElapsed={onCountdownElapsed} /> : null}
        {open && user === null ? (
          <p className="notice">
            {t(common.loginToVote)}{' '}
            <Link to={identify}>{t(common.logIn)}</Link>
          </p>
        ) : null}
        <Section id="voting-list" title={t(open ? { id: 'decisions.votingOnProposals.list' } : { id: 'decisions.votingOnProposals.results' })}>
          {open ? (
            <VoteList proposals={proposals} user={user} onVoted={onVoted} />
          ) : (
            <ListOrEmpty items={proposals} empty={t({ id: 'decisions.votingOnProposals.noProposals' })} className="decisions-list decisions-results" ordered>
              {(proposal) => (
                <li key={proposal.id}>
                  <ProposalCard proposal={proposal} user={user} showCounts />
                </li>
              )}
            </ListOrEmpty>
          )}
        </Section>
      </>
    );
  }
  return (
    <layouts.list title={t({ id: 'decisions.votingOnProposals.title' })} intro={t({ id: 'decisions.votingOnProposals.intro' })}>
      <PhaseChatLayout room={room} main={body} />
    </layouts.list>
  );
}
