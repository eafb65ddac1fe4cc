/**
 * Search on the decision screens (docs/product.md#search): the words the proposal form sends while a
 * citizen types, the timing of its requests (a pause, stale answers dropped), where a result leads,
 * and the list's search kept in the address.
 */
import { jest } from '@jest/globals';
import { SearchLimits, type SimilarAnswer } from '@civic/contracts';
import { listSearchOf, SIMILAR_DEBOUNCE_MS, similarProposalPath, similarQuery, withListSearch } from '../src/ui/search/search-rules.js';
import { SimilarSearch, type SimilarState } from '../src/ui/search/similar-search.js';

const answer = (title: string): SimilarAnswer => ({
  proposals: [{ id: '00000000-0000-4000-8000-000000000001', title, category: 'transport', state: 'submitted', cycleId: '00000000-0000-4000-8000-000000000002' }],
  laws: [],
});

describe('the words sent for similar proposals', () => {
  it('stay within the bounds the service accepts', () => {
    expect(similarQuery('word '.repeat(200), 'more '.repeat(200))!.length).toBeLessThanOrEqual(SearchLimits.similarQuery.max);
    expect(listSearchOf(new URLSearchParams({ q: 'x'.repeat(400) })).q.length).toBeLessThanOrEqual(SearchLimits.listQuery.max);
  });

  it('waits for 3 characters, then sends the title and the start of the description, at most 300 characters', () => {
    expect(similarQuery('', '')).toBeNull();
    expect(similarQuery('  ve ', '')).toBeNull();
    expect(similarQuery('vél', '')).toBe('vél');
    expect(similarQuery('Vélos  en ville', 'Des pistes\ncyclables')).toBe('Vélos en ville Des pistes cyclables');
    expect(similarQuery('', 'Des pistes')).toBe('Des pistes');
    expect(similarQuery('t'.repeat(200), 'd'.repeat(600))!.length).toBe(300);
  });

  it('leads to the proposals screen searching the title, or to the vote once the proposal is in it', () => {
    expect(similarProposalPath({ title: 'Vélos & bus', state: 'submitted' })).toBe('/decisions/proposals?q=V%C3%A9los+%26+bus');
    expect(similarProposalPath({ title: 'Vélos', state: 'in-vote' })).toBe('/decisions/voting-on-proposals');
  });
});

describe('the timing of similar requests', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  function searcher(fetchSimilar: (query: string, signal: AbortSignal) => Promise<SimilarAnswer>) {
    const states: SimilarState[] = [];
    const search = new SimilarSearch(fetchSimilar, (state) => states.push(state));
    return { search, states };
  }

  it('asks once after a pause in typing, with the last text only', async () => {
    const fetchSimilar = jest.fn((query: string) => Promise.resolve(answer(query)));
    const { search, states } = searcher(fetchSimilar);
    for (const text of ['vel', 'velo', 'velos']) {
      search.change(text);
      jest.advanceTimersByTime(SIMILAR_DEBOUNCE_MS - 50);
    }
    expect(fetchSimilar).not.toHaveBeenCalled();
    jest.advanceTimersByTime(50);
    await Promise.resolve();
    await Promise.resolve();
    expect(fetchSimilar.mock.calls.map((call) => call[0])).toEqual(['velos']);
    expect(states).toEqual([{ status: 'loading', query: 'velos' }, { status: 'done', query: 'velos', answer: answer('velos') }]);
  });

  it('cancels the request of an older text: its late answer never replaces the newer one', async () => {
    const pending: Array<{ query: string; signal: AbortSignal; resolve: (answer: SimilarAnswer) => void }> = [];
    const { search, states } = searcher((query, signal) => new Promise((resolve) => pending.push({ query, signal, resolve })));
    search.change('bus');
    jest.advanceTimersByTime(SIMILAR_DEBOUNCE_MS);
    search.change('bus gratuits');
    expect(pending[0]!.signal.aborted).toBe(true);
    jest.advanceTimersByTime(SIMILAR_DEBOUNCE_MS);
    pending[1]!.resolve(answer('bus gratuits'));
    pending[0]!.resolve(answer('bus'));
    await Promise.resolve();
    await Promise.resolve();
    expect(states.at(-1)).toEqual({ status: 'done', query: 'bus gratuits', answer: answer('bus gratuits') });
    expect(states.some((state) => state.status === 'done' && state.query === 'bus')).toBe(false);
  });

  it('asks nothing for too short a text, reports a failure, and retries on demand', async () => {
    let fail = true;
    const fetchSimilar = jest.fn((query: string) => (fail ? Promise.reject(new Error('offline')) : Promise.resolve(answer(query))));
    const { search, states } = searcher(fetchSimilar);
    search.change('tr');
    search.change(null);
    jest.advanceTimersByTime(SIMILAR_DEBOUNCE_MS);
    expect(states).toEqual([{ status: 'idle' }]);
    expect(fetchSimilar).not.toHaveBeenCalled();
    search.change('tram');
    jest.advanceTimersByTime(SIMILAR_DEBOUNCE_MS);
    await Promise.resolve();
    await Promise.resolve();
    expect(states.at(-1)).toMatchObject({ status: 'error', query: 'tram' });
    fail = false;
    search.retry();
    await Promise.resolve();
    await Promise.resolve();
    expect(states.at(-1)).toEqual({ status: 'done', query: 'tram', answer: answer('tram') });
    search.change('tram');
    jest.advanceTimersByTime(SIMILAR_DEBOUNCE_MS);
    expect(fetchSimilar).toHaveBeenCalledTimes(2);
  });
});

describe('the list search in the address', () => {
  it('reads the words and a known category, ignoring an unknown one', () => {
    expect(listSearchOf(new URLSearchParams('q=v%C3%A9lo&category=transport'))).toEqual({ q: 'vélo', category: 'transport' });
    expect(listSearchOf(new URLSearchParams('category=weather'))).toEqual({ q: '', category: undefined });
  });

  it('sets one parameter and keeps the other, removing it when empty', () => {
    const params = new URLSearchParams('category=health');
    expect(withListSearch(params, 'q', 'bus').toString()).toBe('category=health&q=bus');
    expect(withListSearch(new URLSearchParams('q=bus&category=health'), 'q', '  ').toString()).toBe('category=health');
    expect(withListSearch(new URLSearchParams('q=bus'), 'category', '').toString()).toBe('q=bus');
    expect(params.toString()).toBe('category=health');
  });
});
