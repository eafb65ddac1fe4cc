import type { Proposal, ProposalState } from '@civic/contracts';
import { AppError, notFound, requireUser, type ServiceApp } from '@civic/service-kit';
import type { FastifyRequest } from 'fastify';
import {
  isHidden,
  mayDelete,
  mayEdit,
  mayParticipate,
  mayPin,
  mayResubmit,
  maySignal,
  type Caller,
  type Refusal,
} from '../domain/proposal-rules.js';
import { callerOf, type DecisionsContext } from './context.js';
import {
  errors,
  IdParams,
  KanbanSchema,
  PinBody,
  ProposalInputSchema,
  ProposalListSchema,
  ProposalQuery,
  ProposalSchema,
  VoteAnswerSchema,
  VoteBody,
} from './schemas.js';

const refused = (refusal: Refusal | null) => {
  if (refusal) throw new AppError(refusal.key, refusal.status, { reason: refusal.reason });
};

const boardStates: ProposalState[] = ['submitted', 'second-chance', 'in-vote', 'selected'];

/** Proposals: reads for everyone, changes by their author, signals, moderation, and the vote on them. */
export async function proposalsRoutes(app: ServiceApp, context: DecisionsContext): Promise<void> {
  const tags = ['proposals'];
  const security: Record<string, string[]>[] = [{ accessCookie: [] }, { bearer: [] }];

  /** The proposal as the caller may see it: hidden ones only to their author and moderators. */
  async function visible(id: string, request: FastifyRequest, caller?: Caller): Promise<Proposal> {
    const proposal = await context.proposals.byId(id, request.user?.id ?? null);
    if (!proposal) throw notFound();
    if (isHidden(proposal.state) && request.user?.id !== proposal.userId && !caller?.moderator) throw notFound();
    return proposal;
  }

  async function reread(id: string, viewerId: string): Promise<Proposal> {
    const proposal = await context.proposals.byId(id, viewerId);
    if (!proposal) throw notFound();
    return proposal;
  }

  app.get(
    '/api/proposals',
    {
      schema: {
        tags,
        summary: 'Visible proposals: by default those of the cycle open for proposals; an author may list their own rejected or deleted ones',
        querystring: ProposalQuery,
        response: { 200: ProposalListSchema, ...errors(400) },
      },
    },
    async (request) => {
      const { cycleId, category, state } = request.query;
      const viewer = request.user?.id ?? null;
      const cycle = cycleId ? await context.cycles.byId(cycleId) : state ? null : await context.cycles.inPhase('proposals');
      const now = context.clock();
      const phaseEndsAt = cycle?.phaseEndsAt?.toISOString() ?? null;
      const countdown = { serverTime: now.toISOString(), phaseEndsAt, nextStepAt: phaseEndsAt };
      if ((cycleId && !cycle) || (!cycleId && !state && !cycle)) return { proposals: [], countdown };
      if (state && isHidden(state)) {
        // Hidden proposals stay out of every list but their author's own.
        if (!viewer) return { proposals: [], countdown };
        return { proposals: await context.proposals.list({ cycleId: cycle?.id, category, state, userId: viewer, includeHidden: true }, viewer), countdown };
      }
      return { proposals: await context.proposals.list({ cycleId: cycle?.id, category, state }, viewer), countdown };
    },
  );

  app.get(
    '/api/proposals/:id',
    { schema: { tags, summary: 'One proposal with its live counts', params: IdParams, response: { 200: ProposalSchema, ...errors(400, 404) } } },
    async (request) => {
      const caller = request.user ? await callerOf(request, context) : undefined;
      return visible(request.params.id, request, caller);
    },
  );

  app.post(
    '/api/proposals',
    {
      schema: {
        tags,
        security,
        summary: 'Submit a proposal in the cycle open for proposals (verified, not suspended; one per user per interval; a maximum per cycle)',
        body: ProposalInputSchema,
        response: { 201: ProposalSchema, ...errors(400, 401, 403, 409, 429) },
      },
    },
    async (request, reply) => {
      const caller = await callerOf(request, context);
      refused(mayParticipate(caller));
      const id = await context.proposals.create({ ...request.body, userId: caller.id, now: context.clock(), ...context.limits });
      return reply.status(201).send(await reread(id, caller.id));
    },
  );

  app.put(
    '/api/proposals/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Edit a proposal: its author before its vote, or a moderator once it is signalled',
        params: IdParams,
        body: ProposalInputSchema,
        response: { 200: ProposalSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const caller = await callerOf(request, context);
      const proposal = await visible(request.params.id, request, caller);
      refused(mayEdit(caller, proposal));
      const byModerator = caller.id !== proposal.userId;
      await context.proposals.edit(proposal.id, request.body, { id: caller.id, authorId: proposal.userId, byModerator }, proposal.state, context.clock());
      return reread(proposal.id, caller.id);
    },
  );

  app.delete(
    '/api/proposals/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Delete a proposal (kept for audit, hidden): its author, or a moderator once it is signalled',
        params: IdParams,
        response: { 204: { type: 'null' }, ...errors(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const caller = await callerOf(request, context);
      const proposal = await visible(request.params.id, request, caller);
      refused(mayDelete(caller, proposal));
      const byModerator = caller.id !== proposal.userId;
      await context.proposals.remove(proposal.id, { id: caller.id, authorId: proposal.userId, byModerator }, proposal.state, context.clock());
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/proposals/:id/resubmit',
    {
      schema: {
        tags,
        security,
        summary: 'Its author puts a rejected or self-deleted proposal back into the cycle open for proposals',
        params: IdParams,
        response: { 200: ProposalSchema, ...errors(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request) => {
      const caller = await callerOf(request, context);
      const proposal = await visible(request.params.id, request, caller);
      refused(mayResubmit(caller, proposal));
      await context.proposals.resubmit(proposal.id, caller.id, context.clock(), context.limits.intervalMs, context.limits.maxPerCycle);
      return reread(proposal.id, caller.id);
    },
  );

  app.post(
    '/api/proposals/:id/signal',
    {
      schema: {
        tags,
        security,
        summary: 'Signal a proposal to the moderators (any member but its author, once)',
        params: IdParams,
        response: { 200: ProposalSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const caller = await callerOf(request, context);
      const proposal = await visible(request.params.id, request, caller);
      refused(maySignal(caller, proposal));
      await context.proposals.signal(proposal.id, caller.id, proposal.userId, context.clock());
      return reread(proposal.id, caller.id);
    },
  );

  app.put(
    '/api/proposals/:id/pin',
    {
      schema: { tags, security, summary: 'Pin or unpin a proposal (moderators)', params: IdParams, body: PinBody, response: { 200: ProposalSchema, ...errors(400, 401, 403, 404) } },
    },
    async (request) => {
      const caller = await callerOf(request, context);
      const proposal = await visible(request.params.id, request, caller);
      refused(mayPin(caller, proposal));
      await context.proposals.pin(proposal.id, request.body.pin);
      return reread(proposal.id, caller.id);
    },
  );

  /** Why a vote statement changed nothing: the proposal, the voter, or the phase. */
  async function voteRefusal(request: FastifyRequest, id: string): Promise<never> {
    const caller = await callerOf(request, context);
    refused(mayParticipate(caller));
    const proposal = await context.proposals.byId(id, caller.id);
    if (!proposal || isHidden(proposal.state)) throw notFound();
    throw new AppError('unauthorizedAction', 403, { reason: 'vote-not-open' });
  }

  app.put(
    '/api/proposals/:id/vote',
    {
      schema: {
        tags,
        security,
        summary:
          'Cast or replace your vote on a proposal in its vote (verified, not suspended). One vote per user and proposal; retrying is harmless. Answers the live counts',
        params: IdParams,
        body: VoteBody,
        response: { 200: VoteAnswerSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      // The token's verified claim spares a projection read on the hot path; suspension is checked in the statement.
      if (!user.verified) refused(mayParticipate(await callerOf(request, context)));
      const counts = await context.votes.cast(request.params.id, user.id, request.body.vote, context.clock());
      if (!counts) return voteRefusal(request, request.params.id);
      return { counts, myVote: request.body.vote };
    },
  );

  app.delete(
    '/api/proposals/:id/vote',
    {
      schema: {
        tags,
        security,
        summary: 'Take back your vote on a proposal in its vote',
        params: IdParams,
        response: { 200: VoteAnswerSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      if (!user.verified) refused(mayParticipate(await callerOf(request, context)));
      const counts = await context.votes.withdraw(request.params.id, user.id, context.clock());
      if (!counts) return voteRefusal(request, request.params.id);
      return { counts, myVote: null };
    },
  );

  app.get(
    '/api/kanban/proposals',
    { schema: { tags, summary: 'The proposals board: one column per visible state', response: { 200: KanbanSchema } } },
    async (request) => {
      const viewer = request.user?.id ?? null;
      const columns = await Promise.all(boardStates.map(async (state) => ({ state, proposals: await context.proposals.list({ state }, viewer) })));
      return { columns };
    },
  );
}
