/**
 * The pure rules of search on the decision screens (docs/product.md#search): what the proposal form
 * asks for while a citizen writes, where a result leads, and the words and category of the proposals
 * list kept in the address.
 */
import { proposalCategories, SearchLimits, type ProposalCategory, type SimilarProposal } from '@civic/contracts';
import { phaseScreens } from '../../messages.js';

/** The most characters the service searches. */
export const SEARCH_MAX_CHARACTERS = SearchLimits.listQuery.max;
/** Fewer characters than this find everything and nothing: the panel waits for a word. */
export const SIMILAR_MIN_CHARACTERS = 3;
/** The pause in typing after which the panel asks (each key pressed before it restarts the wait). */
export const SIMILAR_DEBOUNCE_MS = 250;

/**
 * The words sent for similar proposals: the title, then the start of the description, at most the
 * service's maximum; null while there is too little to search.
 */
export function similarQuery(title: string, description: string): string | null {
  const text = [title.trim(), description.trim()].filter(Boolean).join(' ').replace(/\s+/g, ' ');
  if (text.length < SIMILAR_MIN_CHARACTERS) return null;
  return text.slice(0, SEARCH_MAX_CHARACTERS).trim();
}

/**
 * Where a similar proposal is read: the proposals screen searching its title while the cycle takes
 * proposals, the vote on proposals once they are in it.
 */
export function similarProposalPath(proposal: Pick<SimilarProposal, 'title' | 'state'>): string {
  if (proposal.state === 'in-vote') return phaseScreens.voting;
  return `${phaseScreens.proposals}?${new URLSearchParams({ q: proposal.title }).toString()}`;
}

const isCategory = (value: string | null): value is ProposalCategory => (proposalCategories as readonly (string | null)[]).includes(value);

/** The search of the proposals list as the address says it: words (at most the maximum) and a known category. */
export function listSearchOf(params: URLSearchParams): { q: string; category: ProposalCategory | undefined } {
  const category = params.get('category');
  return { q: (params.get('q') ?? '').slice(0, SEARCH_MAX_CHARACTERS), category: isCategory(category) ? category : undefined };
}

/** The address parameters with one of the search's set, or removed when empty; the others are kept. */
export function withListSearch(params: URLSearchParams, name: 'q' | 'category', value: string): URLSearchParams {
  const next = new URLSearchParams(params);
  if (value.trim()) next.set(name, value);
  else next.delete(name);
  return next;
}
