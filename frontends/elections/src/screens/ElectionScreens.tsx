import { useIntl } from 'react-intl';
import { useShell } from '../RemoteFrame.js';

const overview = {
  title: { id: 'elections.overview.title' },
  intro: { id: 'elections.overview.intro' },
  moderatorsTitle: { id: 'elections.overview.moderators.title' },
  moderatorsDescription: { id: 'elections.overview.moderators.description' },
  scribesTitle: { id: 'elections.overview.scribes.title' },
  scribesDescription: { id: 'elections.overview.scribes.description' },
  greatWisesTitle: { id: 'elections.overview.greatWises.title' },
  greatWisesDescription: { id: 'elections.overview.greatWises.description' },
  electedTitle: { id: 'elections.overview.elected.title' },
  electedDescription: { id: 'elections.overview.elected.description' },
};

/**
 * /elections: the three elected roles (candidateTo 1 moderator, 2 scribe, 3 great wise), each a link
 * to its election, and the officials elected this month.
 */
export function ElectionsOverviewScreen() {
  const { formatMessage: t } = useIntl();
  const { layouts } = useShell();
  return (
    <layouts.cardsList
      title={t(overview.title)}
      intro={t(overview.intro)}
      cards={[
        { to: '/elections/1', title: t(overview.moderatorsTitle), description: t(overview.moderatorsDescription) },
        { to: '/elections/2', title: t(overview.scribesTitle), description: t(overview.scribesDescription) },
        { to: '/elections/3', title: t(overview.greatWisesTitle), description: t(overview.greatWisesDescription) },
        { to: '/elections/elected', title: t(overview.electedTitle), description: t(overview.electedDescription) },
      ]}
    />
  );
}

const election = { title: { id: 'elections.election.title' }, intro: { id: 'elections.election.intro' } };

/** /elections/:id: one election, its candidates and their votes. */
export function ElectionScreen() {
  const { formatMessage: t } = useIntl();
  const { layouts } = useShell();
  return <layouts.default title={t(election.title)} intro={t(election.intro)} />;
}

const elected = { title: { id: 'elections.elected.title' }, intro: { id: 'elections.elected.intro' } };

/** /elections/elected: this month's officials. */
export function ElectedScreen() {
  const { formatMessage: t } = useIntl();
  const { layouts } = useShell();
  return <layouts.list title={t(elected.title)} intro={t(elected.intro)} />;
}
