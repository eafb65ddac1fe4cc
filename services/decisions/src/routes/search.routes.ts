import { SearchLimits, SimilarAnswerSchema, SimilarQuerySchema, errorAnswers } from '@civic/contracts';
import type { ServiceApp } from '@civic/service-kit';
import { MAX_SIMILAR_TERMS, searchTerms } from '../domain/search-query.js';
import type { ProposalSearchRepository } from '../store/proposal-search.repository.js';

/** What resembles a proposal being written (docs/product.md#search): public, as the proposals and the archive are. */
export async function searchRoutes(app: ServiceApp, search: ProposalSearchRepository): Promise<void> {
  app.get(
    '/api/proposals/similar',
    {
      schema: {
        tags: ['proposals'],
        summary:
          'Proposals of the current cycle (open for proposals or in its vote) and archived laws resembling the words given (a title being typed), at most five of each, best first; `exclude` leaves out the proposal being edited',
        querystring: SimilarQuerySchema,
        response: { 200: SimilarAnswerSchema, ...errorAnswers(400) },
      },
    },
    async (request) => {
      const terms = searchTerms(request.query.q, MAX_SIMILAR_TERMS);
      // Only stop words or punctuation: nothing to look for.
      if (terms.length === 0) return { proposals: [], laws: [] };
      const [proposals, laws] = await Promise.all([
        search.similarProposals(terms, SearchLimits.similarResults, request.query.exclude ?? null),
        search.similarLaws(terms, SearchLimits.similarResults),
      ]);
      return { proposals, laws };
    },
  );
}
