import { useIntl } from 'react-intl';
import type { ProposalInput, SessionUser } from '@civic/contracts';
import { ButtonLink } from '@civic/frontend-kit/design';
import { useIdentifyPath } from '@civic/frontend-kit/remote-session';
import { formatDay } from '../dates.js';
import { common } from '../messages.js';
import { ProposalForm } from './ProposalForm.js';
import { Loading } from './States.js';

export interface ProposalCreateProps {
  /** The visitor: null when not logged in, undefined while the session is asked for. */
  user: SessionUser | null | undefined;
  /** When the member may propose again (their proposal of the week is used), or null. */
  nextProposalAt: string | null;
  /** The cycle has taken all the proposals it can. */
  cycleFull: boolean;
  onSubmit: (input: ProposalInput) => Promise<void>;
}

/**
 * Proposing: the form for a member who may propose now (the form is offered only when it can
 * succeed), when they may propose again, that the cycle is full, or a log-in link for visitors.
 */
export function ProposalCreate({ user, nextProposalAt, cycleFull, onSubmit }: ProposalCreateProps) {
  const intl = useIntl();
  const { formatMessage: t } = intl;
  const identify = useIdentifyPath();
  if (user === undefined) return <Loading lines={2} />;
  if (user === null) {
    return (
      <p>
        {t({ id: 'decisions.proposals.loginToPropose' })} <ButtonLink to={identify}>{t(common.logIn)}</ButtonLink>
      </p>
    );
  }
  return (
    <>
      <p className="field__hint">{t({ id: 'decisions.proposals.createHint' })}</p>
      {user.verified ? null : <p className="notice notice--warning">{t({ id: 'decisions.proposals.unverified' })}</p>}
      {nextProposalAt ? (
        <p className="notice" data-proposal-quota="used">
          {t({ id: 'decisions.proposals.proposeAgainOn' }, { date: formatDay(intl, nextProposalAt, { dateStyle: 'full', timeStyle: 'short' }) })}
        </p>
      ) : cycleFull ? (
        <p className="notice" data-proposal-quota="cycle-full">
          {t({ id: 'decisions.proposals.cycleFull' })}
        </p>
      ) : (
        <ProposalForm submitLabel={t({ id: 'decisions.proposals.submit' })} onSubmit={onSubmit} />
      )}
    </>
  );
}
