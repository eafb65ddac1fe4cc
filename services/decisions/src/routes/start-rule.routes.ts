import Type from 'typebox';
import type { ServiceApp } from '@civic/service-kit';
import { startRuleMet, startRuleMissing, type StartThresholds } from '../domain/start-rule.js';
import type { CitizenRepository } from '../store/citizen.repository.js';

const Counts = Type.Object({ verifiedUsers: Type.Integer(), proposals: Type.Integer() });
const StartRuleResponse = Type.Object({
  registeredUsers: Type.Integer(),
  progress: Counts,
  required: Counts,
  missing: Counts,
  met: Type.Boolean(),
});

export interface StartRuleRoutesOptions {
  citizens: CitizenRepository;
  thresholds: StartThresholds;
}

/** Public progress towards the start rule, shown on the home and proposals screens. */
export async function startRuleRoutes(app: ServiceApp, { citizens, thresholds }: StartRuleRoutesOptions): Promise<void> {
  app.get('/api/decisions/start-rule', { schema: { response: { 200: StartRuleResponse } } }, async () => {
    const counts = await citizens.counts();
    // Proposals arrive with the proposals feature; until then none exist.
    const progress = { verifiedUsers: counts.verified, proposals: 0 };
    return {
      registeredUsers: counts.registered,
      progress,
      required: thresholds,
      missing: startRuleMissing(progress, thresholds),
      met: startRuleMet(progress, thresholds),
    };
  });
}
