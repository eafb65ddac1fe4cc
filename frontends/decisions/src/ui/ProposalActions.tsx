import { useState } from 'react';
import { useIntl } from 'react-intl';
import type { Proposal, SessionUser } from '@civic/contracts';
import { buttonClass, Menu, type MenuItem } from '@civic/frontend-kit/design';
import { decisionsApi } from '../api/decisions.js';
import { formatDay } from '../dates.js';
import { common } from '../messages.js';
import { useAct } from './act.js';
import { drafting } from './drafting/messages.js';
import { useFeedback } from './feedback.js';

export interface ProposalActionsProps {
  proposal: Proposal;
  user?: SessionUser | null;
  /** Opens the card's edit form. */
  onEdit: () => void;
  onChanged?: (proposal: Proposal) => void;
  onRemoved?: (proposal: Proposal) => void;
}

/**
 * What the reader may do with a proposal, as the service's answer says (`proposal.may`), behind the
 * confirmation dialog where the spec asks for one: edit, delete and resubmit as buttons, signal and
 * pin under "More actions"; every action is disabled while a call runs. Nothing when there is nothing to do.
 */
export function ProposalActions({ proposal, user, onEdit, onChanged, onRemoved }: ProposalActionsProps) {
  const intl = useIntl();
  const { formatMessage: t } = intl;
  const { toast } = useFeedback();
  const memberAct = useAct();
  const [busy, setBusy] = useState(false);
  const may = proposal.may;

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
        toast(t({ id: 'decisions.proposal.deleted' }), 'success');
        onRemoved?.(proposal);
      },
      async () => {
        const question = { title: t({ id: 'decisions.proposal.deleteTitle' }), message: proposal.title, danger: true };
        if (proposal.userId !== user?.id) return question;
        // The author learns that a deletion does not give the week's proposal back, and when they may propose again.
        const quota = await decisionsApi.quota().catch(() => null);
        if (!quota) return question;
        const next = quota.nextProposalAt;
        const date = next ? formatDay(intl, next, { dateStyle: 'full', timeStyle: 'short' }) : '';
        return { ...question, message: t(next ? { id: 'decisions.proposal.deleteQuotaKept' } : { id: 'decisions.proposal.deleteQuotaFree' }, { title: proposal.title, date }) };
      },
    );
  const signal = () =>
    act(
      async () => {
        onChanged?.(await decisionsApi.signal(proposal.id));
        toast(t({ id: 'decisions.proposal.signalDone' }), 'success');
      },
      { title: t({ id: 'decisions.proposal.signalTitle' }), message: t({ id: 'decisions.proposal.signalMessage' }, { title: proposal.title }) },
    );
  const resubmit = () =>
    act(async () => {
      onChanged?.(await decisionsApi.resubmit(proposal.id));
      toast(t({ id: 'decisions.proposal.resubmitted' }), 'success');
    });
  const pin = () =>
    act(async () => {
      onChanged?.(await decisionsApi.pin(proposal.id, !proposal.pin));
      toast(t(proposal.pin ? { id: 'decisions.proposal.unpinDone' } : { id: 'decisions.proposal.pinDone' }), 'success');
    });

  // The author's own actions stay in sight; signalling and pinning, rarer, wait under "More actions".
  const buttons = [
    may.edit && { key: 'edit', label: t(common.edit), onClick: onEdit, variant: 'secondary' as const },
    may.remove && { key: 'delete', label: t(common.delete), onClick: remove, variant: 'danger' as const },
    may.resubmit && { key: 'resubmit', label: t({ id: 'decisions.proposal.resubmit' }), onClick: resubmit, variant: 'quiet' as const },
  ].filter((button) => button !== false);
  const more: MenuItem[] = [
    may.signal && { key: 'signal', label: t({ id: 'decisions.proposal.signal' }), onSelect: () => void signal(), disabled: busy },
    may.pin && { key: 'pin', label: t(proposal.pin ? common.unpin : common.pin), onSelect: () => void pin(), disabled: busy },
  ].filter((item) => item !== false);
  if (buttons.length === 0 && more.length === 0) return null;
  return (
    <div className="decisions-actions decisions-proposal__actions" role="group" aria-label={t(common.actions, { title: proposal.title })}>
      {buttons.map((button) => (
        <button key={button.key} type="button" className={buttonClass(button.variant, 'sm')} disabled={busy} onClick={() => void button.onClick()}>
          {button.label}
        </button>
      ))}
      {more.length > 0 ? <Menu label={t(drafting.moreActions)} items={more} /> : null}
    </div>
  );
}
