import { lazy, Suspense } from 'react';
import { useIntl } from 'react-intl';
import { Link, useParams } from 'react-router-dom';
import type { Proposal } from '@civic/contracts';
import { decisionsApi } from '../api/decisions.js';
import { useResource } from '@civic/frontend-kit/remote-hooks';
import { common, phaseMessages, phaseScreens } from '../messages.js';
import { isNotFound } from '../not-found.js';
import { useShell } from '../RemoteFrame.js';
import { useSession } from '@civic/frontend-kit/remote-session';
import { CycleTimeline, NextStep, StartRuleProgress } from '../ui/CycleParts.js';
import { ProposalCard } from '../ui/ProposalCard.js';
import { usePreloadedFollows } from '../ui/FollowButton.js';
import { Empty, LoadError, Loading } from '../ui/States.js';
import { useCycleProposals, useLateReload, usePhases, startRuleWith, withCycleProposals } from '../ui/live.js';

/** Loaded only for an archived cycle: its closed rooms, read-only. */
const ArchivedChats = lazy(async () => ({ default: (await import('../chat/ArchivedChats.js')).ArchivedChats }));

/** Ranked proposals first (best first), then pinned ones, then the newest. */
export function byRankThenPin(a: Proposal, b: Proposal): number {
  if (a.rank !== null || b.rank !== null) return (a.rank ?? Number.MAX_SAFE_INTEGER) - (b.rank ?? Number.MAX_SAFE_INTEGER);
  if (a.pin !== b.pin) return a.pin ? -1 : 1;
  return b.createdAt.localeCompare(a.createdAt);
}

/** /decisions/:id: one cycle, its phase among the five, its countdown and its proposals (ranked after the vote). */
export function DecisionScreen() {
  const { formatMessage: t } = useIntl();
  const { layouts, NotFound } = useShell();
  const { id = '' } = useParams();
  const user = useSession();
  const cycle = useResource(`cycle:${id}`, (signal) => decisionsApi.cycle(id, signal));
  // Read once, then the cycle's proposals and deadline pushed (docs/live.md#decisions-topics); its
  // phase moving, or a reconnection, reads it again.
  useCycleProposals(cycle.data ? cycle.data.id : null, (pushed) =>
    cycle.merge((current) => ({
      ...current,
      startRule: current.id === pushed.cycleId ? startRuleWith(current.startRule, pushed.proposals.length) : current.startRule,
      proposals: withCycleProposals(current.proposals, pushed, () => true),
    })),
  );
  usePhases((pushed) => {
    const shown = cycle.data;
    if (!shown) return;
    const now = pushed.cycles.find((item) => item.id === shown.id);
    if (!now) {
      if (shown.phase !== 'archive') cycle.reload();
      return;
    }
    if (now.phase !== shown.phase) cycle.reload();
    // An extension moves only the deadline: the summary follows the push, without a read.
    else if (now.phaseEndsAt !== shown.phaseEndsAt) cycle.merge((current) => ({ ...current, ...now, proposals: current.proposals }), { receivedNow: true });
  }, cycle.reload);
  const onCountdownElapsed = useLateReload(cycle.reload);
  usePreloadedFollows();

  // An unknown id, or one that cannot be an id, is a page that does not exist.
  if (isNotFound(cycle.error)) return <NotFound />;
  const data = cycle.data;
  if (!data) {
    return (
      <layouts.default title={t({ id: 'decisions.decision.title' })} intro={t({ id: 'decisions.decision.intro' })}>
        {cycle.loading ? <Loading cards={2} /> : <LoadError error={cycle.error} onRetry={cycle.reload} />}
      </layouts.default>
    );
  }
  const ranked = data.proposals.some((proposal) => proposal.rank !== null);
  const proposals = [...data.proposals].sort(byRankThenPin);
  const replace = (next: Proposal) => cycle.update((current) => ({ ...current, proposals: current.proposals.map((item) => (item.id === next.id ? next : item)) }));
  return (
    <layouts.default title={t(common.cycle, { number: data.number })} intro={t({ id: 'decisions.decision.intro' })}>
      <CycleTimeline cycle={data} />
      <p className="decisions-cycle__phase">
        {t({ id: 'decisions.cycle.phase' })} <strong>{t(phaseMessages[data.phase])}</strong> ·{' '}
        <Link to={phaseScreens[data.phase]}>{t({ id: 'decisions.overview.open' })}</Link>
      </p>
      <NextStep cycle={data} times={data} receivedAt={cycle.receivedAt} onElapsed={onCountdownElapsed} />
      {data.phase === 'proposals' ? <StartRuleProgress cycle={data} /> : null}
      <section aria-labelledby="decision-proposals">
        <h2 id="decision-proposals">{t(ranked ? { id: 'decisions.decision.results' } : { id: 'decisions.decision.proposals' })}</h2>
        {proposals.length === 0 ? (
          <Empty title={t({ id: 'decisions.decision.none' })} />
        ) : (
          <ul className="decisions-list">
            {proposals.map((proposal) => (
              <li key={proposal.id}>
                <ProposalCard
                  proposal={proposal}
                  user={user}
                  actions
                  showCounts={ranked}
                  onChanged={replace}
                  onRemoved={() => cycle.reload()}
                />
              </li>
            ))}
          </ul>
        )}
      </section>
      {data.phase === 'archive' ? (
        <Suspense fallback={null}>
          <ArchivedChats cycleId={data.id} />
        </Suspense>
      ) : null}
    </layouts.default>
  );
}
