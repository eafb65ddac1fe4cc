import type { DecisionSettings } from '@civic/contracts';
import { formatWholeDuration } from '@civic/frontend-kit/duration';
import { useIntl, type IntlShape } from 'react-intl';
import { Link } from 'react-router-dom';
import { useDecisionSettings } from '../api/decision-settings.js';
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

/** The rule texts' arguments once the decision settings are read (null before); `failed` when they could not be. */
function useRuleValues(): { values: Record<string, string | number> | null; failed: boolean } {
  const intl = useIntl();
  const settings = useDecisionSettings();
  return { values: settings.status === 'ready' ? ruleValues(intl, settings.settings) : null, failed: settings.status === 'error' };
}

const rulesUnavailable = { id: 'about.rules.unavailable' };

const about = {
  title: { id: 'about.title' },
  intro: { id: 'about.intro' },
  stepsTitle: { id: 'about.steps.title' },
  proposals: { id: 'about.steps.proposals' },
  voting: { id: 'about.steps.voting' },
  creation: { id: 'about.steps.creation' },
  finalVote: { id: 'about.steps.finalVote' },
  archive: { id: 'about.steps.archive' },
  rulesTitle: { id: 'about.rules.title' },
  rulesIntro: { id: 'about.rules.intro' },
  rules: ['cycle', 'startRule', 'proposalVote', 'selection', 'creators', 'finalVote', 'limits', 'archive'].map((key) => ({
    id: `about.rules.${key}`,
  })),
  rolesTitle: { id: 'about.roles.title' },
  roles: { id: 'about.roles.text' },
  accessTitle: { id: 'about.access.title' },
  access: { id: 'about.access.text' },
};

/** /about: what the platform is and how a proposal becomes a law, with the rules of each step. */
export function AboutScreen() {
  const { formatMessage: t } = useIntl();
  const { values, failed } = useRuleValues();
  return (
    <DefaultLayout title={t(about.title)} intro={t(about.intro)}>
      <h2>{t(about.stepsTitle)}</h2>
      <ol className="steps">
        <li>{t(about.proposals)}</li>
        <li>{t(about.voting)}</li>
        <li>{t(about.creation)}</li>
        <li>{t(about.finalVote)}</li>
        <li>{t(about.archive)}</li>
      </ol>
      <h2>{t(about.rulesTitle)}</h2>
      {values ? (
        <>
          <p>{t(about.rulesIntro)}</p>
          <ul className="rules">
            {about.rules.map((rule) => (
              <li key={rule.id}>{t(rule, values)}</li>
            ))}
          </ul>
        </>
      ) : null}
      {failed ? <p role="status">{t(rulesUnavailable)}</p> : null}
      <h2>{t(about.rolesTitle)}</h2>
      <p>{t(about.roles)}</p>
      <h2>{t(about.accessTitle)}</h2>
      <p>{t(about.access)}</p>
    </DefaultLayout>
  );
}

const helpTopics = ['account', 'propose', 'vote', 'create', 'elections', 'chat', 'language'] as const;
/** The answers that state numbers of the decision process, shown once those are known. */
const topicsWithRules = new Set<string>(['propose', 'create']);

const help = {
  title: { id: 'help.title' },
  intro: { id: 'help.intro' },
  contact: { id: 'help.contact' },
  about: { id: 'help.aboutLink' },
};

/** /help: answers to the questions citizens ask. */
export function HelpScreen() {
  const { formatMessage: t } = useIntl();
  const { values, failed } = useRuleValues();
  return (
    <DefaultLayout title={t(help.title)} intro={t(help.intro)}>
      {helpTopics
        .filter((topic) => values || !topicsWithRules.has(topic))
        .map((topic) => (
          <section key={topic} className="help-topic">
            <h2>{t({ id: `help.${topic}.question` })}</h2>
            <p>{t({ id: `help.${topic}.answer` }, values ?? undefined)}</p>
          </section>
        ))}
      {failed ? <p role="status">{t(rulesUnavailable)}</p> : null}
      <p>
        <Link to="/about">{t(help.about)}</Link>
      </p>
      <p>{t(help.contact)}</p>
    </DefaultLayout>
  );
}

const legal = {
  title: { id: 'legal.title' },
  intro: { id: 'legal.intro' },
  publisherTitle: { id: 'legal.publisher.title' },
  publisher: { id: 'legal.publisher.text' },
  privacyTitle: { id: 'legal.privacy.title' },
  cookies: { id: 'legal.privacy.cookies' },
  ipAddresses: { id: 'legal.privacy.ipAddresses' },
  deletion: { id: 'legal.privacy.deletion' },
};

/** /legal: the legal notice and the privacy commitments of docs/product.md#privacy. */
export function LegalScreen() {
  const { formatMessage: t } = useIntl();
  return (
    <DefaultLayout title={t(legal.title)} intro={t(legal.intro)}>
      <h2>{t(legal.publisherTitle)}</h2>
      <p>{t(legal.publisher)}</p>
      <h2>{t(legal.privacyTitle)}</h2>
      <ul>
        <li>{t(legal.cookies)}</li>
        <li>{t(legal.ipAddresses)}</li>
        <li>{t(legal.deletion)}</li>
      </ul>
    </DefaultLayout>
  );
}
