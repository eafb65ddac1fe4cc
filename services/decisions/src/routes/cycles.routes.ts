import { CycleDetailSchema, CycleListSchema, DecisionsIdParamsSchema, StartRuleStatusSchema, VotingViewSchema, errorAnswers } from '@civic/contracts';
import { notFound, type ServiceApp } from '@civic/service-kit';
import { withProposalMay } from '../domain/permitted-actions.js';
import { startRuleMet, startRuleMissing } from '../domain/start-rule.js';
import { summaries, viewerOf, type DecisionsContext } from './context.js';

/** Cycles with their countdowns, the start rule, and the vote on proposals as a whole. Public reads. */
export async function cyclesRoutes(app: ServiceApp, context: DecisionsContext): Promise<void> {
  const tags = ['cycles'];

  app.get(
    '/api/decisions',
    { schema: { tags, summary: 'The current cycles (one per phase) and the latest archived ones, newest first', response: { 200: CycleListSchema } } },
    async () => ({ cycles: await summaries(context, await context.cycles.current()) }),
  );

  app.get(
    '/api/decisions/start-rule',
    { schema: { tags, summary: 'Progress towards the start rule of the cycle open for proposals', response: { 200: StartRuleStatusSchema } } },
    async () => {
      const [counts, open] = await Promise.all([context.citizens.counts(), context.cycles.inPhase('proposals')]);
      const proposals = open ? ((await context.cycles.proposalCounts([open.id])).get(open.id) ?? 0) : 0;
      const progress = { verifiedUsers: counts.verified, proposals };
      return {
        registeredUsers: counts.registered,
        progress,
        required: context.thresholds,
        missing: startRuleMissing(progress, context.thresholds),
        met: startRuleMet(progress, context.thresholds),
      };
    },
  );

  app.get(
    '/api/decisions/voting-on-proposals',
    { schema: { tags, summary: 'The cycle in its vote on proposals with its proposals; once closed, the last result with ranks', response: { 200: VotingViewSchema } } },
    async (request) => {
      const viewer = request.user?.id ?? null;
      const [voting, reader] = await Promise.all([context.cycles.inPhase('voting'), viewerOf(request, context)]);
      if (voting) {
        const [[summary], proposals] = await Promise.all([summaries(context, [voting]), context.proposals.list({ cycleId: voting.id, state: 'in-vote' }, viewer)]);
        return { cycle: summary ?? null, proposals: proposals.map((proposal) => withProposalMay(reader, proposal)) };
      }
      const closed = await context.cycles.lastClosedVote();
      if (!closed) return { cycle: null, proposals: [] };
      const [summary] = await summaries(context, [closed]);
      const proposals = await context.proposals.ofCycle(closed.id, viewer);
      return { cycle: summary ?? null, proposals: proposals.map((proposal) => withProposalMay(reader, proposal)) };
    },
  );

  app.get(
    '/api/decisions/:id',
    { schema: { tags, summary: 'One cycle with its visible proposals (ranked once its vote closed)', params: DecisionsIdParamsSchema, response: { 200: CycleDetailSchema, ...errorAnswers(400, 404) } } },
    async (request) => {
      const cycle = await context.cycles.byId(request.params.id);
      if (!cycle) throw notFound();
      const [[summary], proposals, reader] = await Promise.all([summaries(context, [cycle]), context.proposals.ofCycle(cycle.id, request.user?.id ?? null), viewerOf(request, context)]);
      return { ...summary!, proposals: proposals.map((proposal) => withProposalMay(reader, proposal)) };
    },
  );
}
