import { useCallback, useEffect, useId, useState } from 'react';
import { useIntl } from 'react-intl';
import { useSearchParams } from 'react-router-dom';
import { CategoryOptions } from '../FormParts.js';
import { listSearchOf, SEARCH_MAX_CHARACTERS, SIMILAR_DEBOUNCE_MS, withListSearch } from './search-rules.js';
import './search.css';

/**
 * The proposals list's search: words and a category, both kept in the address (`?q=&category=`).
 * The words are written to the address after a pause (or at once on Enter); the category at once.
 */
export function ProposalSearchBar() {
  const { formatMessage: t } = useIntl();
  const filterId = useId();
  const searchId = useId();
  const [params, setParams] = useSearchParams();
  const { q, category } = listSearchOf(params);
  // What is typed in the search box, written to the address after a pause (or at once on Enter). The
  // box follows the address only when someone else changed it (back, a link): the words this box wrote
  // come back after a few more keys may have been pressed, and those must not be lost.
  const [typed, setTyped] = useState(q);
  const [seenQ, setSeenQ] = useState(q);
  const [writtenQ, setWrittenQ] = useState<string | null>(null);
  if (q !== seenQ) {
    setSeenQ(q);
    if (q !== writtenQ) setTyped(q);
  }
  const writeWords = useCallback(
    (value: string) => {
      setWrittenQ(value.trim() ? value : '');
      setParams(withListSearch(params, 'q', value), { replace: true });
    },
    [params, setParams],
  );
  useEffect(() => {
    if (typed === q) return;
    // Restarted by a change of the category too, so that the words are written over the address as it now is.
    const timer = setTimeout(() => writeWords(typed), SIMILAR_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [typed, q, writeWords]);
  const setCategory = (value: string) => setParams(withListSearch(params, 'category', value), { replace: true });

  return (
    <form
      role="search"
      aria-label={t({ id: 'decisions.search.region' })}
      className="search-bar"
      onSubmit={(event) => {
        event.preventDefault();
        writeWords(typed);
      }}
    >
      <div className="field search-bar__words">
        <label htmlFor={searchId}>{t({ id: 'decisions.search.label' })}</label>
        <input
          id={searchId}
          type="search"
          name="q"
          value={typed}
          maxLength={SEARCH_MAX_CHARACTERS}
          placeholder={t({ id: 'decisions.search.hint' })}
          onChange={(event) => setTyped(event.target.value)}
        />
      </div>
      <div className="field decisions-filter">
        <label htmlFor={filterId}>{t({ id: 'decisions.proposals.filter' })}</label>
        <select id={filterId} value={category ?? ''} onChange={(event) => setCategory(event.target.value)}>
          <CategoryOptions none={t({ id: 'decisions.proposals.allCategories' })} />
        </select>
      </div>
    </form>
  );
}
