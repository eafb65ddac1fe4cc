import { BODY_LIMIT_BYTES, createServiceApp, type ServiceApp } from '@civic/service-kit';
import { corsOrigins, resolveDistFolders, servedRemotes, siteOrigins, trustProxySetting, type GatewayConfig } from './config.js';
import { frontendRoutes } from './frontend.js';
import { apiRoutes, realtimeRoutes, type ProxyOptions } from './proxy.js';
import { securityHeaders } from './security.js';
import { createDispatchers, upstreamOrigins, upstreamReadiness } from './upstreams.js';

export interface GatewayDeps {
  config: GatewayConfig;
  /** false silences logs (tests). */
  logger?: boolean;
}

/**
 * The gateway: /api and /socket.io to the services, security headers, rate limit and CSRF rule,
 * /readyz over every upstream, and in single-machine mode the built front ends.
 */
export async function buildApp({ config, logger }: GatewayDeps): Promise<ServiceApp> {
  const dist = resolveDistFolders(config);
  const trustProxy = trustProxySetting(config.TRUST_PROXY);
  const origins = upstreamOrigins(config);
  const dispatchers = createDispatchers(config);

  const app = await createServiceApp({
    name: 'gateway',
    logLevel: config.LOG_LEVEL,
    logger,
    // The gateway faces the clients: X-Forwarded-* are believed only from configured proxies.
    trustProxy,
    readiness: upstreamReadiness(origins, dispatchers.api),
    answerHeaders: await securityHeaders(trustProxy !== false),
    // Cookies reach the services as they came; the gateway itself reads none.
    cookies: false,
    // Bodies are forwarded unparsed, their JSON shape measured as they pass (body-shape.ts).
    jsonBodies: false,
  });
  app.addHook('onClose', async () => {
    await dispatchers.close();
  });
  reportReadinessPerService(app);

  const proxyOptions: ProxyOptions = {
    origins,
    api: dispatchers.api,
    realtime: dispatchers.realtime,
    trustedOrigins: corsOrigins(config.CORS_ORIGINS),
    siteOrigins: siteOrigins(config),
    rateLimitMax: config.RATE_LIMIT_MAX,
    rateLimitWindowMs: config.RATE_LIMIT_WINDOW_MS,
    bodyLimit: BODY_LIMIT_BYTES,
  };
  await app.register(apiRoutes, proxyOptions);
  await app.register(realtimeRoutes, proxyOptions);

  const remotes = servedRemotes(config, dist);
  if (dist.SHELL_DIST !== undefined || remotes.length > 0) {
    await app.register(frontendRoutes, { shell: dist.SHELL_DIST, remotes });
  }
  return app;
}

/** The gateway's /readyz names its upstreams: `{ status, services: { identity: 'ok', ... } }`. */
function reportReadinessPerService(app: ServiceApp): void {
  app.addHook('preSerialization', async (request, _reply, payload) => {
    if (request.routeOptions.url !== '/readyz') return payload;
    const { status, checks } = payload as { status: string; checks: Record<string, string> };
    return { status, services: checks };
  });
}
