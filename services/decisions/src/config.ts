import Type, { type Static } from 'typebox';
import { BaseConfigProperties, JwksConfigProperties } from '@civic/service-kit';

const DAY = 24 * 60 * 60;

/** Durations are seconds; defaults as in docs/architecture.md. */
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
  /** Creators drawn per law among the cycle's voters (docs/architecture.md). */
  CREATORS_PER_LAW: Type.Integer({ minimum: 1, maximum: 100, default: 5 }),
  /** Directory of the TTF fonts embedded in archive PDFs (DejaVu Serif regular, bold, italic); empty = the service's assets/fonts. */
  PDF_FONT_DIR: Type.String({ default: '' }),
  /** Time zone of the dates printed in archive PDFs. */
  PDF_TIME_ZONE: Type.String({ minLength: 1, default: 'Europe/Paris' }),
  /** How long the live voter count of a law in its final vote is reused before being counted again. */
  LIVE_VOTERS_CACHE_MS: Type.Integer({ minimum: 0, default: 5000 }),
  /** Changes of one live topic are pushed together at most this often (docs/live.md#decisions-topics). */
  LIVE_FIGURES_INTERVAL_MS: Type.Integer({ minimum: 10, default: 1000 }),
  /** How often the scheduler looks for due deadlines. */
  PHASE_TICK_MS: Type.Integer({ minimum: 10, default: 1000 }),
  /** Hours before the end of a final vote when its followers are told it closes soon (docs/product.md#following). */
  FINAL_VOTE_CLOSING_NOTICE_HOURS: Type.Number({ exclusiveMinimum: 0, maximum: 24 * 365, default: 24 }),
  /** Redis shared by the replicas for the PDF render limit; empty = each replica counts alone. */
  REDIS_URL: Type.String({ pattern: '^(rediss?://.+)?$', default: '' }),
  /** Prefix of every Redis key of this service (environments and test runs sharing one Redis). */
  REDIS_PREFIX: Type.String({ default: 'civic:decisions:' }),
  /** PDF renders (a law's PDF not kept yet) allowed per member, or per address for visitors, in each window. */
  PDF_RENDERS_PER_WINDOW: Type.Integer({ minimum: 1, default: 10 }),
  PDF_RENDER_WINDOW_MS: Type.Integer({ minimum: 1000, default: 60_000 }),
  /** PDFs rendered at once by one replica; the next ones wait for a turn. */
  PDF_RENDER_CONCURRENCY: Type.Integer({ minimum: 1, maximum: 16, default: 2 }),
  /** How long a render waits for a turn before 503 serviceUnavailable. */
  PDF_RENDER_WAIT_MS: Type.Integer({ minimum: 0, default: 2000 }),
  /** Test stacks only: PUT /api/decisions/phase-end ends a cycle's phase now (routes/phase-control.routes.ts). Never in a cluster. */
  DECISIONS_PHASE_CONTROL: Type.Boolean({ default: false }),
});
export type DecisionsConfig = Static<typeof DecisionsConfig>;

/** How long before the end of a final vote its closing notice is published (the cycle scheduler's `closingNoticeMs`). */
export const closingNoticeMs = (config: DecisionsConfig): number => Math.round(config.FINAL_VOTE_CLOSING_NOTICE_HOURS * 60 * 60 * 1000);
