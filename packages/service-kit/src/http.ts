import { randomUUID } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest, type FastifyServerOptions, type RawServerDefault } from 'fastify';
import cookie from '@fastify/cookie';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import { Registry, Histogram, collectDefaultMetrics, type Gauge } from 'prom-client';
import { ErrorMessages, type ErrorBody } from '@civic/contracts';
import { AppError, keyForStatus } from './errors.js';
import { readinessGauge } from './operator-metrics.js';
import { traceLogFields } from './telemetry.js';
import { installJsonBodyParser } from './json-body.js';
import { installTextRules } from './text-rules.js';

export type ServiceApp = FastifyInstance<
  RawServerDefault,
  IncomingMessage,
  ServerResponse,
  FastifyBaseLogger,
  TypeBoxTypeProvider
>;

/** One dependency /readyz checks; `check` rejects when the dependency cannot serve. */
export interface ReadinessCheck {
  name: string;
  check(): Promise<unknown>;
  /**
   * false: the pod still answers requests without this dependency (NATS behind an outbox, an
   * upstream of the gateway): a failure shows as 'degraded' in the body but keeps the pod ready, so
   * that one outage never takes every pod out of its Service at once. Default true.
   */
  required?: boolean;
}

export interface ServiceAppOptions {
  /** Service name, in every log line and metric. */
  name: string;
  logLevel?: string;
  /** false silences logs (tests); otherwise pino JSON on stdout. */
  logger?: boolean;
  /** Where the log lines go instead of stdout (tests reading them). */
  logStream?: { write(line: string): void };
  readiness?: ReadinessCheck[];
  /** Trust X-Forwarded-* from the gateway in front (never exposed directly). */
  trustProxy?: FastifyServerOptions['trustProxy'];
  bodyLimit?: number;
  /** Headers every answer carries besides the request id (the gateway's security headers). */
  answerHeaders?: AnswerHeaders;
  /**
   * Parse cookies (request.cookies, reply.setCookie); on by default. The gateway passes the Cookie
   * header through without reading it, so it spares the plugin's hooks on every request.
   */
  cookies?: boolean;
  /**
   * Parse JSON bodies with the shape limits (json-body.ts); on by default. The gateway forwards bodies
   * unparsed and measures them as they pass, leaving the parser of each proxied scope its own.
   */
  jsonBodies?: boolean;
}

/**
 * The headers every answer to a request for `host` over `protocol` carries. Also asked for the
 * answers given before a request is routed (malformed URL, unreadable request), where the host may
 * be unknown ('').
 */
export type AnswerHeaders = (host: string, protocol: string) => readonly (readonly [string, string])[];

/** Bodies above this size are refused with 413 (every service, and the gateway before forwarding). */
export const BODY_LIMIT_BYTES = 1024 * 1024;

const REQUEST_ID = /^[A-Za-z0-9._:-]{8,128}$/;
const READINESS_TIMEOUT_MS = 2000;
const PLUGIN_TIMEOUT_MS = 60_000;

/**
 * Builds the Fastify instance every service starts from: request ids passed along by the gateway,
 * JSON logs, the error shape of docs/product.md#errors for every answer (malformed URLs and bodies over the limit
 * included), the text rules of every field (text-rules.ts), no caching of personal answers, cookies,
 * /healthz, /readyz and Prometheus /metrics.
 */
export async function createServiceApp(options: ServiceAppOptions): Promise<ServiceApp> {
  const bodyLimit = options.bodyLimit ?? BODY_LIMIT_BYTES;
  const answerHeaders = options.answerHeaders ?? (() => []);
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: options.logLevel ?? 'info',
            base: { service: options.name },
            // trace_id and span_id of the active span (none while tracing is off), to go from a log line to its trace.
            mixin: traceLogFields,
            ...(options.logStream ? { stream: options.logStream } : {}),
            redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
          },
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
    trustProxy: options.trustProxy ?? true,
    bodyLimit,
    // A start (connections, consumers, the replay of parked events) waits on PostgreSQL and NATS.
    // Fastify's default of 10 s per plugin ended starts that a CPU-starved node only made slow; the
    // orchestrator's probes, not this timer, decide when a slow pod has taken too long.
    pluginTimeout: PLUGIN_TIMEOUT_MS,
    ajv: { customOptions: { allErrors: true, coerceTypes: 'array', removeAdditional: false } },
    // A URL the router cannot read (bad percent-encoding, a parameter over its length) is answered
    // before any hook runs: the answer gets here what hooks give every other one.
    frameworkErrors: (error, request, reply) => answerUnroutableRequest(error.statusCode ?? 400, request, reply as FastifyReply, answerHeaders),
    clientErrorHandler: (error, socket) => answerUnreadableRequest(error, socket, answerHeaders),
  }).withTypeProvider<TypeBoxTypeProvider>();

  refuseLargeBodiesBeforeTheyCome(app, bodyLimit);
  // JSON bodies are measured before they are parsed: too deep or too wide is a 400, never a walk.
  if (options.jsonBodies !== false) installJsonBodyParser(app);
  const drain = trackDrain(app);
  if (options.answerHeaders) {
    app.addHook('onRequest', (request, reply, done) => {
      setHeaders(reply, answerHeaders(request.host, request.protocol));
      done();
    });
  }
  // Callback hooks, not async ones: these run on every answer, and a callback spares a promise each.
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('x-request-id', request.id);
    // A draining pod answers, then closes the connection, so the caller opens its next one elsewhere.
    if (drain.draining) reply.header('connection', 'close');
    done(null, payload);
  });
  if (options.cookies !== false) await app.register(cookie);
  keepPersonalAnswersOutOfCaches(app);
  installTextRules(app);
  installErrorHandling(app);
  const registry = installMetrics(app, options.name);
  installHealth(app, options.readiness ?? [], drain, readinessGauge(registry));
  return app;
}

function answerUnroutableRequest(status: number, request: FastifyRequest, reply: FastifyReply, answerHeaders: AnswerHeaders): void {
  reply.header('x-request-id', request.id);
  setHeaders(reply, answerHeaders(request.host, request.protocol));
  reply.status(status).send({ statusCode: status, statusMessage: ErrorMessages[keyForStatus(status)] } satisfies ErrorBody);
}

function setHeaders(reply: FastifyReply, headers: readonly (readonly [string, string])[]): void {
  for (let i = 0; i < headers.length; i++) reply.header(headers[i]![0], headers[i]![1]);
}

/**
 * A request the HTTP parser cannot read (a control character in the URL, headers too large) never
 * becomes a request: it is answered on the socket, still in the catalogue's shape, with a request id
 * and the answer headers.
 */
function answerUnreadableRequest(error: Error & { code?: string }, socket: Socket, answerHeaders: AnswerHeaders): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const status = error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : error.code === 'HPE_HEADER_OVERFLOW' ? 431 : 400;
  if (socket.writable) {
    const body = JSON.stringify({ statusCode: status, statusMessage: ErrorMessages[keyForStatus(status)] } satisfies ErrorBody);
    const headers: (readonly [string, string])[] = [
      ['content-type', 'application/json; charset=utf-8'],
      ['content-length', String(Buffer.byteLength(body))],
      ['x-request-id', randomUUID()],
      ...answerHeaders('', 'http'),
      ['connection', 'close'],
    ];
    socket.write(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${headers.map(([name, value]) => `${name}: ${value}\r\n`).join('')}\r\n${body}`);
  }
  socket.destroy(error);
}

/**
 * A client that asks before sending a body (`Expect: 100-continue`) gets no go-ahead for one announced
 * over the limit: the 413 comes instead, before the body is sent.
 */
function refuseLargeBodiesBeforeTheyCome(app: ServiceApp, bodyLimit: number): void {
  app.server.on('checkContinue', (request: IncomingMessage, response: ServerResponse) => {
    if (!(Number(request.headers['content-length']) > bodyLimit)) response.writeContinue();
    app.server.emit('request', request, response);
  });
}

/**
 * An answer to a caller who sent credentials (cookies, Authorization), or that sets a cookie, may be
 * personal: no cache keeps it (`no-store`), unless its route chose its own caching.
 */
function keepPersonalAnswersOutOfCaches(app: ServiceApp): void {
  app.addHook('onSend', (request, reply, payload, done) => {
    const personal = request.headers.cookie !== undefined || request.headers.authorization !== undefined || reply.hasHeader('set-cookie');
    if (personal && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    done(null, payload);
  });
}

function installErrorHandling(app: ServiceApp): void {
  app.setErrorHandler((error, request, reply) => {
    if (error instanceof AppError) {
      if (error.statusCode >= 500) request.log.error({ err: error }, 'request failed');
      return reply.status(error.statusCode).send(error.toBody());
    }
    const fastifyError = error as { validation?: { keyword: string; instancePath: string; message?: string; params?: unknown }[]; validationContext?: string; statusCode?: number };
    if (fastifyError.validation) {
      const missing = fastifyError.validation.some((v) => v.keyword === 'required');
      const body: ErrorBody = {
        statusCode: 400,
        statusMessage: missing ? ErrorMessages.missingRequiredFields : ErrorMessages.badRequest,
        data: {
          in: fastifyError.validationContext,
          errors: fastifyError.validation.map((v) => ({ path: v.instancePath, keyword: v.keyword, message: v.message, params: v.params })),
        },
      };
      return reply.status(400).send(body);
    }
    const status = fastifyError.statusCode;
    if (status !== undefined && status >= 400 && status < 500) {
      return reply.status(status).send({ statusCode: status, statusMessage: ErrorMessages[keyForStatus(status)] } satisfies ErrorBody);
    }
    if (isOutage(error)) {
      // The database or the bus is unreachable: a passing condition the client may retry.
      request.log.warn({ err: error }, 'dependency unavailable');
      return reply.status(503).header('retry-after', '5').send({ statusCode: 503, statusMessage: ErrorMessages.serviceUnavailable } satisfies ErrorBody);
    }
    // Anything else is a bug: log it whole, answer without internals.
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ statusCode: 500, statusMessage: ErrorMessages.internalServerError } satisfies ErrorBody);
  });

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send({
      statusCode: 404,
      statusMessage: ErrorMessages.notFound,
      data: { method: request.method, path: request.url.split('?', 1)[0] },
    } satisfies ErrorBody);
  });
}

/** Codes of a dependency that cannot be reached right now (sockets, PostgreSQL, Prisma, NATS). */
const OUTAGE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  // PostgreSQL: admin shutdown, crash shutdown, cannot connect now, connection failures.
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08001',
  '08003',
  '08006',
  // Prisma: cannot reach the database server, server closed the connection, pool timeout, and an
  // interactive transaction that could not start or ran out of time (a saturated pod: try again).
  'P1001',
  'P1017',
  'P2024',
  'P2028',
  // NATS client
  'CONNECTION_CLOSED',
  'CONNECTION_REFUSED',
  'DISCONNECT',
]);
const OUTAGE_MESSAGES = /connection terminated|connection (is )?closed|terminating connection due to administrator command|the database system is (starting up|shutting down)|can't reach database server/i;

/** Whether `error` (or one of its causes) says a dependency is unreachable rather than a bug. */
export function isOutage(error: unknown): boolean {
  for (let current: unknown = error, depth = 0; current && depth < 6; depth++) {
    const candidate = current as { code?: unknown; message?: unknown; cause?: unknown; originalCode?: unknown; kind?: unknown };
    if (typeof candidate.code === 'string' && OUTAGE_CODES.has(candidate.code)) return true;
    if (typeof candidate.originalCode === 'string' && OUTAGE_CODES.has(candidate.originalCode)) return true;
    if (typeof candidate.message === 'string' && OUTAGE_MESSAGES.test(candidate.message)) return true;
    current = candidate.cause;
  }
  return false;
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

/**
 * The shutdown drain of a pod (see runService): once started, /readyz answers 503 so that no new
 * connection is sent here, every answer closes its connection, and `settled` resolves when no plain
 * HTTP connection is left (upgraded websockets are their owner's to close).
 */
export interface Drain {
  readonly draining: boolean;
  start(): void;
  /** Resolves when no HTTP connection is open any more, or after `maxMs`. */
  settled(maxMs: number): Promise<void>;
}

function trackDrain(app: ServiceApp): Drain {
  const connections = new Set<Socket>();
  app.server.on('connection', (socket: Socket) => {
    connections.add(socket);
    socket.once('close', () => connections.delete(socket));
  });
  app.server.on('upgrade', (_request: IncomingMessage, socket: Socket) => connections.delete(socket));
  let draining = false;
  const drain: Drain = {
    get draining() {
      return draining;
    },
    start() {
      draining = true;
    },
    async settled(maxMs) {
      const deadline = Date.now() + maxMs;
      while (connections.size > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    },
  };
  app.decorate('drain', drain);
  return drain;
}

function installHealth(app: ServiceApp, checks: ReadinessCheck[], drain: Drain, ready: Gauge): void {
  // Not ready until /readyz first says so; every answer then records itself (flapping shows as changes()).
  ready.set(0);
  app.get('/healthz', { logLevel: 'warn' }, async () => ({ status: 'ok' }));
  app.get('/readyz', { logLevel: 'warn' }, async (request, reply) => {
    if (drain.draining) {
      ready.set(0);
      return reply.status(503).send({ status: 'draining', checks: {} });
    }
    const results = await Promise.all(
      checks.map(async ({ name, check, required = true }) => {
        try {
          await withTimeout(check(), READINESS_TIMEOUT_MS);
          return [name, 'ok'] as const;
        } catch (error) {
          request.log.warn({ err: error, check: name }, 'readiness check failed');
          return [name, required ? 'unavailable' : 'degraded'] as const;
        }
      }),
    );
    const states = results.map(([, state]) => state);
    const status = states.includes('unavailable') ? 'unavailable' : states.includes('degraded') ? 'degraded' : 'ready';
    ready.set(status === 'unavailable' ? 0 : 1);
    return reply.status(status === 'unavailable' ? 503 : 200).send({ status, checks: Object.fromEntries(results) });
  });
}

/**
 * The app's registry (`app.metrics`, served at /metrics), every metric labelled with the service,
 * and the HTTP histogram: rate (_count), errors (status_code 5xx) and duration per route pattern.
 */
function installMetrics(app: ServiceApp, service: string): Registry {
  const registry = new Registry();
  registry.setDefaultLabels({ service });
  collectDefaultMetrics({ register: registry });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request duration by route and status',
    labelNames: ['method', 'route', 'status_code'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  app.decorate('metrics', registry);
  app.addHook('onResponse', (request, reply, done) => {
    // The route's pattern (`/api/laws/:id`), never the URL: one series per route, whatever callers send.
    // Answers given without a route (404, unreadable URL) share one value.
    const route = request.routeOptions.url ?? 'unmatched';
    if (route !== '/metrics') duration.observe({ method: request.method, route, status_code: reply.statusCode }, reply.elapsedTime / 1000);
    done();
  });
  app.get('/metrics', { logLevel: 'warn' }, async (_request, reply) => {
    reply.header('content-type', registry.contentType);
    return registry.metrics();
  });
  return registry;
}

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Registry;
    drain: Drain;
  }
  interface FastifyContextConfig {
    /** Body fields where newlines and tabs are allowed (descriptions, article texts...), by property name. */
    multilineFields?: readonly string[];
  }
}
