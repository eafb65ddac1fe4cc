import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { EmptyState, Skeleton, SkeletonCard } from '@civic/frontend-kit/design';
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

export function Empty({ title, children }: { title: string; children?: ReactNode }) {
  return <EmptyState title={title}>{children}</EmptyState>;
}
