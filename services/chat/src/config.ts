import Type, { type Static } from 'typebox';
import { DRAFT_SETTLE_PAUSE_MS } from '@civic/contracts';
import { BaseConfigProperties, JwksConfigProperties } from '@civic/service-kit';

const ORIGIN = 'https?://[^/\\s,]+/?';

/** Why chat refuses to start as one of several instances without Redis. */
export const SEVERAL_INSTANCES_NEED_REDIS =
  'CHAT_MULTI_INSTANCE is true (several chat instances serve the same rooms) but REDIS_URL is not set: without Redis each instance would deliver posts only to its own sockets. Set REDIS_URL, or run one instance with CHAT_MULTI_INSTANCE=false';

const ChatConfigProperties = Type.Object({
  ...BaseConfigProperties,
  ...JwksConfigProperties,
  PORT: Type.Integer({ minimum: 0, maximum: 65535, default: 4004 }),
  /** With it, instances share rooms through the Redis streams adapter and the rate counters; without, one instance serves alone. */
  REDIS_URL: Type.String({ pattern: '^(rediss?://.+)?$', default: '' }),
  /**
   * Whether this is one of several instances (the chart sets it with more than one pod or an HPA,
   * `pnpm start` with `--replicas chat=N`): they share rooms only through Redis, so REDIS_URL is then required.
   */
  CHAT_MULTI_INSTANCE: Type.Boolean({ default: false }),
  /** Prefix of every Redis key and stream of this service (tests and environments sharing one Redis). */
  REDIS_PREFIX: Type.String({ default: 'civic:chat:' }),
  /** At most this many messages (posts, replies, edits) per user in any CHAT_RATE_WINDOW_MS. */
  CHAT_RATE_LIMIT: Type.Integer({ minimum: 1, default: 5 }),
  CHAT_RATE_WINDOW_MS: Type.Integer({ minimum: 100, default: 10_000 }),
  /** A client that reconnects within this time gets what it missed (connection-state recovery). */
  CHAT_RECOVERY_MS: Type.Integer({ minimum: 1000, default: 2 * 60_000 }),
  /** The origin browsers load the product from (the gateway): pages of this origin may open the socket. */
  PUBLIC_URL: Type.String({ pattern: '^https?://[^\\s]+$', default: 'http://localhost:8080' }),
  /** Other page origins allowed to open the socket, comma separated (the gateway's CORS_ORIGINS). */
  CORS_ORIGINS: Type.String({ pattern: `^(\\s*${ORIGIN}\\s*(,\\s*${ORIGIN}\\s*)*)?$`, default: '' }),
  /**
   * Transports the socket server accepts. `websocket` alone where instances sit behind a balancer
   * without sticky sessions (long-polling needs every request of a session on one instance).
   */
  SOCKET_TRANSPORTS: Type.Union([Type.Literal('websocket,polling'), Type.Literal('polling,websocket'), Type.Literal('websocket')], { default: 'websocket,polling' }),
  /** Page size of the history when the client asks none (a client may ask up to 200). */
  CHAT_HISTORY_PAGE: Type.Integer({ minimum: 1, maximum: 200, default: 50 }),
  /**
   * Sockets one pod is sized to hold. Not enforced: exported as chat_socket_capacity so the
   * saturation alert compares chat_sockets_connected with it (deploy/OPERATIONS.md).
   */
  CHAT_SOCKET_CAPACITY: Type.Integer({ minimum: 1, default: 5000 }),
  /** A live topic's updates reach its sockets at most once per this interval, the newest (docs/live.md). */
  LIVE_COALESCE_MS: Type.Integer({ minimum: 10, default: 1000 }),
  /**
   * A room's events reach its sockets at most once per tick, together in one `batch` frame; the first
   * event of a quiet room goes at once (README.md#delivery).
   */
  CHAT_BATCH_TICK_MS: Type.Integer({ minimum: 10, maximum: 5000, default: 250 }),
  /** Slow mode 'auto' turns on in a room with more members online than this, across the pods (docs/product.md#chat). */
  CHAT_SLOW_MODE_THRESHOLD: Type.Integer({ minimum: 0, default: 2000 }),
  /** Under slow mode, each member may post once per this many seconds, unless a moderator set the room's own. */
  CHAT_SLOW_MODE_INTERVAL_S: Type.Integer({ minimum: 1, maximum: 3600, default: 30 }),
  /** How often each pod writes its sockets per room into Redis for the others to sum (slow mode's members online). */
  CHAT_ONLINE_REFRESH_MS: Type.Integer({ minimum: 100, maximum: 60_000, default: 5000 }),
  /**
   * Live co-drafting: a text's typed words are settled (handed to decisions as one version) this long
   * after the last update anyone made (docs/co-drafting.md#settling).
   */
  CHAT_DRAFT_SETTLE_PAUSE_MS: Type.Integer({ minimum: 100, maximum: 600_000, default: DRAFT_SETTLE_PAUSE_MS }),
  /** The troll hunt counts mutes since yesterday 00:00 in this time zone. */
  CHAT_TIME_ZONE: Type.String({ minLength: 1, default: 'Europe/Paris' }),
});

export const ChatConfig = Type.Refine(ChatConfigProperties, (config) => !config.CHAT_MULTI_INSTANCE || config.REDIS_URL !== '', () => SEVERAL_INSTANCES_NEED_REDIS);
export type ChatConfig = Static<typeof ChatConfig>;

/** SOCKET_TRANSPORTS as socket.io's `transports`. */
export function socketTransports(value: ChatConfig['SOCKET_TRANSPORTS']): ('websocket' | 'polling')[] {
  return value.split(',') as ('websocket' | 'polling')[];
}
