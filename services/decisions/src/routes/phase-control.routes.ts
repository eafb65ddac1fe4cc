import { DecisionPhaseEndSchema } from '@civic/contracts';
import type { ServiceApp } from '@civic/service-kit';
import { endPhaseNow } from '../commands/end-phase-now.command.js';
import type { CycleScheduler } from '../scheduler/cycle.scheduler.js';
import type { DecisionsContext } from './context.js';

/**
 * Test stacks only (DECISIONS_PHASE_CONTROL, never in a cluster): PUT /api/decisions/phase-end ends a
 * cycle's current phase now and runs the phase machine's tick, so a browser test looks at a phase for
 * as long as it needs and then moves on without waiting out the phase. Not part of the API: left out
 * of the OpenAPI document.
 */
export async function phaseControlRoutes(app: ServiceApp, { context, scheduler }: { context: DecisionsContext; scheduler: CycleScheduler }): Promise<void> {
  app.put('/api/decisions/phase-end', { schema: { hide: true, body: DecisionPhaseEndSchema } }, async (request) => {
    await endPhaseNow(context, request.body.cycleId);
    const transitions = await scheduler.tick();
    return { transitions: transitions.length };
  });
}
