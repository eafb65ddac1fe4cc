import { useIntl } from 'react-intl';
import { CardsListLayout } from '../layouts/index.js';

const messages = {
  title: { id: 'home.title' },
  intro: { id: 'home.intro' },
  decisionsTitle: { id: 'home.card.decisions.title' },
  decisionsDescription: { id: 'home.card.decisions.description' },
  electionsTitle: { id: 'home.card.elections.title' },
  electionsDescription: { id: 'home.card.elections.description' },
  archiveTitle: { id: 'home.card.archive.title' },
  archiveDescription: { id: 'home.card.archive.description' },
  aboutTitle: { id: 'home.card.about.title' },
  aboutDescription: { id: 'home.card.about.description' },
};

export function HomeScreen() {
  const intl = useIntl();
  const t = intl.formatMessage;
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
    />
  );
}
