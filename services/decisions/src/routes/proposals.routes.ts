import {
  DecisionsIdParamsSchema,
  DecisionsPinInputSchema,
  ProposalEditInputSchema,
  ProposalInputSchema,
  ProposalKanbanSchema,
  ProposalListSchema,
  ProposalQuerySchema,
  ProposalQuotaSchema,
  ProposalSchema,
  VoteAnswerSchema,
  VoteChoiceInputSchema,
  type Proposal,
  type ProposalState,
  type PublicProposal,
  errorAnswers,
} from '@civic/contracts';
import { notFound, requireUser, type ServiceApp } from '@civic/service-kit';
import type { FastifyRequest } from 'fastify';
import { castProposalVote } from '../commands/cast-proposal-vote.command.js';
import { createProposal } from '../commands/create-proposal.command.js';
import { deleteProposal } from '../commands/delete-proposal.command.js';
import { editProposal } from '../commands/edit-proposal.command.js';
import { pinProposal } from '../commands/pin-proposal.command.js';
import { visibleProposal } from '../commands/proposal-access.js';
import { resubmitProposal } from '../commands/resubmit-proposal.command.js';
import { signalProposal } from '../commands/signal-proposal.command.js';
import { withdrawProposalVote } from '../commands/withdraw-proposal-vote.command.js';
import { withProposalMay } from '../domain/permitted-actions.js';
import { cycleFull, isHidden, nextSubmissionAt, type Caller } from '../domain/proposal-rules.js';
import { searchTerms } from '../domain/search-query.js';
import { callerOf, viewerOf, voterOf, type DecisionsContext } from './context.js';
import { memberChange, memberSecurity } from './member-change.js';

const boardStates: ProposalState[] = ['submitted', 'second-chance', 'in-vote', 'selected'];
/**
 * Cards per column of the board: the selected column spans every cycle (tens of thousands of
 * proposals once the archive is large), so each column shows its first 100 in the list order.
 */
const BOARD_COLUMN_LIMIT = 100;

/** Proposals: reads for everyone, changes by their author, signals, moderation, and the vote on them. */
export async function proposalsRoutes(app: ServiceApp, context: DecisionsContext): Promise<void> {
  const tags = ['proposals'];

  /** The proposal as a visitor may see it: hidden ones never. */
  async function visibleToVisitor(id: string): Promise<Proposal> {
    const proposal = await context.proposals.byId(id, null);
    if (!proposal || isHidden(proposal.state)) throw notFound();
    return withProposalMay(null, proposal);
  }

  /** The proposal as the caller now sees it, after their change. */
  async function reread(id: string, caller: Caller): Promise<Proposal> {
    const proposal = await context.proposals.byId(id, caller.id);
    if (!proposal) throw notFound();
    return withProposalMay(caller, proposal);
  }

  /** The proposals read for `viewer`, each with what they may do with it. */
  const forViewer = (viewer: Caller | null, proposals: readonly PublicProposal[]): Proposal[] => proposals.map((proposal) => withProposalMay(viewer, proposal));

  app.get(
    '/api/proposals',
    {
      schema: {
        tags,
        summary: 'Visible proposals: by default those of the cycle open for proposals; an author may list their own rejected or deleted ones; `q` keeps those holding every word, best match first',
        querystring: ProposalQuerySchema,
        response: { 200: ProposalListSchema, ...errorAnswers(400) },
      },
    },
    async (request) => {
      const { cycleId, category, state, q } = request.query;
      // Words made only of stop words search nothing: the list stays whole, as with no words.
      const terms = q ? searchTerms(q) : undefined;
      const viewer = request.user?.id ?? null;
      const [cycle, reader] = await Promise.all([
        cycleId ? context.cycles.byId(cycleId) : state ? null : context.cycles.inPhase('proposals'),
        viewerOf(request, context),
      ]);
      const now = context.clock();
      const phaseEndsAt = cycle?.phaseEndsAt?.toISOString() ?? null;
      const countdown = { serverTime: now.toISOString(), phaseEndsAt, nextStepAt: phaseEndsAt };
      if ((cycleId && !cycle) || (!cycleId && !state && !cycle)) return { proposals: [], countdown };
      if (state && isHidden(state)) {
        // Hidden proposals stay out of every list but their author's own.
        if (!viewer) return { proposals: [], countdown };
        const own = await context.proposals.list({ cycleId: cycle?.id, category, state, terms, userId: viewer, includeHidden: true }, viewer);
        return { proposals: forViewer(reader, own), countdown };
      }
      return { proposals: forViewer(reader, await context.proposals.list({ cycleId: cycle?.id, category, state, terms }, viewer)), countdown };
    },
  );

  app.get(
    '/api/proposals/quota',
    {
      schema: {
        tags,
        security: memberSecurity,
        summary: 'When the caller may propose again (one proposal per interval; deleting a proposal gives nothing back), and whether the open cycle is full',
        response: { 200: ProposalQuotaSchema, ...errorAnswers(401) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const { lastSubmittedAt, openCycleProposals } = await context.proposals.submissionFacts(user.id);
      return {
        lastProposalAt: lastSubmittedAt?.toISOString() ?? null,
        nextProposalAt: nextSubmissionAt(lastSubmittedAt, context.clock(), context.limits.intervalMs)?.toISOString() ?? null,
        cycleFull: openCycleProposals !== null && cycleFull(openCycleProposals, context.limits.maxPerCycle),
      };
    },
  );

  app.get(
    '/api/proposals/:id',
    { schema: { tags, summary: 'One proposal with its live counts', params: DecisionsIdParamsSchema, response: { 200: ProposalSchema, ...errorAnswers(400, 404) } } },
    async (request) => {
      if (!request.user) return visibleToVisitor(request.params.id);
      const caller = await callerOf(request, context);
      return withProposalMay(caller, await visibleProposal(context, request.params.id, caller));
    },
  );

  /** The proposal of the route as the caller now sees it. */
  const proposal = { schema: ProposalSchema, view: (request: FastifyRequest & { params: { id: string } }, caller: Caller) => reread(request.params.id, caller) };

  memberChange(app, context, {
    method: 'POST',
    url: '/api/proposals',
    tags,
    summary: 'Submit a proposal in the cycle open for proposals (verified, not suspended; one per user per interval, 429; a maximum per cycle, 409 Too many proposals)',
    body: ProposalInputSchema,
    multilineFields: ['description'],
    refusals: [400, 401, 403, 409, 429],
    change: (caller, { body }) => createProposal(context, caller, body),
    live: (_request, id) => context.live.proposalChanged(id),
    answer: { status: 201, schema: ProposalSchema, view: (_request, caller, id) => reread(id, caller) },
  });

  memberChange(app, context, {
    method: 'PUT',
    url: '/api/proposals/:id',
    tags,
    summary: 'Edit a proposal: its author before its vote, or a moderator once it is signalled (giving a reason, else 400 reasonRequired)',
    params: DecisionsIdParamsSchema,
    body: ProposalEditInputSchema,
    multilineFields: ['description'],
    change: (caller, { params, body }) => editProposal(context, caller, params.id, body),
    live: ({ params }) => context.live.proposalChanged(params.id),
    answer: proposal,
  });

  memberChange(app, context, {
    method: 'DELETE',
    url: '/api/proposals/:id',
    tags,
    summary: 'Delete a proposal (kept for audit, hidden): its author, or a moderator once it is signalled',
    params: DecisionsIdParamsSchema,
    change: (caller, { params }) => deleteProposal(context, caller, params.id),
    live: ({ params }) => context.live.proposalChanged(params.id),
  });

  memberChange(app, context, {
    method: 'POST',
    url: '/api/proposals/:id/resubmit',
    tags,
    summary: 'Its author puts a rejected or self-deleted proposal back into the cycle open for proposals',
    params: DecisionsIdParamsSchema,
    refusals: [400, 401, 403, 404, 409, 429],
    change: (caller, { params }) => resubmitProposal(context, caller, params.id),
    live: ({ params }) => context.live.proposalChanged(params.id),
    answer: proposal,
  });

  memberChange(app, context, {
    method: 'POST',
    url: '/api/proposals/:id/signal',
    tags,
    summary: 'Signal a proposal to the moderators (any member but its author, once)',
    params: DecisionsIdParamsSchema,
    change: (caller, { params }) => signalProposal(context, caller, params.id),
    answer: proposal,
  });

  memberChange(app, context, {
    method: 'PUT',
    url: '/api/proposals/:id/pin',
    tags,
    summary: 'Pin or unpin a proposal (moderators)',
    params: DecisionsIdParamsSchema,
    body: DecisionsPinInputSchema,
    change: (caller, { params, body }) => pinProposal(context, caller, params.id, body.pin),
    live: ({ params }) => context.live.proposalChanged(params.id),
    answer: proposal,
  });

  app.put(
    '/api/proposals/:id/vote',
    {
      schema: {
        tags,
        security: memberSecurity,
        summary:
          'Cast or replace your vote on a proposal in its vote (verified, not suspended). One vote per user and proposal; retrying is harmless. Answers the live counts',
        params: DecisionsIdParamsSchema,
        body: VoteChoiceInputSchema,
        response: { 200: VoteAnswerSchema, ...errorAnswers(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const counts = await castProposalVote(context, voterOf(request, context), request.params.id, request.body.vote);
      context.live.proposalVoted(request.params.id);
      return { counts, myVote: request.body.vote };
    },
  );

  app.delete(
    '/api/proposals/:id/vote',
    {
      schema: {
        tags,
        security: memberSecurity,
        summary: 'Take back your vote on a proposal in its vote',
        params: DecisionsIdParamsSchema,
        response: { 200: VoteAnswerSchema, ...errorAnswers(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const counts = await withdrawProposalVote(context, voterOf(request, context), request.params.id);
      context.live.proposalVoted(request.params.id);
      return { counts, myVote: null };
    },
  );

  app.get(
    '/api/kanban/proposals',
    { schema: { tags, summary: 'The proposals board: one column per visible state', response: { 200: ProposalKanbanSchema } } },
    async (request) => {
      const viewer = request.user?.id ?? null;
      const [columns, reader] = await Promise.all([
        Promise.all(boardStates.map(async (state) => ({ state, proposals: await context.proposals.list({ state }, viewer, BOARD_COLUMN_LIMIT) }))),
        viewerOf(request, context),
      ]);
      return { columns: columns.map((column) => ({ ...column, proposals: forViewer(reader, column.proposals) })) };
    },
  );
}
