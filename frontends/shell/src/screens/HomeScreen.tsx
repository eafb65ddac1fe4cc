import { lazy, Suspense, useEffect } from 'react';
import { useIntl } from 'react-intl';
import { SkeletonCard } from '@civic/frontend-kit/design';
import { HomePhases, usePhases } from '../components/Phases.js';
import { CardsListLayout } from '../layouts/index.js';
import { HomeActions } from './home/HomeActions.js';

// The proposals, the latest law and a member's to-do load after the first paint, in a chunk of their
// own, so the first load stays within its budget (docs/architecture.md#design-system).
const loadHomeFeed = () => import('./home/HomeFeed.js');
const HomeFeed = lazy(async () => ({ default: (await loadHomeFeed()).HomeFeed }));

/**
 * The slogan, the current phases with what one can do now, then the running proposals and the latest
 * adopted law, and for a member what needs them; the main sections last.
 */
export function HomeScreen() {
  const { formatMessage: t } = useIntl();
  const { phases } = usePhases();
  // The feed's chunk loads at once, while the phases are read.
  useEffect(() => void loadHomeFeed().catch(() => undefined), []);
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
      {/* Under the phases once they are known: beside their skeleton, these jumped down when they came. */}
      {phases === undefined ? null : (
        <>
          <HomeActions />
          <Suspense fallback={<SkeletonCard label={t({ id: 'common.loading' })} />}>
            <HomeFeed />
          </Suspense>
        </>
      )}
    </CardsListLayout>
  );
}
