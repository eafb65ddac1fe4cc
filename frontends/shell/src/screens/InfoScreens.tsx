import { Limits, type DecisionSettings, type RegistrationLimits } from '@civic/contracts';
import { formatWholeDuration } from '@civic/frontend-kit/duration';
import { useIntl, type IntlShape } from 'react-intl';
import { Link } from 'react-router-dom';
import { useDecisionSettings, useRegistrationLimits } from '../api/public-settings.js';
import { DefaultLayout } from '../layouts/index.js';

const DAY = 24 * 60 * 60;

/** The ICU arguments of the rule texts. */
function ruleValues(intl: IntlShape, settings: DecisionSettings): Record<string, string | number> {
  const duration = (seconds: number) => formatWholeDuration(intl, seconds);
  return {
    proposals: duration(settings.phaseSeconds.proposals),
    voting: duration(settings.phaseSeconds.voting),
    creation: duration(settings.phaseSeconds.creation),
    finalVote: duration(settings.phaseSeconds.finalVote),
    extension: duration(settings.extensionSeconds),
    verifiedUsers: settings.startMinimums.verifiedUsers,
    minProposals: settings.startMinimums.proposals,
    selected: settings.selectedProposals,
    secondChance: settings.secondChanceProposals,
    creators: settings.creatorsPerLaw,
    interval: duration(Math.round(settings.proposalIntervalDays * DAY)),
    maxProposals: settings.maxProposalsPerCycle,
  };
}

/**
 * Settings of the usual size, only to lay the rule texts out, invisibly, while the real ones load:
 * the texts then take their place without moving what follows (a layout shift). Never shown.
 */
const LAYOUT_SETTINGS: DecisionSettings = {
  phaseSeconds: { proposals: 7 * DAY, voting: 7 * DAY, creation: 14 * DAY, finalVote: 7 * DAY },
  extensionSeconds: DAY,
  startMinimums: { verifiedUsers: 10, proposals: 10 },
  selectedProposals: 3,
  secondChanceProposals: 3,
  creatorsPerLaw: 5,
  maxProposalsPerCycle: 100,
  proposalIntervalDays: 7,
};
const LAYOUT_LIMITS: RegistrationLimits = { accountsPerIp: 3, accountsPerIpPerDay: 3 };

/**
 * The rule texts' arguments: the decision settings once read; while they load, LAYOUT_SETTINGS with
 * `pending` (render them hidden); null with `failed` when they could not be read.
 */
function useRuleValues(): { values: Record<string, string | number> | null; pending: boolean; failed: boolean } {
  const intl = useIntl();
  const settings = useDecisionSettings();
  if (settings.status === 'ready') return { values: ruleValues(intl, settings.settings), pending: false, failed: false };
  if (settings.status === 'loading') return { values: ruleValues(intl, LAYOUT_SETTINGS), pending: true, failed: false };
  return { values: null, pending: false, failed: true };
}

/** Props of a text laid out while its numbers load: present for the layout, hidden from everyone. */
const whilePending = (pending: boolean) => (pending ? { className: 'pending-text', 'aria-hidden': true } : {});

const rulesUnavailable = { id: 'about.rules.unavailable' };

/** The rules of each step, worded with the decision settings' numbers. */
const aboutRules = [
  { id: 'about.rules.cycle' },
  { id: 'about.rules.startRule' },
  { id: 'about.rules.proposalVote' },
  { id: 'about.rules.selection' },
  { id: 'about.rules.creators' },
  { id: 'about.rules.finalVote' },
  { id: 'about.rules.limits' },
  { id: 'about.rules.archive' },
];

/** /about: what the platform is and how a proposal becomes a law, with the rules of each step. */
export function AboutScreen() {
  const { formatMessage: t } = useIntl();
  const { values, pending, failed } = useRuleValues();
  return (
    <DefaultLayout title={t({ id: 'about.title' })} intro={t({ id: 'about.intro' })}>
      <h2>{t({ id: 'about.steps.title' })}</h2>
      <ol className="steps">
        <li>{t({ id: 'about.steps.proposals' })}</li>
        <li>{t({ id: 'about.steps.voting' })}</li>
        <li>{t({ id: 'about.steps.creation' })}</li>
        <li>{t({ id: 'about.steps.finalVote' })}</li>
        <li>{t({ id: 'about.steps.archive' })}</li>
      </ol>
      <h2>{t({ id: 'about.rules.title' })}</h2>
      {values ? (
        <div {...whilePending(pending)}>
          <p>{t({ id: 'about.rules.intro' })}</p>
          <ul className="rules">
            {aboutRules.map((rule) => (
              <li key={rule.id}>{t(rule, values)}</li>
            ))}
          </ul>
        </div>
      ) : null}
      {pending ? <p className="ui-visually-hidden" role="status">{t({ id: 'common.loading' })}</p> : null}
      {failed ? <p role="status">{t(rulesUnavailable)}</p> : null}
      <h2>{t({ id: 'about.roles.title' })}</h2>
      <p>{t({ id: 'about.roles.text' })}</p>
      <h2>{t({ id: 'about.access.title' })}</h2>
      <p>{t({ id: 'about.access.text' })}</p>
    </DefaultLayout>
  );
}

const helpTopics = ['account', 'propose', 'vote', 'create', 'elections', 'chat', 'language'] as const;
/** The answers that state numbers of the decision process, shown once those are known. */
const topicsWithRules = new Set<string>(['propose', 'create']);
/** The numbers the shell applies itself, so they are known at once: the language cookie is the shell's. */
const shellValues = { localeCookieDays: Limits.localeCookieDays };

/**
 * The account answer states identity's registration limits once they are read; until then, or if they
 * cannot be, it says only that they exist.
 */
function accountAnswer(t: IntlShape['formatMessage'], limits: ReturnType<typeof useRegistrationLimits>): string {
  if (limits.status === 'error') return t({ id: 'help.account.answer' });
  return t({ id: 'help.account.answerWithLimits' }, limits.status === 'ready' ? limits.settings : LAYOUT_LIMITS);
}

/** /help: answers to the questions citizens ask. */
export function HelpScreen() {
  const { formatMessage: t } = useIntl();
  const { values, pending, failed } = useRuleValues();
  const limits = useRegistrationLimits();
  return (
    <DefaultLayout title={t({ id: 'help.title' })} intro={t({ id: 'help.intro' })}>
      {helpTopics
        .filter((topic) => values || !topicsWithRules.has(topic))
        .map((topic) => (
          <section key={topic} className="help-topic">
            <h2>{t({ id: `help.${topic}.question` })}</h2>
            {topic === 'account' ? (
              <p {...whilePending(limits.status === 'loading')}>{accountAnswer(t, limits)}</p>
            ) : (
              <p {...whilePending(pending && topicsWithRules.has(topic))}>{t({ id: `help.${topic}.answer` }, { ...shellValues, ...values })}</p>
            )}
          </section>
        ))}
      {failed ? <p role="status">{t(rulesUnavailable)}</p> : null}
      {pending || limits.status === 'loading' ? <p className="ui-visually-hidden" role="status">{t({ id: 'common.loading' })}</p> : null}
      <p>
        <Link to="/about">{t({ id: 'help.aboutLink' })}</Link>
      </p>
      <p>{t({ id: 'help.contact' })}</p>
    </DefaultLayout>
  );
}

/** /legal: the legal notice and the privacy commitments of docs/product.md#privacy. */
export function LegalScreen() {
  const { formatMessage: t } = useIntl();
  return (
    <DefaultLayout title={t({ id: 'legal.title' })} intro={t({ id: 'legal.intro' })}>
      <h2>{t({ id: 'legal.publisher.title' })}</h2>
      <p>{t({ id: 'legal.publisher.text' })}</p>
      <h2>{t({ id: 'legal.privacy.title' })}</h2>
      <ul>
        <li>{t({ id: 'legal.privacy.cookies' })}</li>
        <li>{t({ id: 'legal.privacy.ipAddresses' })}</li>
        <li>{t({ id: 'legal.privacy.deletion' })}</li>
      </ul>
    </DefaultLayout>
  );
}
