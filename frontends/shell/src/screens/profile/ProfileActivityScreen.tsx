/** A member's public activity page: member since, contributions, roles, and moderation for moderators. */
import { frenchOf } from '@civic/frontend-kit/french';
import { useEffect, useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import type { UserProfile } from '@civic/contracts';
import { asApiError, type ApiError } from '@civic/frontend-kit/api-client';
import { identityApi } from '../../api/identity.js';
import { useAuth } from '../../auth/AuthProvider.js';
import { Loading } from '../../auth/Guards.js';
import { OwnSuspensionNotice } from '../../components/SuspensionNotice.js';
import { Outcome } from '../../forms/Fields.js';
import { formatDayDate } from '../../i18n/dates.js';
import { ProfileLayout } from '../../layouts/index.js';
import { NotFoundScreen } from '../NotFoundScreen.js';
import { Moderation } from './Moderation.js';
import { useProfileParams } from './ProfileParts.js';

type Loaded = { state: 'loading' } | { state: 'loaded'; profile: UserProfile } | { state: 'failed'; error: ApiError };

/** GET /api/users/{id} for the page's user. */
function useProfile(userId: string): Loaded {
  const [result, setResult] = useState<{ userId: string; loaded: Loaded }>({ userId, loaded: { state: 'loading' } });
  useEffect(() => {
    const controller = new AbortController();
    identityApi.getUser(userId, controller.signal).then(
      (profile) => setResult({ userId, loaded: { state: 'loaded', profile } }),
      (error: unknown) => {
        if (!controller.signal.aborted) setResult({ userId, loaded: { state: 'failed', error: asApiError(error) } });
      },
    );
    return () => controller.abort();
  }, [userId]);
  return result.userId === userId ? result.loaded : { state: 'loading' };
}

/** One figure of the profile: its name and its value. */
function Stat({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="stats__item">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** /users/:id/:userName/activity, open to anyone: member since, contributions and roles. */
export function ProfileActivityScreen() {
  const intl = useIntl();
  const { formatMessage: t, formatNumber } = intl;
  const params = useProfileParams();
  const { user: viewer } = useAuth();
  const loaded = useProfile(params.userId);
  if (loaded.state === 'failed' && loaded.error.statusCode === 404) return <NotFoundScreen />;
  const userName = loaded.state === 'loaded' ? loaded.profile.userName : params.userName;
  const deleted = loaded.state === 'loaded' && loaded.profile.deleted;
  const own = viewer?.id === params.userId;
  return (
    <ProfileLayout
      userId={params.userId}
      userName={userName}
      title={deleted ? t({ id: 'profile.activity.deleted.title' }) : t({ id: 'profile.activity.title' }, { userName, ofUserName: frenchOf(userName) })}
      intro={deleted ? undefined : t({ id: 'profile.activity.intro' }, { userName, ofUserName: frenchOf(userName) })}
    >
      {loaded.state === 'loading' ? <Loading /> : null}
      {loaded.state === 'failed' ? <Outcome kind="error" title={t({ id: `error.${loaded.error.key}` })} /> : null}
      {loaded.state === 'loaded' && own ? <OwnSuspensionNotice /> : null}
      {loaded.state === 'loaded' ? (
        <>
          {deleted ? (
            <div className="notice" data-profile-deleted="true">
              <p>{t({ id: 'profile.activity.deleted.text' })}</p>
            </div>
          ) : null}
          <dl className="stats" aria-label={t({ id: 'profile.activity.statsLabel' })}>
            <Stat label={t({ id: 'profile.activity.memberSince' })}>
              <time dateTime={loaded.profile.memberSince}>{formatDayDate(intl, loaded.profile.memberSince, { dateStyle: 'long' })}</time>
            </Stat>
            <Stat label={t({ id: 'profile.activity.lawsCreated' })}>{formatNumber(loaded.profile.lawsCreated)}</Stat>
            <Stat label={t({ id: 'profile.activity.articlesCreated' })}>{formatNumber(loaded.profile.articlesCreated)}</Stat>
            <Stat label={t({ id: 'profile.activity.chatMessages' })}>{formatNumber(loaded.profile.chatMessages)}</Stat>
            <Stat label={t({ id: 'profile.activity.roles' })}>
              {[loaded.profile.moderator ? t({ id: 'profile.role.moderator' }) : null, loaded.profile.scribe ? t({ id: 'profile.role.scribe' }) : null].filter(Boolean).join(', ') ||
                t({ id: 'profile.role.member' })}
            </Stat>
          </dl>
          {viewer?.moderator && !own && !deleted && !loaded.profile.moderator ? <Moderation key={loaded.profile.id} profile={loaded.profile} /> : null}
        </>
      ) : null}
    </ProfileLayout>
  );
}
