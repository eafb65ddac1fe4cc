import { useId } from 'react';
import { useIntl } from 'react-intl';
import { useSearchParams } from 'react-router-dom';
import { ButtonLink } from '@civic/frontend-kit/design';
import { proposalCategories, type Proposal, type ProposalCategory } from '@civic/contracts';
import { decisionsApi } from '../api/decisions.js';
import { useNow, useResource } from '@civic/frontend-kit/remote-hooks';
import { useShell } from '../RemoteFrame.js';
import { useIdentifyPath, useSession } from '@civic/frontend-kit/remote-session';
import { Countdown } from '../ui/cycle.js';
import { useFeedback } from '../ui/feedback.js';
import { ProposalCard } from '../ui/ProposalCard.js';
import { ProposalForm } from '../ui/ProposalForm.js';
import { CategoryOptions } from '../ui/form-parts.js';
import { ListOrEmpty, Loading, Pending, Section } from '../ui/states.js';
import { byRankThenPin } from './DecisionScreen.js';
import { useCycleRoom } from '../chat/CycleChat.js';
import { PhaseChatLayout } from '../chat/PhaseChatLayout.js';
import { formatDay } from '../dates.js';
import { common } from '../messages.js';

const page = {
  title: { id: 'decisions.proposals.title' },
  intro: { id: 'decisions.proposals.intro' },
  filter: { id: 'decisions.proposals.filter' },
  all: { id: 'decisions.proposals.allCategories' },
  list: { id: 'decisions.proposals.list' },
  count: { id: 'decisions.proposals.count' },
  none: { id: 'decisions.proposals.none' },
  noneInCategory: { id: 'decisions.proposals.noneInCategory' },
  create: { id: 'decisions.proposals.create' },
  createHint: { id: 'decisions.proposals.createHint' },
  submit: { id: 'decisions.proposals.submit' },
  created: { id: 'decisions.proposals.created' },
  loginToPropose: { id: 'decisions.proposals.loginToPropose' },
  unverified: { id: 'decisions.proposals.unverified' },
  proposeAgainOn: { id: 'decisions.proposals.proposeAgainOn' },
  cycleFull: { id: 'decisions.proposals.cycleFull' },
};

const isCategory = (value: string | null): value is ProposalCategory => (proposalCategories as readonly (string | null)[]).includes(value);

/**
 * /decisions/proposals: the proposals of the cycle open for proposals, filtered by category (kept in
 * the address), the countdown to the next step, the create form for members (visitors are offered
 * /identify), and each proposal's actions for its author, for moderators and for other members.
 */
export function ProposalsScreen() {
  const intl = useIntl();
  const { formatMessage: t } = intl;
  const { layouts } = useShell();
  const now = useNow();
  const { toast } = useFeedback();
  const user = useSession();
  const identify = useIdentifyPath();
  const filterId = useId();
  const room = useCycleRoom('proposals');
  const [params, setParams] = useSearchParams();
  const raw = params.get('category');
  const category = isCategory(raw) ? raw : undefined;
  const list = useResource(`proposals:${category ?? ''}`, (signal) => decisionsApi.proposals({ category }, signal), 30_000);
  // The member's own limits, read before they write: the form is offered only when it can succeed.
  const quota = useResource(`proposal-quota:${user?.id ?? ''}`, (signal) => (user ? decisionsApi.quota(signal) : Promise.resolve(null)), 30_000);
  const nextProposalAt = quota.data?.nextProposalAt && new Date(quota.data.nextProposalAt).getTime() > now ? quota.data.nextProposalAt : null;

  const setCategory = (value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set('category', value);
    else next.delete('category');
    setParams(next, { replace: true });
  };
  const replace = (next: Proposal) => list.update((current) => ({ ...current, proposals: current.proposals.map((item) => (item.id === next.id ? next : item)) }));
  const drop = (gone: Proposal) => list.update((current) => ({ ...current, proposals: current.proposals.filter((item) => item.id !== gone.id) }));

  const toolbar = (
    <div className="field decisions-filter">
      <label htmlFor={filterId}>{t(page.filter)}</label>
      <select id={filterId} value={category ?? ''} onChange={(event) => setCategory(event.target.value)}>
        <CategoryOptions none={t(page.all)} />
      </select>
    </div>
  );

  const proposals = list.data ? [...list.data.proposals].sort(byRankThenPin) : [];
  const main = (
    <>
      {list.data?.countdown ? (
        <Countdown label={t(common.nextStep)} times={list.data.countdown} receivedAt={list.receivedAt} target={list.data.countdown.nextStepAt ?? list.data.countdown.phaseEndsAt} onElapsed={list.reload} />
      ) : null}
      <Section id="proposals-list" title={t(page.list)}>
        {list.data ? (
          <>
            <p role="status" className="decisions-muted">
              {t(page.count, { count: proposals.length })}
            </p>
            <ListOrEmpty items={proposals} empty={t(category ? page.noneInCategory : page.none)} className="decisions-list">
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
      <Section id="proposals-create" title={t(page.create)} className="ui-card decisions-section">
        {user === undefined ? (
          <Loading lines={2} />
        ) : user === null ? (
          <p>
            {t(page.loginToPropose)} <ButtonLink to={identify}>{t(common.logIn)}</ButtonLink>
          </p>
        ) : (
          <>
            <p className="field__hint">{t(page.createHint)}</p>
            {user.verified ? null : <p className="notice notice--warning">{t(page.unverified)}</p>}
            {nextProposalAt ? (
              <p className="notice" data-proposal-quota="used">
                {t(page.proposeAgainOn, { date: formatDay(intl, nextProposalAt, { dateStyle: 'full', timeStyle: 'short' }) })}
              </p>
            ) : quota.data?.cycleFull ? (
              <p className="notice" data-proposal-quota="cycle-full">
                {t(page.cycleFull)}
              </p>
            ) : (
              <ProposalForm
                submitLabel={t(page.submit)}
                onSubmit={async (input) => {
                  await decisionsApi.create(input);
                  toast(t(page.created), 'success');
                  list.reload();
                  quota.reload();
                }}
              />
            )}
          </>
        )}
      </Section>
    </>
  );
  return (
    <layouts.list title={t(page.title)} intro={t(page.intro)} toolbar={toolbar}>
      <PhaseChatLayout room={room} main={main} />
    </layouts.list>
  );
}
