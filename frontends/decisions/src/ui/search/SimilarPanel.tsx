import { useEffect, useId, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { Button } from '@civic/frontend-kit/design';
import { searchApi } from '../../api/search.js';
import { categoryMessages } from '../../messages.js';
import { lawPath } from '../LawMeta.js';
import { similarProposalPath, similarQuery } from './search-rules.js';
import { SimilarSearch, type SimilarState } from './similar-search.js';
import './search.css';

/** The similar proposals and laws of the text being written, asked after a pause in typing. */
function useSimilar(title: string, description: string, excludeId: string | undefined): { state: SimilarState; retry: () => void } {
  const [state, setState] = useState<SimilarState>({ status: 'idle' });
  const search = useRef<SimilarSearch | null>(null);
  useEffect(() => {
    const created = new SimilarSearch((q, signal) => searchApi.similar(q, excludeId, signal), setState);
    search.current = created;
    return () => created.cancel();
  }, [excludeId]);
  const query = similarQuery(title, description);
  useEffect(() => search.current?.change(query), [query, excludeId]);
  return { state, retry: () => search.current?.retry() };
}

/**
 * "Similar proposals and laws", beside the proposal form (below it on narrow screens): what the
 * current cycle and the archive already hold on the subject being typed, so that a citizen can join
 * an existing proposal rather than repeat it. Announced politely to screen readers.
 */
export function SimilarPanel({ title, description, excludeId }: { title: string; description: string; excludeId?: string }) {
  const { formatMessage: t } = useIntl();
  const headingId = useId();
  const { state, retry } = useSimilar(title, description, excludeId);

  let body;
  if (state.status === 'idle') body = <p className="decisions-muted">{t({ id: 'decisions.similar.hint' })}</p>;
  else if (state.status === 'loading') body = <p className="decisions-muted">{t({ id: 'decisions.similar.loading' })}</p>;
  else if (state.status === 'error')
    body = (
      <p className="notice notice--warning">
        {t({ id: 'decisions.similar.error' })}{' '}
        <Button size="sm" variant="secondary" onClick={retry}>
          {t({ id: 'decisions.similar.retry' })}
        </Button>
      </p>
    );
  else if (state.answer.proposals.length === 0 && state.answer.laws.length === 0) body = <p className="decisions-muted">{t({ id: 'decisions.similar.empty' })}</p>;
  else
    body = (
      <>
        <SimilarGroup
          kind="proposals"
          title={t({ id: 'decisions.similar.proposals' })}
          items={state.answer.proposals.map((proposal) => ({ id: proposal.id, to: similarProposalPath(proposal), title: proposal.title, meta: t(categoryMessages[proposal.category]) }))}
        />
        <SimilarGroup
          kind="laws"
          title={t({ id: 'decisions.similar.laws' })}
          items={state.answer.laws.map((law) => {
            const outcome = t(law.state === 'adopted' ? { id: 'decisions.similar.adopted' } : { id: 'decisions.similar.rejected' });
            return { id: law.id, to: lawPath(law), title: law.title, meta: `${outcome} · ${t(categoryMessages[law.category])}` };
          })}
        />
      </>
    );

  return (
    <aside className="search-similar" aria-labelledby={headingId} data-similar-status={state.status}>
      <h3 id={headingId} className="search-similar__title">
        {t({ id: 'decisions.similar.title' })}
      </h3>
      <div aria-live="polite" aria-busy={state.status === 'loading'}>
        {body}
      </div>
    </aside>
  );
}

/** One kind of similar text (proposals, laws): its heading and its links, each with a word about it. */
function SimilarGroup({ kind, title, items }: { kind: 'proposals' | 'laws'; title: string; items: { id: string; to: string; title: string; meta: string }[] }) {
  if (items.length === 0) return null;
  return (
    <>
      <h4 className="search-similar__group">{title}</h4>
      <ul className="search-similar__list" data-similar={kind}>
        {items.map((item) => (
          <li key={item.id}>
            <Link to={item.to}>{item.title}</Link>
            <span className="search-similar__meta">{item.meta}</span>
          </li>
        ))}
      </ul>
    </>
  );
}
