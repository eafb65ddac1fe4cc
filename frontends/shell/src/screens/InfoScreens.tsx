import type { DecisionSettings } from '@civic/contracts';
import { useIntl, type IntlShape } from 'react-intl';
import { Link } from 'react-router-dom';
import { useDecisionSettings } from '../api/decision-settings.js';
import { DefaultLayout } from '../layouts/index.js';

const DAY = 24 * 60 * 60;

/** A number of seconds in the largest unit that writes it whole: "14 days", "2 hours", "90 seconds". */
function formatDuration(intl: IntlShape, seconds: number): string {
  const [unit, size] = (
    [
      ['day', DAY],
      ['hour', 60 * 60],
      ['minute', 60],
    ] as const
  ).find(([, length]) => seconds % length === 0) ?? ['second', 1];
  return intl.formatNumber(seconds / size, { style: 'unit', unit, unitDisplay: 'long' });
}

/** The ICU arguments of the rule texts. */
function ruleValues(intl: IntlShape, settings: DecisionSettings): Record<string, string | number> {
  const duration = (seconds: number) => formatDuration(intl, seconds);
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
  const intl = useIntl();
  const { formatMessage: t } = intl;
  const settings = useDecisionSettings();
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
      {settings.status === 'ready' ? (
        <>
          <p>{t(about.rulesIntro)}</p>
          <ul className="rules">
            {about.rules.map((rule) => (
              <li key={rule.id}>{t(rule, ruleValues(intl, settings.settings))}</li>
            ))}
          </ul>
        </>
      ) : null}
      {settings.status === 'error' ? <p role="status">{t(rulesUnavailable)}</p> : null}
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
  const intl = useIntl();
  const { formatMessage: t } = intl;
  const settings = useDecisionSettings();
  const values = settings.status === 'ready' ? ruleValues(intl, settings.settings) : null;
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
      {settings.status === 'error' ? <p role="status">{t(rulesUnavailable)}</p> : null}
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
