import { useId, useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import type { Proposal, SessionUser } from '@civic/contracts';
import { Badge, buttonClass } from '@civic/frontend-kit/design';
import { decisionsApi } from '../api/decisions.js';
import { categoryMessages, common, stateMessages } from '../messages.js';
import { permissions } from '../rules.js';
import { useAct } from './act.js';
import { ChoiceBars } from './choice-bars.js';
import { useFeedback } from './feedback.js';
import { FollowButton } from './FollowButton.js';
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

const messages = {
  by: { id: 'decisions.proposal.by' },
  saved: { id: 'decisions.proposal.saved' },
  deleteTitle: { id: 'decisions.proposal.deleteTitle' },
  deleteQuotaKept: { id: 'decisions.proposal.deleteQuotaKept' },
  deleteQuotaFree: { id: 'decisions.proposal.deleteQuotaFree' },
  deleted: { id: 'decisions.proposal.deleted' },
  resubmit: { id: 'decisions.proposal.resubmit' },
  resubmitted: { id: 'decisions.proposal.resubmitted' },
  signal: { id: 'decisions.proposal.signal' },
  signalTitle: { id: 'decisions.proposal.signalTitle' },
  signalMessage: { id: 'decisions.proposal.signalMessage' },
  signalDone: { id: 'decisions.proposal.signalDone' },
  pinDone: { id: 'decisions.proposal.pinDone' },
  unpinDone: { id: 'decisions.proposal.unpinDone' },
  history: { id: 'decisions.history.link' },
};

/**
 * One proposal: title, category, author, state, rank, pin and signal marks, description, following it
 * and its version history, and, with `actions`, what the visitor may do with it (edit, delete,
 * resubmit, signal, pin) behind the confirmation dialog where the spec asks for one.
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
  const memberAct = useAct();
  const titleId = useId();
  const [editing, setEditing] = useState(false);
  const [busy, setBusy] = useState(false);
  const may = permissions(proposal, user);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';

  /** `useAct`, with the card's buttons disabled while the call runs. */
  const act: typeof memberAct = (call, question) =>
    memberAct(async () => {
      setBusy(true);
      try {
        await call();
      } finally {
        setBusy(false);
      }
    }, question);

  const remove = () =>
    act(
      async () => {
        await decisionsApi.remove(proposal.id);
        toast(t(messages.deleted), 'success');
        onRemoved?.(proposal);
      },
      async () => {
        const question = { title: t(messages.deleteTitle), message: proposal.title, danger: true };
        if (proposal.userId !== user?.id) return question;
        // The author learns that a deletion does not give the week's proposal back, and when they may propose again.
        const quota = await decisionsApi.quota().catch(() => null);
        if (!quota) return question;
        const next = quota.nextProposalAt;
        const date = next ? formatDay(intl, next, { dateStyle: 'full', timeStyle: 'short' }) : '';
        return { ...question, message: t(next ? messages.deleteQuotaKept : messages.deleteQuotaFree, { title: proposal.title, date }) };
      },
    );
  const signal = () =>
    act(
      async () => {
        onChanged?.(await decisionsApi.signal(proposal.id));
        toast(t(messages.signalDone), 'success');
      },
      { title: t(messages.signalTitle), message: t(messages.signalMessage, { title: proposal.title }) },
    );
  const resubmit = () =>
    act(async () => {
      onChanged?.(await decisionsApi.resubmit(proposal.id));
      toast(t(messages.resubmitted), 'success');
    });
  const pin = () =>
    act(async () => {
      onChanged?.(await decisionsApi.pin(proposal.id, !proposal.pin));
      toast(t(proposal.pin ? messages.unpinDone : messages.pinDone), 'success');
    });

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
            toast(t(messages.saved), 'success');
            onChanged?.(saved);
          }}
        />
      </article>
    );
  }

  const buttons = actions
    ? [
        may.edit && { key: 'edit', label: t(common.edit), onClick: () => setEditing(true) },
        may.remove && { key: 'delete', label: t(common.delete), onClick: remove, danger: true },
        may.resubmit && { key: 'resubmit', label: t(messages.resubmit), onClick: resubmit },
        may.signal && { key: 'signal', label: t(messages.signal), onClick: signal },
        may.pin && { key: 'pin', label: t(proposal.pin ? common.unpin : common.pin), onClick: pin },
      ].filter((button) => button !== false)
    : [];

  return (
    <article className={`ui-card decisions-proposal${proposal.pin ? ' ui-card--accent' : ''}`} aria-labelledby={titleId} data-proposal={proposal.id}>
      <Heading id={titleId} className="decisions-proposal__title">
        {proposal.title}
      </Heading>
      <p className="decisions-proposal__meta">
        {proposal.rank !== null ? <Badge tone="accent">{t(common.rank, { rank: proposal.rank })}</Badge> : null}
        <Badge>{t(categoryMessages[proposal.category])}</Badge>
        <Badge tone={stateTones[proposal.state]}>{t(stateMessages[proposal.state])}</Badge>
        {proposal.pin ? <Badge tone="accent">{t(common.pinned)}</Badge> : null}
        {proposal.moderationStatus === 1 ? <Badge tone="warning">{t(common.signalled)}</Badge> : null}
        <span className="decisions-proposal__author">
          {t(messages.by, { name: proposal.userName, date: formatDay(intl, proposal.createdAt, { dateStyle: 'long' }) })}
        </span>
      </p>
      <p className="decisions-proposal__description">{proposal.description}</p>
      {proposal.state !== 'deleted' ? (
        <div className="decisions-actions decisions-proposal__follow">
          <FollowButton documentId={proposal.id} kind="proposal" title={proposal.title} />
          <Link to={`/decisions/history/proposal/${encodeURIComponent(proposal.id)}`} aria-describedby={titleId}>
            {t(messages.history)}
          </Link>
        </div>
      ) : null}
      {showCounts ? <ChoiceBars counts={proposal.counts} score /> : null}
      {children}
      {buttons.length > 0 ? (
        <div className="decisions-actions" role="group" aria-label={t(common.actions, { title: proposal.title })}>
          {buttons.map((button) => (
            <button
              key={button.key}
              type="button"
              className={buttonClass(button.danger ? 'danger' : button.key === 'edit' ? 'secondary' : 'quiet', 'sm')}
              disabled={busy}
              onClick={() => void button.onClick()}
            >
              {button.label}
            </button>
          ))}
        </div>
      ) : null}
    </article>
  );
}
