import Type, { type Static } from 'typebox';
import { BaseConfigProperties, JwksConfigProperties } from '@civic/service-kit';

/** The DIGEST_UNSUBSCRIBE_KEY of local runs and tests; the service warns at start when it is still in use. */
export const DEVELOPMENT_DIGEST_UNSUBSCRIBE_KEY = 'local-development-digest-unsubscribe-key-change-me';

export const NotificationsConfig = Type.Object({
  ...BaseConfigProperties,
  ...JwksConfigProperties,
  PORT: Type.Integer({ minimum: 0, maximum: 65535, default: 4005 }),
  /**
   * Secret that other services send as `X-Service-Token` to create alerts with
   * POST /api/users/notifications. Empty (the default): only moderators may create alerts.
   */
  ALERTS_SERVICE_TOKEN: Type.String({ default: '' }),
  /** Comment line sent on every idle live stream this often, below the gateway's 120 s body timeout. */
  STREAM_HEARTBEAT_MS: Type.Integer({ minimum: 1000, default: 25_000 }),
  /** Delay (the SSE `retry` field) a browser waits before reconnecting a dropped stream. */
  STREAM_RETRY_MS: Type.Integer({ minimum: 100, default: 3000 }),
  /** How often due digests of followed content are looked for (docs/product.md#following). */
  DIGEST_CHECK_MS: Type.Integer({ minimum: 100, default: 60_000 }),
  /** Hour (UTC) at which daily digests, and weekly ones on Mondays, fall due. */
  DIGEST_HOUR_UTC: Type.Integer({ minimum: 0, maximum: 23, default: 7 }),
  /**
   * Length of a digest "day". With the default (a day) digests follow the calendar (DIGEST_HOUR_UTC);
   * any other value makes a daily digest due that long after the previous one, a weekly one seven
   * times that: test stacks shorten it to seconds.
   */
  DIGEST_DAILY_MS: Type.Integer({ minimum: 1000, default: 86_400_000 }),
  /** Secret of the digest mail's one-click unsubscribe links (HMAC-SHA256 key, at least 32 characters). */
  DIGEST_UNSUBSCRIBE_KEY: Type.String({ minLength: 32, default: DEVELOPMENT_DIGEST_UNSUBSCRIBE_KEY }),
});
export type NotificationsConfig = Static<typeof NotificationsConfig>;
