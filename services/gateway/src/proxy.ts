import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import httpProxy, { type FastifyHttpProxyOptions } from '@fastify/http-proxy';
import rateLimit from '@fastify/rate-limit';
import type { Agent } from 'undici';
import { ErrorMessages, type ErrorBody } from '@civic/contracts';
import { AppError } from '@civic/service-kit';
import { bodyRefusal, installBodyLimit } from './body-limit.js';
import { installJsonShapeLimit } from './body-shape.js';
import { API_PREFIX, ROUTES, type RouteRule, type UpstreamName } from './domain/routes.js';
import { forwardTo, rawBody } from './forward.js';
import { corsHook, csrfGuard, socketOriginGuard } from './security.js';
import type { UpstreamOrigins } from './upstreams.js';

export interface ProxyOptions {
  origins: UpstreamOrigins;
  api: Agent;
  realtime: Agent;
  /** CORS_ORIGINS: other origins allowed to call /api with credentials (CORS answers). */
  trustedOrigins: ReadonlySet<string>;
  /** The site's origin (PUBLIC_URL) and CORS_ORIGINS: whose pages may change anything and open the socket. */
  siteOrigins: ReadonlySet<string>;
  rateLimitMax: number;
  rateLimitWindowMs: number;
  /** Request bodies above this size are refused (413) rather than forwarded. */
  bodyLimit: number;
}

type ReplyOptions = NonNullable<FastifyHttpProxyOptions['replyOptions']>;

const SERVICE_UNAVAILABLE: ErrorBody = Object.freeze({
  statusCode: 503,
  statusMessage: ErrorMessages.serviceUnavailable,
});

/**
 * Headers the upstream may rely on: the request id, and the client's address, scheme and host as
 * the gateway established them (X-Forwarded-* from the client are believed only under TRUST_PROXY,
 * and are replaced here either way). `headers` is reply-from's own copy, changed in place.
 * `Expect: 100-continue` was the gateway's to answer (the body is on its way): undici refuses it.
 */
const forwardedHeaders: NonNullable<ReplyOptions['rewriteRequestHeaders']> = (request, headers) => {
  delete headers.expect;
  headers['x-request-id'] = request.id;
  headers['x-forwarded-for'] = request.ip;
  headers['x-forwarded-proto'] = request.protocol;
  headers['x-forwarded-host'] = request.host;
  return headers;
};

/** The websocket handshake to the upstream carries only what the socket server needs. */
function websocketHeaders(_defaults: Record<string, string>, request: FastifyRequest): Record<string, string> {
  const headers: Record<string, string> = {
    'x-request-id': request.id,
    'x-forwarded-for': request.ip,
    'x-forwarded-proto': request.protocol,
    'x-forwarded-host': request.host,
  };
  const { cookie, origin, authorization } = request.headers;
  const userAgent = request.headers['user-agent'];
  if (cookie !== undefined) headers.cookie = cookie;
  if (origin !== undefined) headers.origin = origin;
  if (authorization !== undefined) headers.authorization = authorization;
  if (userAgent !== undefined) headers['user-agent'] = userAgent;
  return headers;
}

/**
 * A stale keep-alive socket (closed by the upstream as the request went out) is retried once for
 * GET and HEAD; nothing else is retried, and an upstream's own 503 passes through as it is.
 */
const retryDelay: NonNullable<ReplyOptions['retryDelay']> = ({ err, req, attempt }) => {
  if (attempt > 0 || !err) return null;
  const code = (err as Error & { code?: string }).code;
  if (code !== 'UND_ERR_SOCKET' && code !== 'ECONNRESET') return null;
  // `req` is reply-from's outgoing request here; both it and a FastifyRequest carry the method.
  return req.method === 'GET' || req.method === 'HEAD' ? 1 : null;
};

/**
 * An upstream that is down, refuses or times out: 503 in the catalogue's shape, never the proxy's error.
 * A body cut on its way (over the size limit, or JSON past its shape limits) is the client's doing: 413 or 400.
 */
function unavailable(upstream: UpstreamName): NonNullable<ReplyOptions['onError']> {
  return (reply, { error }) => {
    const refusal = bodyRefusal(error);
    if (refusal !== null) {
      reply.header('connection', 'close').code(refusal.statusCode).send(refusal.toBody());
      return;
    }
    const cause = (error as Error & { cause?: { code?: string } }).cause;
    reply.request.log.warn({ upstream, code: cause?.code ?? (error as Error & { code?: string }).code }, 'upstream unavailable');
    reply.code(503).send(SERVICE_UNAVAILABLE);
  };
}

const MAX_WEBSOCKET_MESSAGE = 1024 * 1024;

/** The methods forwarded to the services (others are the gateway's 404). */
const FORWARDED_METHODS = ['DELETE', 'GET', 'HEAD', 'PATCH', 'POST', 'PUT', 'OPTIONS'];

/**
 * The ordinary API routes (short answers), forwarded by the gateway's own lean handler (forward.ts):
 * a prefix and everything under it per route, the router taking the most specific. Bodies reach the
 * handler unparsed.
 */
async function requestRoutes(scope: FastifyInstance, options: ProxyOptions): Promise<void> {
  scope.removeAllContentTypeParsers();
  scope.addContentTypeParser('*', rawBody);
  for (const route of ROUTES) {
    if (!route.prefix.startsWith(`${API_PREFIX}/`) || route.longLived) continue;
    const handler = forwardTo({ upstream: route.upstream, origin: options.origins[route.upstream], dispatcher: options.api });
    scope.route({ method: FORWARDED_METHODS, url: route.prefix, handler });
    scope.route({ method: FORWARDED_METHODS, url: `${route.prefix}/*`, handler });
  }
}

async function registerProxy(scope: FastifyInstance, route: RouteRule, options: ProxyOptions): Promise<void> {
  const common: FastifyHttpProxyOptions = {
    upstream: options.origins[route.upstream],
    prefix: route.prefix,
    // Upstreams serve the full /api/... path themselves.
    rewritePrefix: route.prefix,
    internalRewriteLocationHeader: false,
    disableRequestLogging: true,
    undici: route.longLived ? options.realtime : options.api,
    replyOptions: { rewriteRequestHeaders: forwardedHeaders, onError: unavailable(route.upstream), retryDelay },
  };
  if (!route.websocket) {
    await scope.register(httpProxy, common);
    return;
  }
  // rewriteRequestHeaders is a documented wsClientOptions option the plugin's types leave out.
  const wsClientOptions = { rewriteRequestHeaders: websocketHeaders, maxPayload: MAX_WEBSOCKET_MESSAGE };
  await scope.register(httpProxy, {
    ...common,
    websocket: true,
    preHandler: socketOriginGuard(options.siteOrigins),
    wsClientOptions,
    wsServerOptions: { maxPayload: MAX_WEBSOCKET_MESSAGE },
  });
}

/** Unknown paths under /api: the gateway's own 404, in the catalogue's shape. */
function apiNotFound(request: FastifyRequest, reply: FastifyReply): void {
  const query = request.url.indexOf('?');
  const path = query === -1 ? request.url : request.url.slice(0, query);
  reply.code(404).send({ statusCode: 404, statusMessage: ErrorMessages.notFound, data: { path } } satisfies ErrorBody);
}

/**
 * /api: rate limit per client IP, CORS when configured, the CSRF rule, the body limit and the JSON shape
 * limits, then the routes
 * of domain/routes.ts (the router takes the most specific prefix): ordinary ones through forward.ts,
 * long-lived ones through @fastify/http-proxy. Small bodies of known length travel as one buffer,
 * others stream through unbuffered.
 */
export async function apiRoutes(scope: FastifyInstance, options: ProxyOptions): Promise<void> {
  await scope.register(rateLimit, {
    global: true,
    max: options.rateLimitMax,
    timeWindow: options.rateLimitWindowMs,
    errorResponseBuilder: () => new AppError('tooManyRequests', 429),
    // The 429 carries Retry-After and the limits; ordinary answers carry nothing extra.
    addHeadersOnExceeding: { 'x-ratelimit-limit': false, 'x-ratelimit-remaining': false, 'x-ratelimit-reset': false },
  });
  if (options.trustedOrigins.size > 0) scope.addHook('onRequest', corsHook(options.trustedOrigins));
  scope.addHook('onRequest', csrfGuard(options.siteOrigins));
  installBodyLimit(scope, options.bodyLimit);
  installJsonShapeLimit(scope);
  await scope.register(requestRoutes, options);
  // Long-lived answers (server-sent events) keep @fastify/http-proxy, through the realtime pool.
  for (const route of ROUTES) {
    if (route.prefix.startsWith(`${API_PREFIX}/`) && route.longLived) await registerProxy(scope, route, options);
  }
  scope.all(API_PREFIX, apiNotFound);
  scope.all(`${API_PREFIX}/*`, apiNotFound);
}

/** Paths outside /api that reach an upstream: the socket.io endpoint (websocket and long-polling). */
export async function realtimeRoutes(scope: FastifyInstance, options: ProxyOptions): Promise<void> {
  installBodyLimit(scope, options.bodyLimit);
  for (const route of ROUTES) {
    if (!route.prefix.startsWith(`${API_PREFIX}/`)) await registerProxy(scope, route, options);
  }
}
