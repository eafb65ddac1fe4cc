import { Agent } from 'undici';
import type { ReadinessCheck } from '@civic/service-kit';
import type { GatewayConfig } from './config.js';
import { UPSTREAMS, type UpstreamName } from './domain/routes.js';

export type UpstreamOrigins = Readonly<Record<UpstreamName, string>>;

/** Base URL of every upstream, without trailing slash. */
export function upstreamOrigins(config: GatewayConfig): UpstreamOrigins {
  const origin = (url: string) => new URL(url).origin;
  return {
    identity: origin(config.IDENTITY_URL),
    decisions: origin(config.DECISIONS_URL),
    elections: origin(config.ELECTIONS_URL),
    chat: origin(config.CHAT_URL),
    notifications: origin(config.NOTIFICATIONS_URL),
  };
}

/**
 * socket.io long-polling holds a GET open until the server has something to say, at the latest
 * after its ping interval (25 s by default) plus ping timeout (20 s).
 */
const REALTIME_TIMEOUT_MS = 120_000;
const IDLE_CONNECTION_MS = 3_000;

export interface Dispatchers {
  /** Keep-alive pools to the API upstreams, UPSTREAM_CONNECTIONS sockets at most per upstream. */
  api: Agent;
  /**
   * Pool for socket.io long-polling: every polling client parks one request upstream, so the
   * connection count follows the number of clients (as websockets do) instead of a fixed cap.
   */
  realtime: Agent;
  close(): Promise<void>;
}

export function createDispatchers(config: GatewayConfig): Dispatchers {
  const api = new Agent({
    connections: config.UPSTREAM_CONNECTIONS,
    pipelining: 1,
    // An idle connection is closed here after a few seconds, before a draining upstream pod ends
    // (SHUTDOWN_DRAIN_MS, 5 s): the pod then never closes one under a request going out.
    keepAliveTimeout: IDLE_CONNECTION_MS,
    keepAliveMaxTimeout: IDLE_CONNECTION_MS,
    connectTimeout: Math.min(config.UPSTREAM_TIMEOUT_MS, 10_000),
    headersTimeout: config.UPSTREAM_TIMEOUT_MS,
    bodyTimeout: config.UPSTREAM_TIMEOUT_MS,
  });
  const realtime = new Agent({
    pipelining: 1,
    keepAliveTimeout: IDLE_CONNECTION_MS,
    keepAliveMaxTimeout: IDLE_CONNECTION_MS,
    connectTimeout: Math.min(config.UPSTREAM_TIMEOUT_MS, 10_000),
    headersTimeout: Math.max(config.UPSTREAM_TIMEOUT_MS, REALTIME_TIMEOUT_MS),
    bodyTimeout: Math.max(config.UPSTREAM_TIMEOUT_MS, REALTIME_TIMEOUT_MS),
  });
  return {
    api,
    realtime,
    async close() {
      await Promise.all([api.close(), realtime.close()]);
    },
  };
}

const READINESS_TIMEOUT_MS = 2000;

/**
 * One /readyz entry per upstream: ok only when the upstream's own /readyz answers 200 within 2 s.
 * None is required: the gateway still serves the other upstreams while one is down, so it stays in
 * its Service and reports 'degraded' naming the upstream.
 */
export function upstreamReadiness(origins: UpstreamOrigins, dispatcher: Agent): ReadinessCheck[] {
  return UPSTREAMS.map((name) => ({
    name,
    required: false,
    async check() {
      const { statusCode, body } = await dispatcher.request({
        origin: origins[name],
        path: '/readyz',
        method: 'GET',
        headersTimeout: READINESS_TIMEOUT_MS,
        bodyTimeout: READINESS_TIMEOUT_MS,
        signal: AbortSignal.timeout(READINESS_TIMEOUT_MS),
      });
      await body.dump();
      if (statusCode !== 200) throw new Error(`${name} /readyz answered ${statusCode}`);
    },
  }));
}
