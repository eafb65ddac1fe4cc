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

const messages = {
  title: { id: 'decisions.similar.title' },
  hint: { id: 'decisions.similar.hint' },
  loading: { id: 'decisions.similar.loading' },
  empty: { id: 'decisions.similar.empty' },
  error: { id: 'decisions.similar.error' },
  retry: { id: 'decisions.similar.retry' },
  proposals: { id: 'decisions.similar.proposals' },
  laws: { id: 'decisions.similar.laws' },
  adopted: { id: 'decisions.similar.adopted' },
  rejected: { id: 'decisions.similar.rejected' },
};

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
  if (state.status === 'idle') body = <p className="decisions-muted">{t(messages.hint)}</p>;
  else if (state.status === 'loading') body = <p className="decisions-muted">{t(messages.loading)}</p>;
  else if (state.status === 'error')
    body = (
      <p className="notice notice--warning">
        {t(messages.error)}{' '}
        <Button size="sm" variant="secondary" onClick={retry}>
          {t(messages.retry)}
        </Button>
      </p>
    );
  else if (state.answer.proposals.length === 0 && state.answer.laws.length === 0) body = <p className="decisions-muted">{t(messages.empty)}</p>;
  else
    body = (
      <>
        {state.answer.proposals.length ? (
          <>
            <h4 className="search-similar__group">{t(messages.proposals)}</h4>
            <ul className="search-similar__list" data-similar="proposals">
              {state.answer.proposals.map((proposal) => (
                <li key={proposal.id}>
                  <Link to={similarProposalPath(proposal)}>{proposal.title}</Link>
                  <span className="search-similar__meta">{t(categoryMessages[proposal.category])}</span>
                </li>
              ))}
            </ul>
          </>
        ) : null}
        {state.answer.laws.length ? (
          <>
            <h4 className="search-similar__group">{t(messages.laws)}</h4>
            <ul className="search-similar__list" data-similar="laws">
              {state.answer.laws.map((law) => (
                <li key={law.id}>
                  <Link to={lawPath(law)}>{law.title}</Link>
                  <span className="search-similar__meta">
                    {t(law.state === 'adopted' ? messages.adopted : messages.rejected)} · {t(categoryMessages[law.category])}
                  </span>
                </li>
              ))}
            </ul>
          </>
        ) : null}
      </>
    );

  return (
    <aside className="search-similar" aria-labelledby={headingId} data-similar-status={state.status}>
      <h3 id={headingId} className="search-similar__title">
        {t(messages.title)}
      </h3>
      <div aria-live="polite" aria-busy={state.status === 'loading'}>
        {body}
      </div>
    </aside>
  );
}
