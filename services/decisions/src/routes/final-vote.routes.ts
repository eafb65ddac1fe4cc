import { LawArticleParamsSchema, VoteAnswerSchema, VoteChoiceInputSchema, errorAnswers } from '@civic/contracts';
import type { ServiceApp } from '@civic/service-kit';
import { castBallot } from '../commands/cast-ballot.command.js';
import { withdrawBallot } from '../commands/withdraw-ballot.command.js';
import { voterOf, type DecisionsContext } from './context.js';
import { memberSecurity } from './member-change.js';

/** The final vote: ballots on articles and amendments, one statement each on the hot path. */
export async function finalVoteRoutes(app: ServiceApp, context: DecisionsContext): Promise<void> {
  const tags = ['laws'];

  app.put(
    '/api/laws/:id/articles/:articleId/vote',
    {
      schema: {
        tags,
        security: memberSecurity,
        summary: 'Cast or replace your vote on an article or amendment during the final vote (verified, not suspended). Answers the live counts',
        params: LawArticleParamsSchema,
        body: VoteChoiceInputSchema,
        response: { 200: VoteAnswerSchema, ...errorAnswers(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const counts = await castBallot(context, voterOf(request, context), request.params.id, request.params.articleId, request.body.vote);
      context.live.lawChanged(request.params.id);
      return { counts, myVote: request.body.vote };
    },
  );

  app.delete(
    '/api/laws/:id/articles/:articleId/vote',
    {
      schema: { tags, security: memberSecurity, summary: 'Take back your vote on an article or amendment during the final vote', params: LawArticleParamsSchema, response: { 200: VoteAnswerSchema, ...errorAnswers(400, 401, 403, 404) } },
    },
    async (request) => {
      const counts = await withdrawBallot(context, voterOf(request, context), request.params.id, request.params.articleId);
      context.live.lawChanged(request.params.id);
      return { counts, myVote: null };
    },
  );
}
