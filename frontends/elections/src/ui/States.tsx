import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { EmptyState, Skeleton, SkeletonCard } from '@civic/frontend-kit/design';
import type { Resource } from '@civic/frontend-kit/remote-hooks';
import { screenStates } from '@civic/frontend-kit/remote-states';

const messages = {
  loading: { id: 'elections.status.loading' },
  loadError: { id: 'elections.status.loadError' },
  retry: { id: 'elections.status.retry' },
};

export const { LoadError } = screenStates(messages);

/** While a screen or a list loads: placeholder cards shaped like what comes, never a blank screen. */
export function Loading({ cards = 1 }: { cards?: number }) {
  const { formatMessage: t } = useIntl();
  if (cards <= 1) return <Skeleton lines={3} label={t(messages.loading)} />;
  return (
    <div className="elections-stack">
      {Array.from({ length: cards }, (_, index) => (
        <SkeletonCard key={index} label={t(messages.loading)} />
      ))}
    </div>
  );
}

/** What a screen shows while its resource is loading or has no data: placeholders, or the failure and a retry. */
export function Pending({ resource, cards }: { resource: Pick<Resource<unknown>, 'loading' | 'error' | 'reload'>; cards?: number }) {
  return resource.loading ? <Loading cards={cards} /> : <LoadError error={resource.error} onRetry={resource.reload} />;
}

export function Empty({ title, children }: { title: string; children?: ReactNode }) {
  return <EmptyState title={title}>{children}</EmptyState>;
}
