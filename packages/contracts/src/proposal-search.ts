/**
 * HTTP contract of the search of proposals and archived laws (docs/product.md#search): the similar
 * proposals and laws shown while a citizen writes a proposal. The proposals list searches with `q`
 * of ProposalQuerySchema (decisions.ts).
 */
import Type, { type Static } from 'typebox';
import { lawStates, proposalStates } from './decisions.js';
import { proposalCategories } from './enums.js';
import { DateTime, Id, literals, nullable } from './http-schemas.js';
import { SearchLimits } from './limits.js';


/** GET /api/proposals/similar query: the words typed, and the proposal being edited (left out of the answer). */
export const SimilarQuerySchema = Type.Object(
  {
    q: Type.String({ minLength: SearchLimits.similarQuery.min, maxLength: SearchLimits.similarQuery.max, pattern: '\\S' }),
    exclude: Type.Optional(Id),
  },
  { additionalProperties: false },
);
export type SimilarQuery = Static<typeof SimilarQuerySchema>;

export const SimilarProposalSchema = Type.Object({
  id: Id,
  title: Type.String(),
  category: literals(proposalCategories),
  state: literals(proposalStates),
  cycleId: Id,
});
export type SimilarProposal = Static<typeof SimilarProposalSchema>;

export const SimilarLawSchema = Type.Object({
  id: Id,
  title: Type.String(),
  category: literals(proposalCategories),
  /** adopted or rejected: only archived laws are searched. */
  state: literals(lawStates),
  archivedAt: nullable(DateTime),
});
export type SimilarLaw = Static<typeof SimilarLawSchema>;

/**
 * GET /api/proposals/similar: at most five visible proposals of the current cycle (open for
 * proposals, or in its vote on proposals) and five archived laws, best match first.
 */
export const SimilarAnswerSchema = Type.Object({ proposals: Type.Array(SimilarProposalSchema), laws: Type.Array(SimilarLawSchema) });
export type SimilarAnswer = Static<typeof SimilarAnswerSchema>;
