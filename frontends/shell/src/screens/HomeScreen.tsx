import { useIntl } from 'react-intl';
import { useAuth } from '../auth/AuthProvider.js';
import { ActionLinks } from '../components/ActionLinks.js';
import { HomePhases } from '../components/Phases.js';
import { CardsListLayout } from '../layouts/index.js';

/** The slogan, the current phases with their countdowns, calls to action and the main sections. */
export function HomeScreen() {
  const { formatMessage: t } = useIntl();
  const { user } = useAuth();
  return (
    <CardsListLayout
      title={t({ id: 'home.title' })}
      intro={t({ id: 'home.intro' })}
      cards={[
        { to: '/decisions', title: t({ id: 'home.card.decisions.title' }), description: t({ id: 'home.card.decisions.description' }) },
        { to: '/elections', title: t({ id: 'home.card.elections.title' }), description: t({ id: 'home.card.elections.description' }) },
        { to: '/archive', title: t({ id: 'home.card.archive.title' }), description: t({ id: 'home.card.archive.description' }) },
        { to: '/about', title: t({ id: 'home.card.about.title' }), description: t({ id: 'home.card.about.description' }) },
      ]}
    >
      <HomePhases title={t({ id: 'home.phases.title' })} />
      <section className="home-cta" aria-label={t({ id: 'home.cta.title' })}>
        <ActionLinks
          links={[
            { to: '/decisions/proposals', text: t({ id: 'home.cta.propose' }) },
            { to: '/decisions/voting-on-proposals', text: t({ id: 'home.cta.vote' }) },
            ...(user ? [] : [{ to: '/register', text: t({ id: 'home.cta.register' }) }]),
            { to: '/about', text: t({ id: 'home.cta.how' }), plain: true },
          ]}
        />
      </section>
    </CardsListLayout>
  );
}
