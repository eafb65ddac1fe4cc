import Type, { type Static } from 'typebox';
import { BaseConfigProperties, JwksConfigProperties } from '@civic/service-kit';

/** Every default is the value docs/product.md#elections states. */
export const ElectionsConfig = Type.Object({
  ...BaseConfigProperties,
  ...JwksConfigProperties,
  PORT: Type.Integer({ minimum: 0, maximum: 65535, default: 4003 }),
  /** IANA time zone of the monthly election and of candidacy months (identity reads the same key). */
  ELECTIONS_TIME_ZONE: Type.String({ minLength: 1, default: 'Europe/Paris' }),
  /** Local time of day ('HH:MM') the election closes on the 1st of each month. */
  ELECTION_TIME: Type.String({ pattern: '^([01][0-9]|2[0-3]):[0-5][0-9]$', default: '00:00' }),
  ELECTED_MODERATORS: Type.Integer({ minimum: 0, maximum: 1000, default: 5 }),
  ELECTED_SCRIBES: Type.Integer({ minimum: 0, maximum: 1000, default: 5 }),
  ELECTED_GREAT_WISES: Type.Integer({ minimum: 0, maximum: 1000, default: 3 }),
  /** How often the election job looks whether an election is due (and catches up after downtime). */
  ELECTIONS_TICK_MS: Type.Integer({ minimum: 10, default: 10_000 }),
  /** Live figures (docs/live.md): a topic's changes are published together at most this often. */
  LIVE_FIGURES_INTERVAL_MS: Type.Integer({ minimum: 10, default: 1000 }),
  /**
   * Test stacks only: PUT /api/elections/clock moves this service's clock (browser tests advance to the
   * next election). Never enable in production.
   */
  ELECTIONS_CLOCK_CONTROL: Type.Boolean({ default: false }),
});
export type ElectionsConfig = Static<typeof ElectionsConfig>;
