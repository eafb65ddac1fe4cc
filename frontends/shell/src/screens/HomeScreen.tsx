import { lazy, Suspense } from 'react';
import { useIntl } from 'react-intl';
import { SkeletonCard } from '@civic/frontend-kit/design';
import { HomePhases } from '../components/Phases.js';
import { CardsListLayout } from '../layouts/index.js';
import { HomeActions } from './home/HomeActions.js';

// The proposals, the latest law and a member's to-do load after the first paint, in a chunk of their
// own, so the first load stays within its budget (docs/architecture.md#design-system).
const HomeFeed = lazy(async () => ({ default: (await import('./home/HomeFeed.js')).HomeFeed }));

/**
 * The slogan, the current phases with what one can do now, then the running proposals and the latest
 * adopted law, and for a member what needs them; the main sections last.
 */
export function HomeScreen() {
  const { formatMessage: t } = useIntl();
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
      <HomeActions />
      <Suspense fallback={<SkeletonCard label={t({ id: 'common.loading' })} />}>
        <HomeFeed />
      </Suspense>
    </CardsListLayout>
  );
}
