import { useId, useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import type { Proposal, SessionUser } from '@civic/contracts';
import { Badge } from '@civic/frontend-kit/design';
import { decisionsApi } from '../api/decisions.js';
import { categoryMessages, common, stateMessages } from '../messages.js';
import { ChoiceBars } from './ChoiceBars.js';
import { useFeedback } from './feedback.js';
import { FollowButton } from './FollowButton.js';
import { ProposalActions } from './ProposalActions.js';
import { ProposalForm } from './ProposalForm.js';
import { formatDay } from '../dates.js';

/** The badge colour of each state: where a proposal stands at a glance. */
const stateTones: Record<Proposal['state'], 'neutral' | 'accent' | 'success' | 'warning' | 'danger'> = {
  submitted: 'neutral',
  'in-vote': 'accent',
  selected: 'success',
  'second-chance': 'warning',
  rejected: 'danger',
  deleted: 'neutral',
};

/**
 * One proposal: title, category, author, state, rank, pin and signal marks, description, following it
 * and its version history, and, with `actions`, what its answer lets the reader do with it (edit,
 * delete, resubmit, signal, pin: `proposal.may`) behind the confirmation dialog where the spec asks
 * for one. After an action the card shows the service's answer, `may` included.
 */
export function ProposalCard({
  proposal,
  user,
  actions = false,
  showCounts = false,
  onChanged,
  onRemoved,
  children,
  headingLevel = 3,
}: {
  proposal: Proposal;
  user?: SessionUser | null;
  actions?: boolean;
  showCounts?: boolean;
  onChanged?: (proposal: Proposal) => void;
  onRemoved?: (proposal: Proposal) => void;
  children?: ReactNode;
  headingLevel?: 2 | 3;
}) {
  const intl = useIntl();
  const { formatMessage: t } = intl;
  const { toast } = useFeedback();
  const titleId = useId();
  const [editing, setEditing] = useState(false);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';

  if (editing) {
    return (
      <article className="ui-card decisions-proposal" aria-labelledby={titleId}>
        <Heading id={titleId} className="decisions-proposal__title">
          {t(common.edit)} · {proposal.title}
        </Heading>
        <ProposalForm
          initial={proposal}
          submitLabel={t(common.save)}
          onCancel={() => setEditing(false)}
          onSubmit={async (input) => {
            const saved = await decisionsApi.edit(proposal.id, input);
            setEditing(false);
            toast(t({ id: 'decisions.proposal.saved' }), 'success');
            onChanged?.(saved);
          }}
        />
      </article>
    );
  }

  return (
    <article className={`ui-card decisions-proposal${proposal.pin ? ' ui-card--accent' : ''}`} aria-labelledby={titleId} data-proposal={proposal.id}>
      <Heading id={titleId} className="decisions-proposal__title">
        {proposal.title}
      </Heading>
      <p className="decisions-proposal__meta">
        {proposal.rank !== null ? <Badge tone="accent">{t(common.rank, { rank: proposal.rank })}</Badge> : null}
        <Badge>{t(categoryMessages[proposal.category])}</Badge>
        <Badge tone={stateTones[proposal.state]}>{t(stateMessages[proposal.state])}</Badge>
        {/* Carried into this vote: the state says "in vote", this says it is its second chance. */}
        {proposal.secondChance && proposal.state !== 'second-chance' ? <Badge tone={stateTones['second-chance']}>{t(stateMessages['second-chance'])}</Badge> : null}
        {proposal.pin ? <Badge tone="accent">{t(common.pinned)}</Badge> : null}
        {proposal.moderationStatus === 1 ? <Badge tone="warning">{t(common.signalled)}</Badge> : null}
        <span className="decisions-proposal__author">
          {t({ id: 'decisions.proposal.by' }, { name: proposal.userName, date: formatDay(intl, proposal.createdAt, { dateStyle: 'long' }) })}
        </span>
      </p>
      <p className="decisions-proposal__description">{proposal.description}</p>
      {proposal.state !== 'deleted' ? (
        <div className="decisions-actions decisions-proposal__follow">
          <FollowButton documentId={proposal.id} kind="proposal" title={proposal.title} />
          <Link to={`/decisions/history/proposal/${encodeURIComponent(proposal.id)}`} aria-describedby={titleId}>
            {t({ id: 'decisions.history.link' })}
          </Link>
        </div>
      ) : null}
      {showCounts ? <ChoiceBars counts={proposal.counts} score /> : null}
      {children}
      {actions ? <ProposalActions proposal={proposal} user={user} onEdit={() => setEditing(true)} onChanged={onChanged} onRemoved={onRemoved} /> : null}
    </article>
  );
}
