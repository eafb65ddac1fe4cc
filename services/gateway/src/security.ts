import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import { AppError, type AnswerHeaders } from '@civic/service-kit';
import { isAllowedOrigin, passesCsrfRule } from './domain/request-guard.js';

/**
 * Content-Security-Policy for the module-federated front end: scripts and remotes from our own
 * origin only, inline styles (CSS-in-JS), images inline as data: URLs, fetch and the socket.io
 * websocket to our own origin (the ws:/wss: sources for the request's host are added per host).
 */
export const CSP_DIRECTIVES = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'frame-ancestors': ["'none'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
};

const HELMET_OPTIONS: FastifyHelmetOptions = {
  contentSecurityPolicy: { useDefaults: false, directives: CSP_DIRECTIVES },
  // Sent only behind a trusted TLS-terminating proxy, see securityHeaders.
  strictTransportSecurity: false,
  frameguard: { action: 'deny' },
};

const NOT_FROM_HELMET = new Set(['content-type', 'content-length', 'date', 'connection', 'keep-alive']);

/**
 * The headers @fastify/helmet sets, worked out once. The plugin rebuilds helmet's whole middleware
 * on every request (about 2.5 us each); the gateway sets the same fixed list from an array instead.
 */
export async function compileHelmetHeaders(options: FastifyHelmetOptions = HELMET_OPTIONS): Promise<[string, string][]> {
  const probe = Fastify({ logger: false });
  await probe.register(helmet, options);
  probe.get('/', (_request, reply) => {
    reply.send('');
  });
  try {
    const response = await probe.inject({ method: 'GET', url: '/' });
    const headers: [string, string][] = [];
    for (const [name, value] of Object.entries(response.headers)) {
      if (!NOT_FROM_HELMET.has(name) && typeof value === 'string') headers.push([name, value]);
    }
    return headers;
  } finally {
    await probe.close();
  }
}

/**
 * Browser features no page of the site uses, off for it and for anything it embeds (a script slipped
 * in cannot ask for the camera or a payment). Clipboard and full screen stay as browsers default
 * (the history page copies a hash).
 */
export const PERMISSIONS_POLICY = [
  'accelerometer',
  'ambient-light-sensor',
  'autoplay',
  'battery',
  'bluetooth',
  'browsing-topics',
  'camera',
  'display-capture',
  'document-domain',
  'encrypted-media',
  'gamepad',
  'geolocation',
  'gyroscope',
  'hid',
  'idle-detection',
  'interest-cohort',
  'local-fonts',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'picture-in-picture',
  'publickey-credentials-get',
  'screen-wake-lock',
  'serial',
  'speaker-selection',
  'usb',
  'web-share',
  'xr-spatial-tracking',
]
  .map((feature) => `${feature}=()`)
  .join(', ');

const HSTS = 'max-age=31536000';
const HOST = /^(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::[0-9]{1,5})?$/;
const MAX_CACHED_HOSTS = 64;

type Headers = readonly (readonly [string, string])[];

/**
 * The security headers of every answer, per host and scheme (given to createServiceApp, which sets
 * them first on every request and on the answers given before routing). `trustedProxy`: a
 * TLS-terminating proxy is trusted (TRUST_PROXY), so a request it forwarded as https gets
 * Strict-Transport-Security.
 */
export async function securityHeaders(trustedProxy: boolean): Promise<AnswerHeaders> {
  const compiled = await compileHelmetHeaders();
  const fixed: Headers = [...compiled.filter(([name]) => name !== 'content-security-policy'), ['permissions-policy', PERMISSIONS_POLICY]];
  const basePolicy = compiled.find(([name]) => name === 'content-security-policy')?.[1];
  if (basePolicy === undefined || !basePolicy.includes("connect-src 'self'")) {
    throw new Error('helmet did not produce the expected Content-Security-Policy');
  }
  const variants = (policy: string): { http: Headers; https: Headers } => {
    const http: Headers = [...fixed, ['content-security-policy', policy]];
    return { http, https: trustedProxy ? [...http, ['strict-transport-security', HSTS]] : http };
  };
  const unknownHost = variants(basePolicy);
  // Policy per Host header, so connect-src names ws:// and wss:// of the very host the page came from.
  const byHost = new Map<string, { http: Headers; https: Headers }>();
  return (host, protocol) => {
    let headers = byHost.get(host);
    if (headers === undefined && !HOST.test(host)) headers = unknownHost;
    if (headers === undefined) {
      headers = variants(basePolicy.replace("connect-src 'self'", `connect-src 'self' ws://${host} wss://${host}`));
      if (byHost.size < MAX_CACHED_HOSTS) byHost.set(host, headers);
    }
    return protocol === 'https' ? headers.https : headers.http;
  };
}

const refused = () => new AppError('unauthorizedAction', 403);

/** onRequest hook of /api: the CSRF rule of domain/request-guard.ts, against the site's configured origins. */
export function csrfGuard(allowedOrigins: ReadonlySet<string>) {
  return function csrf(request: FastifyRequest, _reply: FastifyReply, done: (error?: Error) => void): void {
    const { headers } = request;
    const passes = passesCsrfRule({
      method: request.method,
      url: request.url,
      origin: headers.origin,
      referer: headers.referer,
      xRequestedWith: headers['x-requested-with'],
      contentType: headers['content-type'],
      allowedOrigins,
    });
    done(passes ? undefined : refused());
  };
}

/**
 * preHandler of /socket.io: a websocket upgrade or a long-polling POST that names an Origin other
 * than the site's is refused (cross-site websocket hijacking). Clients without Origin (not browsers) pass.
 */
export function socketOriginGuard(allowedOrigins: ReadonlySet<string>) {
  return function socketOrigin(request: FastifyRequest, _reply: FastifyReply, done: (error?: Error) => void): void {
    const { origin } = request.headers;
    if (origin !== undefined && (request.method !== 'GET' || request.headers.upgrade !== undefined)) {
      if (!isAllowedOrigin(origin, allowedOrigins)) return done(refused());
    }
    done();
  };
}

const CORS_METHODS = 'GET, HEAD, POST, PUT, PATCH, DELETE';
const CORS_DEFAULT_HEADERS = 'content-type, x-requested-with, x-request-id';

/**
 * onRequest hook of /api when CORS_ORIGINS is set: credentials-carrying CORS for exactly those
 * origins, preflights answered here. Without CORS_ORIGINS no hook is installed (same origin only).
 */
export function corsHook(allowed: ReadonlySet<string>) {
  return function cors(request: FastifyRequest, reply: FastifyReply, done: (error?: Error) => void): void {
    const { origin } = request.headers;
    if (origin === undefined || !allowed.has(origin.toLowerCase())) return done();
    reply.header('access-control-allow-origin', origin);
    reply.header('access-control-allow-credentials', 'true');
    reply.header('vary', 'Origin');
    if (request.method === 'OPTIONS' && request.headers['access-control-request-method'] !== undefined) {
      reply.header('access-control-allow-methods', CORS_METHODS);
      reply.header('access-control-allow-headers', request.headers['access-control-request-headers'] ?? CORS_DEFAULT_HEADERS);
      reply.header('access-control-max-age', '600');
      reply.code(204).send();
      return;
    }
    reply.header('access-control-expose-headers', 'x-request-id, retry-after');
    done();
  };
}
