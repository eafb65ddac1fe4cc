import Type, { type TSchema } from 'typebox';
import {
  CandidatesParamsSchema,
  CandidateViewSchema,
  CandidateVoteDeletionSchema,
  CandidateVoteInputSchema,
  CandidateVoteListSchema,
  CandidateVotesParamsSchema,
  ErrorMessages,
  type CandidateTo,
  type ErrorBody,
  errorAnswers,
} from '@civic/contracts';
import { AppError, isOutage, sameUserAsPath, type ServiceApp } from '@civic/service-kit';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { castVote } from '../commands/cast-vote.command.js';
import { withdrawVote } from '../commands/withdraw-vote.command.js';
import { withCandidateMay } from '../domain/permitted-actions.js';
import { openMonth, voterOf, type ElectionsContext } from './context.js';

/**
 * Every failure of casting or taking back a vote answers the catalogue's code 'updateKO' (docs/product.md#elections),
 * with the precise reason in `data`, under the HTTP status that fits.
 */
function updateKO(error: FastifyError | AppError | Error, request: FastifyRequest, reply: FastifyReply) {
  const send = (statusCode: number, data?: unknown) => {
    const body: ErrorBody = { statusCode, statusMessage: ErrorMessages.updateKO };
    if (data !== undefined) body.data = data;
    return reply.status(statusCode).send(body);
  };
  if (error instanceof AppError) {
    const extra = typeof error.data === 'object' && error.data !== null ? error.data : {};
    return send(error.statusCode, { reason: error.key, ...extra });
  }
  const fastifyError = error as FastifyError & { validation?: unknown[]; validationContext?: string };
  if (fastifyError.validation) return send(400, { reason: 'badRequest', in: fastifyError.validationContext, errors: fastifyError.validation });
  const status = fastifyError.statusCode;
  if (status !== undefined && status >= 400 && status < 500) return send(status, { reason: fastifyError.code ?? 'badRequest' });
  if (isOutage(error)) {
    request.log.warn({ err: error }, 'dependency unavailable');
    reply.header('retry-after', '5');
    return send(503, { reason: 'serviceUnavailable' });
  }
  request.log.error({ err: error }, 'unhandled error');
  return send(500);
}

/** Candidates of this month's election and the votes on them (docs/product.md#calls). */
export async function candidatesRoutes(app: ServiceApp, context: ElectionsContext): Promise<void> {
  const tags = ['candidates'];
  const security: Record<string, string[]>[] = [{ accessCookie: [] }, { bearer: [] }];

  app.get(
    '/api/candidates/:type',
    {
      schema: {
        tags,
        summary:
          "This month's candidates for a role (1 moderator, 2 scribe, 3 great wise) with their totals, best first (ties to the earlier candidacy), each with what the caller may do (`may`)",
        params: CandidatesParamsSchema,
        response: { 200: Type.Array(CandidateViewSchema), ...errorAnswers(400) },
      },
    },
    async (request) => {
      const [voter, candidates] = await Promise.all([voterOf(request, context), context.candidacies.candidates(request.params.type as CandidateTo, openMonth(context))]);
      const now = context.clock();
      return candidates.map((candidate) => withCandidateMay(voter, candidate, now));
    },
  );

  app.get(
    '/api/candidates/votes/:userId',
    {
      preHandler: sameUserAsPath,
      schema: {
        tags,
        security,
        summary: "The user's own votes of this month (the user themself only)",
        params: CandidateVotesParamsSchema,
        response: { 200: CandidateVoteListSchema, ...errorAnswers(400, 401, 403) },
      },
    },
    async (request) => context.candidacies.votesOf(request.params.userId, openMonth(context)),
  );

  /** Casting and taking back a vote answer the caller's votes of this month, or 'updateKO'. */
  const voteChange = <Body extends TSchema>(summary: string, body: Body) => ({
    errorHandler: updateKO,
    schema: { tags, security, summary, body, response: { 200: CandidateVoteListSchema, ...errorAnswers(400, 401, 403, 404, 409) } },
  });

  app.post(
    '/api/candidates/votes',
    voteChange(
      "Vote +1 or -1 for a candidate of this month, replacing the caller's earlier vote for the same candidate and role; logged-in, verified, non-suspended users, as themselves, not for themselves. Without userId or candidateTo nothing happens (empty list). Failures answer 'updateKO'",
      CandidateVoteInputSchema,
    ),
    async (request) => castVote(context, () => voterOf(request, context), request.body, openMonth(context)),
  );

  app.delete(
    '/api/candidates/votes',
    voteChange(
      "Take back the caller's vote for a candidate and role (its contribution becomes 0). Without userId or candidateTo nothing happens (empty list). Failures answer 'updateKO'",
      CandidateVoteDeletionSchema,
    ),
    async (request) => withdrawVote(context, () => voterOf(request, context), request.body, openMonth(context)),
  );
}
