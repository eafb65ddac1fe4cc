import Type, { type Static } from 'typebox';
import { BaseConfigProperties, JwksConfigProperties } from '@civic/service-kit';

const DAY = 24 * 60 * 60;

/** Durations are seconds; every default is the value of ARCHITECTURE section 8. */
export const DecisionsConfig = Type.Object({
  ...BaseConfigProperties,
  ...JwksConfigProperties,
  PORT: Type.Integer({ minimum: 0, maximum: 65535, default: 4002 }),
  START_MIN_VERIFIED_USERS: Type.Integer({ minimum: 0, default: 150 }),
  START_MIN_PROPOSALS: Type.Integer({ minimum: 0, default: 10 }),
  PHASE_PROPOSALS_SECONDS: Type.Integer({ minimum: 1, default: 14 * DAY }),
  PHASE_VOTING_SECONDS: Type.Integer({ minimum: 1, default: 7 * DAY }),
  PHASE_CREATION_SECONDS: Type.Integer({ minimum: 1, default: 14 * DAY }),
  PHASE_FINAL_VOTE_SECONDS: Type.Integer({ minimum: 1, default: 7 * DAY }),
  /** One step of extension of a proposals phase whose start rule is not met. */
  PHASE_EXTENSION_SECONDS: Type.Integer({ minimum: 1, default: DAY }),
  MAX_PROPOSALS_PER_CYCLE: Type.Integer({ minimum: 1, default: 100 }),
  PROPOSAL_INTERVAL_DAYS: Type.Number({ minimum: 0, default: 7 }),
  SELECTED_PROPOSALS: Type.Integer({ minimum: 1, default: 3 }),
  SECOND_CHANCE_PROPOSALS: Type.Integer({ minimum: 0, default: 3 }),
  /** How often the scheduler looks for due deadlines. */
  PHASE_TICK_MS: Type.Integer({ minimum: 10, default: 1000 }),
});
export type DecisionsConfig = Static<typeof DecisionsConfig>;
