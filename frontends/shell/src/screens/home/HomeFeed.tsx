import { useEffect, useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import type { LawList, LawSummary, ProposalList, VotingView } from '@civic/contracts';
import { apiRequest } from '@civic/frontend-kit/api-client';
import { EmptyState, SkeletonCard } from '@civic/frontend-kit/design';
import { useAuth } from '../../auth/AuthProvider.js';
import { formatDayDate } from '../../i18n/dates.js';
import { runningProposals, type RunningProposal } from './home-parts.js';
import { Todo } from './MemberTodo.js';
import './home.css';

type Loaded<T> = { state: 'loading' } | { state: 'loaded'; data: T } | { state: 'failed' };

/** One read when the home page opens; a failure shows in its block only, the rest of the page stays. */
function useRead<T>(read: (signal: AbortSignal) => Promise<T>): Loaded<T> {
  const [loaded, setLoaded] = useState<Loaded<T>>({ state: 'loading' });
  useEffect(() => {
    const controller = new AbortController();
    read(controller.signal).then(
      (data) => setLoaded({ state: 'loaded', data }),
      () => {
        if (!controller.signal.aborted) setLoaded({ state: 'failed' });
      },
    );
    return () => controller.abort();
    // The read is a module-level function: one read per visit.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return loaded;
}

const get = <T,>(path: string) => (signal: AbortSignal) => apiRequest<T>('GET', path, { signal, renewSession: false });
// A cycle may have no proposals phase or vote running: its read answers an empty list, not an error.
const readRunning = (signal: AbortSignal) =>
  Promise.all([get<ProposalList>('/api/proposals')(signal).catch(() => null), get<VotingView>('/api/decisions/voting-on-proposals')(signal).catch(() => null)]).then(([open, voting]) => {
    if (!open && !voting) throw new Error('proposals unavailable');
    return runningProposals(open, voting);
  });
const readLatestLaw = (signal: AbortSignal) => get<LawList>('/api/laws?state=adopted')(signal).then((list) => list.laws[0] ?? null);

function Block({ id, title, children, more }: { id: string; title: string; children: ReactNode; more?: ReactNode }) {
  return (
    <section className="home-block" aria-labelledby={id} data-home-block={id}>
      <div className="home-block__head">
        <h2 id={id}>{title}</h2>
        {more}
      </div>
      {children}
    </section>
  );
}

function Failed() {
  const { formatMessage: t } = useIntl();
  return <p className="home-block__failed">{t({ id: 'home.block.failed' })}</p>;
}

function ProposalItem({ entry }: { entry: RunningProposal }) {
  const { formatMessage: t } = useIntl();
  return (
    <li className="home-item" data-home-proposal={entry.stage}>
      <Link to={entry.to} className="home-item__title">
        {entry.proposal.title}
      </Link>
      <span className="home-item__meta">
        {t({ id: entry.stage === 'voting' ? 'home.proposals.voting' : 'home.proposals.open' })} · {t({ id: 'home.proposals.by' }, { name: entry.proposal.userName })}
      </span>
    </li>
  );
}

function RunningProposals() {
  const { formatMessage: t } = useIntl();
  const running = useRead(readRunning);
  const title = t({ id: 'home.proposals.title' });
  if (running.state === 'loading') return <SkeletonCard label={title} />;
  return (
    <Block
      id="home-proposals"
      title={title}
      more={running.state === 'loaded' && running.data.total > running.data.shown.length ? <Link to="/decisions">{t({ id: 'home.proposals.all' }, { count: running.data.total })}</Link> : undefined}
    >
      {running.state === 'failed' ? (
        <Failed />
      ) : running.data.shown.length === 0 ? (
        <EmptyState title={t({ id: 'home.proposals.none' })}>
          <p>{t({ id: 'home.proposals.noneHint' })}</p>
        </EmptyState>
      ) : (
        <ul className="home-list">
          {running.data.shown.map((entry) => (
            <ProposalItem key={entry.proposal.id} entry={entry} />
          ))}
        </ul>
      )}
    </Block>
  );
}

function LatestLawCard({ law }: { law: LawSummary }) {
  const intl = useIntl();
  const { formatMessage: t } = intl;
  return (
    <article className="ui-card home-law" aria-labelledby={`home-law-${law.id}`} data-home-law={law.id}>
      <h3 id={`home-law-${law.id}`}>
        <Link to={`/archive/${encodeURIComponent(law.id)}`}>{law.title}</Link>
      </h3>
      <p className="home-item__meta">{t({ id: 'home.law.adoptedOn' }, { date: formatDayDate(intl, law.archivedAt ?? law.updatedAt, { dateStyle: 'long' }) })}</p>
      <p className="home-law__description">{law.description}</p>
    </article>
  );
}

function LatestLaw() {
  const { formatMessage: t } = useIntl();
  const latest = useRead(readLatestLaw);
  const title = t({ id: 'home.law.title' });
  if (latest.state === 'loading') return <SkeletonCard label={title} />;
  return (
    <Block id="home-law" title={title} more={<Link to="/archive">{t({ id: 'home.law.archive' })}</Link>}>
      {latest.state === 'failed' ? <Failed /> : latest.data ? <LatestLawCard law={latest.data} /> : <EmptyState title={t({ id: 'home.law.none' })} />}
    </Block>
  );
}

/**
 * The home page's live part, loaded after the first paint: for a member, what needs them (the
 * /protected to-do); for everyone, the proposals running now and the latest adopted law.
 */
export function HomeFeed() {
  const { formatMessage: t } = useIntl();
  const { user } = useAuth();
  return (
    <div className="home-feed">
      {user ? (
        <Block id="home-todo" title={t({ id: 'home.todo.title' })} more={<Link to="/protected">{t({ id: 'home.todo.all' })}</Link>}>
          <Todo user={user} />
        </Block>
      ) : null}
      <RunningProposals />
      <LatestLaw />
    </div>
  );
}
