import { useIntl } from 'react-intl';
import { useAuth } from '../../auth/AuthProvider.js';
import { ActionLinks } from '../../components/ActionLinks.js';
import { usePhases } from '../../components/Phases.js';
import { homeActions, type HomeAction } from './home-parts.js';

const actionMessages: Record<HomeAction, string> = { propose: 'home.cta.propose', vote: 'home.cta.vote', follow: 'home.now.follow', finalVote: 'home.now.finalVote' };

/** What one can do now: the action each running phase opens, then joining and learning how it works. */
export function HomeActions() {
  const { formatMessage: t } = useIntl();
  const { user } = useAuth();
  const { phases } = usePhases();
  const headingId = 'home-now';
  const actions = homeActions(phases);
  return (
    <section className="home-cta" aria-labelledby={headingId} data-home-actions>
      <h2 id={headingId}>{t({ id: 'home.now.title' })}</h2>
      {phases && actions.length === 0 ? <p className="home-now__none">{t({ id: 'home.now.none' })}</p> : null}
      <ActionLinks
        links={[
          ...actions.map(({ action, to }) => ({ to, text: t({ id: actionMessages[action] }), data: { 'data-home-action': action } })),
          ...(user ? [] : [{ to: '/register', text: t({ id: 'home.cta.register' }) }]),
          { to: '/about', text: t({ id: 'home.cta.how' }), plain: true },
        ]}
      />
    </section>
  );
}
