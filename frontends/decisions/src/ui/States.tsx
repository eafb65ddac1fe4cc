import { useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { EmptyState, Skeleton, SkeletonCard } from '@civic/frontend-kit/design';
import type { Resource } from '@civic/frontend-kit/remote-hooks';
import { screenStates } from '@civic/frontend-kit/remote-states';

const loading = { id: 'decisions.status.loading' };

export const { LoadError } = screenStates({
  loading,
  loadError: { id: 'decisions.status.loadError' },
  retry: { id: 'decisions.status.retry' },
});

/**
 * Whether the resource's first answer (or failure) has come. What a screen shows below a loading list
 * waits for it: shown beside the list's skeleton, it would jump down when the list arrives (a layout
 * shift). Stays true through later reads, such as a new search.
 */
export function useArrivedOnce(resource: Pick<Resource<unknown>, 'data' | 'error'>): boolean {
  const [arrived, setArrived] = useState(false);
  if (!arrived && (resource.data !== undefined || resource.error)) setArrived(true);
  return arrived;
}

/** While a screen's data is on its way: grey lines in the shape of what comes, "Loading…" for screen readers. */
export function Loading({ cards = 0, lines }: { cards?: number; lines?: number }) {
  const { formatMessage: t } = useIntl();
  if (cards === 0) return <Skeleton label={t(loading)} lines={lines} />;
  return (
    <div className="decisions-skeletons">
      {Array.from({ length: cards }, (_, index) => (
        <SkeletonCard key={index} label={t(loading)} />
      ))}
    </div>
  );
}

/** A list or a phase with nothing in it: its title, and what to do instead. */
export function Empty({ title, children }: { title: string; children?: ReactNode }) {
  return <EmptyState title={title}>{children}</EmptyState>;
}

/** What a screen shows while its resource has no data yet: loading, or the failure and a retry. */
export function Pending({ resource, cards = 2 }: { resource: Pick<Resource<unknown>, 'loading' | 'error' | 'reload'>; cards?: number }) {
  return resource.loading ? <Loading cards={cards} /> : <LoadError error={resource.error} onRetry={resource.reload} />;
}

/** What a phase screen says when the phase has nothing in it: why, and a link to where to look instead. */
const emptyPhases = {
  creation: { title: { id: 'decisions.creations.none' }, hint: { id: 'decisions.creations.noneHint' }, to: '/kanban/laws', link: { id: 'decisions.kanban.laws.title' } },
  finalVote: { title: { id: 'decisions.finalVote.none' }, hint: { id: 'decisions.finalVote.noneHint' }, to: '/archive', link: { id: 'decisions.finalVote.toArchive' } },
  voting: {
    title: { id: 'decisions.votingOnProposals.none' },
    hint: { id: 'decisions.votingOnProposals.noneHint' },
    to: '/decisions/proposals',
    link: { id: 'decisions.votingOnProposals.toProposals' },
  },
};

/** The empty state of a phase with nothing in it (`emptyPhases`). */
export function EmptyPhase({ phase }: { phase: keyof typeof emptyPhases }) {
  const { formatMessage: t } = useIntl();
  const { title, hint, to, link } = emptyPhases[phase];
  return (
    <Empty title={t(title)}>
      <p>
        {t(hint)} <Link to={to}>{t(link)}</Link>
      </p>
    </Empty>
  );
}

/**
 * The items of a list, or its empty state (titled `empty`) when there are none; `children` renders
 * each `<li>` (with its key), so a screen keeps its own classes and data attributes on it.
 */
export function ListOrEmpty<T>({ items, empty, className, ordered = false, children }: { items: readonly T[]; empty: string; className: string; ordered?: boolean; children: (item: T) => ReactNode }) {
  if (items.length === 0) return <Empty title={empty} />;
  const List = ordered ? 'ol' : 'ul';
  return <List className={className}>{items.map((item) => children(item))}</List>;
}

/** A screen's section, labelled by its `<h2>` (`id` names the heading). */
export function Section({ id, title, children, className }: { id: string; title: string; children: ReactNode; className?: string }) {
  return (
    <section aria-labelledby={id} className={className ?? 'decisions-section'}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}
