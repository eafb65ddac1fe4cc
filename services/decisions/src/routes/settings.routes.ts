import { DecisionSettingsSchema, type DecisionSettings } from '@civic/contracts';
import type { ServiceApp } from '@civic/service-kit';
import type { DecisionsConfig } from '../config.js';

/** The numbers of the process from the service's configuration, as the rule texts state them. */
export function decisionSettings(config: DecisionsConfig): DecisionSettings {
  return {
    phaseSeconds: {
      proposals: config.PHASE_PROPOSALS_SECONDS,
      voting: config.PHASE_VOTING_SECONDS,
      creation: config.PHASE_CREATION_SECONDS,
      finalVote: config.PHASE_FINAL_VOTE_SECONDS,
    },
    extensionSeconds: config.PHASE_EXTENSION_SECONDS,
    startMinimums: { verifiedUsers: config.START_MIN_VERIFIED_USERS, proposals: config.START_MIN_PROPOSALS },
    selectedProposals: config.SELECTED_PROPOSALS,
    secondChanceProposals: config.SECOND_CHANCE_PROPOSALS,
    creatorsPerLaw: config.CREATORS_PER_LAW,
    maxProposalsPerCycle: config.MAX_PROPOSALS_PER_CYCLE,
    proposalIntervalDays: config.PROPOSAL_INTERVAL_DAYS,
  };
}

/** The settings of the process, public so that the About and Help pages state the rules in force. */
export async function settingsRoutes(app: ServiceApp, settings: DecisionSettings): Promise<void> {
  app.get(
    '/api/decisions/settings',
    { schema: { tags: ['cycles'], summary: 'The durations, thresholds and limits of the decision process', response: { 200: DecisionSettingsSchema } } },
    async () => settings,
  );
}
