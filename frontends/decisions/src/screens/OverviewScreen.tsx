import { useId } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { ButtonLink } from '@civic/frontend-kit/design';
import type { CycleSummary } from '@civic/contracts';
import { useCycleProposals, useCycles, useLateReload, withProposalCount } from '../ui/live.js';
import { common, phaseMessages, phaseScreens } from '../messages.js';
import { useShell } from '../RemoteFrame.js';
import { CycleTimeline, NextStep, StartRuleProgress } from '../ui/CycleParts.js';
import { ListOrEmpty, Pending, Section, useArrivedOnce } from '../ui/States.js';

function CycleCard({ cycle, receivedAt, onElapsed }: { cycle: CycleSummary; receivedAt: number; onElapsed: () => void }) {
  const { formatMessage: t } = useIntl();
  const name = t(common.cycle, { number: cycle.number });
  const phaseId = useId();
  return (
    <li className="ui-card decisions-cycle" data-cycle={cycle.id}>
      <div className="decisions-cycle__head">
        <h3 className="decisions-cycle__title">
          <Link to={`/decisions/${encodeURIComponent(cycle.id)}`}>{name}</Link>
        </h3>
        <p className="decisions-cycle__phase" id={phaseId}>
          {t({ id: 'decisions.cycle.phase' })} <strong>{t(phaseMessages[cycle.phase])}</strong>
        </p>
      </div>
      <CycleTimeline cycle={cycle} />
      <div className="decisions-cycle__facts">
        <p>{t({ id: 'decisions.cycle.proposalCount' }, { count: cycle.proposals })}</p>
        <NextStep cycle={cycle} times={cycle} receivedAt={receivedAt} onElapsed={onElapsed} />
      </div>
      {cycle.phase === 'proposals' ? <StartRuleProgress cycle={cycle} /> : null}
      <p>
        {/* Named "Go to this phase" (the phase is said above): the phase cards below carry the phase names. */}
        <ButtonLink to={phaseScreens[cycle.phase]} variant="secondary" aria-describedby={phaseId}>
          {t({ id: 'decisions.overview.open' })}
        </ButtonLink>
      </p>
    </li>
  );
}

/** /decisions: the current cycles with their phase, live countdown and start rule, then the way into each phase. */
export function DecisionsOverviewScreen() {
  const { formatMessage: t } = useIntl();
  const { layouts } = useShell();
  // Read once, then replaced by each phases push (docs/live.md#decisions-topics).
  const cycles = useCycles();
  const onCountdownElapsed = useLateReload(cycles.reload);
  const cyclesArrived = useArrivedOnce(cycles);
  // The start rule's progress follows the proposals of the cycle open for proposals.
  useCycleProposals(cycles.data?.cycles.find((cycle) => cycle.phase === 'proposals')?.id, (pushed) =>
    cycles.merge((current) => ({ cycles: current.cycles.map((cycle) => withProposalCount(cycle, pushed)) })),
  );
  const phaseLinks = [
    { to: '/decisions/proposals', title: { id: 'decisions.overview.proposals.title' }, description: { id: 'decisions.overview.proposals.description' } },
    { to: '/decisions/voting-on-proposals', title: { id: 'decisions.overview.voting.title' }, description: { id: 'decisions.overview.voting.description' } },
    { to: '/decisions/creations', title: { id: 'decisions.overview.creation.title' }, description: { id: 'decisions.overview.creation.description' } },
    { to: '/decisions/final-vote', title: { id: 'decisions.overview.finalVote.title' }, description: { id: 'decisions.overview.finalVote.description' } },
    { to: '/archive', title: { id: 'decisions.overview.archive.title' }, description: { id: 'decisions.overview.archive.description' } },
    { to: '/kanban/proposals', title: { id: 'decisions.overview.kanbanProposals.title' }, description: { id: 'decisions.overview.kanbanProposals.description' } },
    { to: '/kanban/laws', title: { id: 'decisions.overview.kanbanLaws.title' }, description: { id: 'decisions.overview.kanbanLaws.description' } },
  ];
  return (
    <layouts.default title={t({ id: 'decisions.overview.title' })} intro={t({ id: 'decisions.overview.intro' })}>
      <Section id="decisions-current" title={t({ id: 'decisions.overview.current' })}>
        {cycles.data ? (
          <ListOrEmpty items={cycles.data.cycles} empty={t({ id: 'decisions.overview.none' })} className="decisions-cycles">
            {(cycle) => <CycleCard key={cycle.id} cycle={cycle} receivedAt={cycles.receivedAt} onElapsed={onCountdownElapsed} />}
          </ListOrEmpty>
        ) : (
          <Pending resource={cycles} cards={1} />
        )}
      </Section>
      {cyclesArrived ? (
        <Section id="decisions-phases" title={t({ id: 'decisions.overview.phases' })}>
          <ul className="decisions-links">
            {phaseLinks.map((card) => (
              <li key={card.to} className="ui-card decisions-link">
                <h3 className="decisions-link__title">
                  <Link to={card.to}>{t(card.title)}</Link>
                </h3>
                <p className="decisions-muted">{t(card.description)}</p>
              </li>
            ))}
          </ul>
        </Section>
      ) : null}
    </layouts.default>
  );
}
