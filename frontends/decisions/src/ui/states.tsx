import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { Resource } from '@civic/frontend-kit/remote-hooks';
import { screenStates } from '@civic/frontend-kit/remote-states';

export const { Loading, LoadError, Empty } = screenStates({
  loading: { id: 'decisions.status.loading' },
  loadError: { id: 'decisions.status.loadError' },
  retry: { id: 'decisions.status.retry' },
});

/** What a screen shows while its resource has no data yet: loading, or the failure and a retry. */
export function Pending({ resource }: { resource: Pick<Resource<unknown>, 'loading' | 'error' | 'reload'> }) {
  return resource.loading ? <Loading /> : <LoadError error={resource.error} onRetry={resource.reload} />;
}

/** The empty state of a phase with nothing in it: why, and a link to where to look instead. */
export function EmptyWithLink({ title, hint, to, link }: { title: string; hint: string; to: string; link: string }) {
  return (
    <Empty title={title}>
      <p>
        {hint} <Link to={to}>{link}</Link>
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
export function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}
