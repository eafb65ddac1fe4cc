import { useIntl } from 'react-intl';
import { useShell } from '../RemoteFrame.js';

const creations = { title: { id: 'decisions.creations.title' }, intro: { id: 'decisions.creations.intro' } };

/** /decisions/creations: the creation phase. */
export function CreationsScreen() {
  const { formatMessage: t } = useIntl();
  const { layouts } = useShell();
  return <layouts.list title={t(creations.title)} intro={t(creations.intro)} />;
}

const creators = { title: { id: 'decisions.creators.title' }, intro: { id: 'decisions.creators.intro' } };

/** /decisions/creators/:id: the creators drawn for a law. */
export function CreatorsScreen() {
  const { formatMessage: t } = useIntl();
  const { layouts } = useShell();
  return <layouts.list title={t(creators.title)} intro={t(creators.intro)} />;
}

const finalVote = { title: { id: 'decisions.finalVote.title' }, intro: { id: 'decisions.finalVote.intro' } };

/** /decisions/final-vote */
export function FinalVoteScreen() {
  const { formatMessage: t } = useIntl();
  const { layouts } = useShell();
  return <layouts.list title={t(finalVote.title)} intro={t(finalVote.intro)} />;
}
