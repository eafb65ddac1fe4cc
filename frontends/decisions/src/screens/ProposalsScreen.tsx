import { useIntl } from 'react-intl';
import { useSearchParams } from 'react-router-dom';
import type { Proposal } from '@civic/contracts';
import { decisionsApi } from '../api/decisions.js';
import { searchApi } from '../api/search.js';
import { useBefore, useResource } from '@civic/frontend-kit/remote-hooks';
import { useShell } from '../RemoteFrame.js';
import { useSession } from '@civic/frontend-kit/remote-session';
import { NextStep } from '../ui/CycleParts.js';
import { useFeedback } from '../ui/feedback.js';
import { ProposalCard } from '../ui/ProposalCard.js';
import { usePreloadedFollows } from '../ui/FollowButton.js';
import { ProposalCreate } from '../ui/ProposalCreate.js';
import { ListOrEmpty, Pending, Section, useArrivedOnce } from '../ui/States.js';
import { byRankThenPin } from './DecisionScreen.js';
import { useCycleRoom } from '../chat/CycleChat.js';
import { PhaseChatLayout } from '../chat/PhaseChatLayout.js';
import { ProposalSearchBar } from '../ui/search/ProposalSearchBar.js';
import { listSearchOf } from '../ui/search/search-rules.js';
import { useCycleProposals, useCycles, useLateReload, usePhases, useReloadAll, withCycleProposals, withProposalCount } from '../ui/live.js';
import { readEarly } from '@civic/frontend-kit/api-client';
import { readPaths } from '../api/read-paths.js';
import { ignoreFailure, type PageAddress } from '../first-reads.js';

/**
 * /decisions/proposals: the proposals of the cycle open for proposals, searched by words and filtered
 * by category (both kept in the address, `?q=&category=`, best match first when words are given),
 * the countdown to the next step, the create form for members (visitors are offered /identify), and
 * each proposal's actions for its author, for moderators and for other members.
 */
export function ProposalsScreen() {
  const intl = useIntl();
  const { formatMessage: t } = intl;
  const { layouts } = useShell();
  const { toast } = useFeedback();
  const user = useSession();
  const room = useCycleRoom('proposals');
  const [params] = useSearchParams();
  const { q, category } = listSearchOf(params);
  const words = q.trim() || undefined;
  const list = useResource(`proposals:${category ?? ''}:${words ?? ''}`, (signal) => searchApi.proposals({ category, q: words }, signal));
  // The member's own limits, read before they write: the form is offered only when it can succeed.
  const quota = useResource(`proposal-quota:${user?.id ?? ''}`, (signal) => (user ? decisionsApi.quota(signal) : Promise.resolve(null)));
  // Read once, then the open cycle's proposals pushed (docs/live.md#decisions-topics): another
  // member's new proposal appears, without a read, when it fits the filter; another cycle open for
  // proposals, or a reconnection, reads the list and the quota again.
  const cycles = useCycles();
  const openCycle = cycles.data?.cycles.find((cycle) => cycle.phase === 'proposals') ?? null;
  const readAgain = useReloadAll(list, quota);
  useCycleProposals(openCycle?.id, (pushed) => {
    list.merge((current) => ({
      ...current,
      proposals: withCycleProposals(current.proposals, pushed, (proposal, added) => !added || (!words && (!category || proposal.category === category))),
    }));
    // The cycle's start rule follows its proposals' number, so "Waiting for 3 more proposals" moves too.
    cycles.merge((current) => ({ ...current, cycles: current.cycles.map((cycle) => withProposalCount(cycle, pushed)) }));
  });
  usePhases((pushed) => {
    if (!cycles.data) return;
    const next = pushed.cycles.find((cycle) => cycle.phase === 'proposals') ?? null;
    if (openCycle?.id !== next?.id) return readAgain();
    // An extension moves only the deadline: the countdown follows the push, without a read.
    if (next && list.data && next.phaseEndsAt !== list.data.countdown.phaseEndsAt) {
      // Merged, not replaced: a read in flight (after the member's own proposal) keeps its answer.
      const countdown = { serverTime: next.serverTime, phaseEndsAt: next.phaseEndsAt, nextStepAt: next.nextStepAt };
      list.merge((current) => ({ ...current, countdown }), { receivedNow: true });
    }
  }, readAgain);
  const onCountdownElapsed = useLateReload(readAgain);
  usePreloadedFollows();
  const listArrived = useArrivedOnce(list);
  // Until then the member may not propose; the screen renders again at that instant, not every second.
  const nextProposalAt = useBefore(quota.data?.nextProposalAt) ? quota.data!.nextProposalAt : null;

  const replace = (next: Proposal) => list.update((current) => ({ ...current, proposals: current.proposals.map((item) => (item.id === next.id ? next : item)) }));
  const drop = (gone: Proposal) => list.update((current) => ({ ...current, proposals: current.proposals.filter((item) => item.id !== gone.id) }));

  // With words, the service's order is the best match first; without, the ranking of the cycle.
  const proposals = list.data ? (words ? list.data.proposals : [...list.data.proposals].sort(byRankThenPin)) : [];
  const main = (
    <>
      <ProposalSearchBar />
      {list.data?.countdown ? (
        <NextStep cycle={openCycle} times={list.data.countdown} receivedAt={list.receivedAt} onElapsed={onCountdownElapsed} />
      ) : list.loading ? (
        // The countdown's line, kept while the list loads, so that the list does not move down when it comes.
        <p className="countdown decisions-countdown" aria-hidden="true">
          {'\u00a0'}
        </p>
      ) : null}
      <Section id="proposals-list" title={t({ id: 'decisions.proposals.list' })}>
        {list.data ? (
          <>
            <p role="status" className="decisions-muted">
              {t({ id: 'decisions.proposals.count' }, { count: proposals.length })}
            </p>
            <ListOrEmpty
              items={proposals}
              empty={t(words ? { id: 'decisions.search.none' } : category ? { id: 'decisions.proposals.noneInCategory' } : { id: 'decisions.proposals.none' })}
              className="decisions-list"
            >
              {(proposal) => (
                <li key={proposal.id}>
                  <ProposalCard proposal={proposal} user={user} actions onChanged={replace} onRemoved={drop} />
                </li>
              )}
            </ListOrEmpty>
          </>
        ) : (
          <Pending resource={list} />
        )}
      </Section>
      {listArrived ? (
        <Section id="proposals-create" title={t({ id: 'decisions.proposals.create' })} className="ui-card decisions-section">
          <ProposalCreate
            user={user}
            nextProposalAt={nextProposalAt}
            cycleFull={Boolean(quota.data?.cycleFull)}
            onSubmit={async (input) => {
              await decisionsApi.create(input);
              toast(t({ id: 'decisions.proposals.created' }), 'success');
              list.reload();
              quota.reload();
            }}
          />
        </Section>
      ) : null}
    </>
  );
  return (
    <layouts.list title={t({ id: 'decisions.proposals.title' })} intro={t({ id: 'decisions.proposals.intro' })}>
      <PhaseChatLayout room={room} main={main} />
    </layouts.list>
  );
}

/** The list, when the page opens at /decisions/proposals with no search (first-reads.ts). */
export function firstReads({ search }: PageAddress): void {
  if (!search.has('q') && !search.has('category')) readEarly(readPaths.proposals({})).catch(ignoreFailure);
}
