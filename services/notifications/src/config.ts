import Type, { type Static } from 'typebox';
import { BaseConfigProperties, JwksConfigProperties } from '@civic/service-kit';

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
});
export type NotificationsConfig = Static<typeof NotificationsConfig>;
