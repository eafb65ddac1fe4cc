import { useIntl } from 'react-intl';
import { useParams } from 'react-router-dom';
import { ProfileLayout } from '../layouts/index.js';

function useProfileParams(): { userId: string; userName: string } {
  const { id = '', userName = '' } = useParams();
  return { userId: id, userName };
}

const activity = { title: { id: 'profile.activity.title' }, intro: { id: 'profile.activity.intro' } };

/** /users/:id/:userName/activity, open to anyone. */
export function ProfileActivityScreen() {
  const { formatMessage: t } = useIntl();
  const user = useProfileParams();
  return (
    <ProfileLayout
      {...user}
      title={t(activity.title, { userName: user.userName })}
      intro={t(activity.intro, { userName: user.userName })}
    />
  );
}

const settings = { title: { id: 'profile.settings.title' }, intro: { id: 'profile.settings.intro' } };

/** /users/:id/:userName/settings, for the user themself. */
export function ProfileSettingsScreen() {
  const { formatMessage: t } = useIntl();
  const user = useProfileParams();
  return <ProfileLayout {...user} title={t(settings.title)} intro={t(settings.intro)} />;
}

const deleteAccount = {
  title: { id: 'profile.deleteAccount.title' },
  intro: { id: 'profile.deleteAccount.intro' },
};

/** /users/:id/:userName/delete-account, for the user themself. */
export function ProfileDeleteAccountScreen() {
  const { formatMessage: t } = useIntl();
  const user = useProfileParams();
  return <ProfileLayout {...user} title={t(deleteAccount.title)} intro={t(deleteAccount.intro)} />;
}
