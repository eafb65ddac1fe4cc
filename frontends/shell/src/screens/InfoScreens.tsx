import { useIntl } from 'react-intl';
import { DefaultLayout } from '../layouts/index.js';

const about = {
  title: { id: 'about.title' },
  intro: { id: 'about.intro' },
  stepsTitle: { id: 'about.steps.title' },
  proposals: { id: 'about.steps.proposals' },
  voting: { id: 'about.steps.voting' },
  creation: { id: 'about.steps.creation' },
  finalVote: { id: 'about.steps.finalVote' },
  archive: { id: 'about.steps.archive' },
};

/** /about: what the platform is and how a proposal becomes a law. */
export function AboutScreen() {
  const { formatMessage: t } = useIntl();
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
    </DefaultLayout>
  );
}

const help = { title: { id: 'help.title' }, intro: { id: 'help.intro' } };

/** /help: answers to the questions citizens ask. */
export function HelpScreen() {
  const { formatMessage: t } = useIntl();
  return <DefaultLayout title={t(help.title)} intro={t(help.intro)} />;
}

const legal = {
  title: { id: 'legal.title' },
  intro: { id: 'legal.intro' },
  privacyTitle: { id: 'legal.privacy.title' },
  cookies: { id: 'legal.privacy.cookies' },
  ipAddresses: { id: 'legal.privacy.ipAddresses' },
  deletion: { id: 'legal.privacy.deletion' },
};

/** /legal: the legal notice and the privacy commitments of SPEC section 1. */
export function LegalScreen() {
  const { formatMessage: t } = useIntl();
  return (
    <DefaultLayout title={t(legal.title)} intro={t(legal.intro)}>
      <h2>{t(legal.privacyTitle)}</h2>
      <ul>
        <li>{t(legal.cookies)}</li>
        <li>{t(legal.ipAddresses)}</li>
        <li>{t(legal.deletion)}</li>
      </ul>
    </DefaultLayout>
  );
}
