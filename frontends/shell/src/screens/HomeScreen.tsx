import { useIntl } from 'react-intl';
import { useAuth } from '../auth/AuthProvider.js';
import { ActionLinks } from '../components/ActionLinks.js';
import { HomePhases } from '../components/Phases.js';
import { CardsListLayout } from '../layouts/index.js';

const messages = {
  title: { id: 'home.title' },
  intro: { id: 'home.intro' },
  phasesTitle: { id: 'home.phases.title' },
  ctaTitle: { id: 'home.cta.title' },
  ctaPropose: { id: 'home.cta.propose' },
  ctaVote: { id: 'home.cta.vote' },
  ctaRegister: { id: 'home.cta.register' },
  ctaHow: { id: 'home.cta.how' },
  decisionsTitle: { id: 'home.card.decisions.title' },
  decisionsDescription: { id: 'home.card.decisions.description' },
  electionsTitle: { id: 'home.card.elections.title' },
  electionsDescription: { id: 'home.card.elections.description' },
  archiveTitle: { id: 'home.card.archive.title' },
  archiveDescription: { id: 'home.card.archive.description' },
  aboutTitle: { id: 'home.card.about.title' },
  aboutDescription: { id: 'home.card.about.description' },
};

/** The slogan, the current phases with their countdowns, calls to action and the main sections. */
export function HomeScreen() {
  const { formatMessage: t } = useIntl();
  const { user } = useAuth();
  return (
    <CardsListLayout
      title={t(messages.title)}
      intro={t(messages.intro)}
      cards={[
        { to: '/decisions', title: t(messages.decisionsTitle), description: t(messages.decisionsDescription) },
        { to: '/elections', title: t(messages.electionsTitle), description: t(messages.electionsDescription) },
        { to: '/archive', title: t(messages.archiveTitle), description: t(messages.archiveDescription) },
        { to: '/about', title: t(messages.aboutTitle), description: t(messages.aboutDescription) },
      ]}
    >
      <HomePhases title={t(messages.phasesTitle)} />
      <section className="home-cta" aria-label={t(messages.ctaTitle)}>
        <ActionLinks
          links={[
            { to: '/decisions/proposals', text: t(messages.ctaPropose) },
            { to: '/decisions/voting-on-proposals', text: t(messages.ctaVote) },
            ...(user ? [] : [{ to: '/register', text: t(messages.ctaRegister) }]),
            { to: '/about', text: t(messages.ctaHow), plain: true },
          ]}
        />
      </section>
    </CardsListLayout>
  );
}
