import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyServerOptions, type RawServerDefault } from 'fastify';
import cookie from '@fastify/cookie';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import { Registry, Histogram, collectDefaultMetrics } from 'prom-client';
import { ErrorMessages, type ErrorBody } from '@civic/contracts';
import { AppError, keyForStatus } from './errors.js';

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
}

export interface ServiceAppOptions {
  /** Service name, in every log line and metric. */
  name: string;
  logLevel?: string;
  /** false silences logs (tests); otherwise pino JSON on stdout. */
  logger?: boolean;
  readiness?: ReadinessCheck[];
  /** Trust X-Forwarded-* from the gateway in front (never exposed directly). */
  trustProxy?: FastifyServerOptions['trustProxy'];
  bodyLimit?: number;
}

const REQUEST_ID = /^[A-Za-z0-9._:-]{8,128}$/;
const READINESS_TIMEOUT_MS = 2000;

/**
 * Builds the Fastify instance every service starts from: request ids passed along by the gateway,
 * JSON logs, the spec's error shape, cookies, /healthz, /readyz and Prometheus /metrics.
 */
export async function createServiceApp(options: ServiceAppOptions): Promise<ServiceApp> {
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: options.logLevel ?? 'info',
            base: { service: options.name },
            redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
          },
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
    trustProxy: options.trustProxy ?? true,
    bodyLimit: options.bodyLimit ?? 1024 * 1024,
    ajv: { customOptions: { allErrors: true, coerceTypes: 'array', removeAdditional: false } },
  }).withTypeProvider<TypeBoxTypeProvider>();

  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  await app.register(cookie);
  installErrorHandling(app);
  installHealth(app, options.readiness ?? []);
  installMetrics(app, options.name);
  return app;
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
  // Prisma: cannot reach the database server, server closed the connection, pool timeout.
  'P1001',
  'P1017',
  'P2024',
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

function installHealth(app: ServiceApp, checks: ReadinessCheck[]): void {
  app.get('/healthz', { logLevel: 'warn' }, async () => ({ status: 'ok' }));
  app.get('/readyz', { logLevel: 'warn' }, async (request, reply) => {
    const results = await Promise.all(
      checks.map(async ({ name, check }) => {
        try {
          await withTimeout(check(), READINESS_TIMEOUT_MS);
          return [name, 'ok'] as const;
        } catch (error) {
          request.log.warn({ err: error, check: name }, 'readiness check failed');
          return [name, 'unavailable'] as const;
        }
      }),
    );
    const ready = results.every(([, state]) => state === 'ok');
    return reply.status(ready ? 200 : 503).send({ status: ready ? 'ready' : 'unavailable', checks: Object.fromEntries(results) });
  });
}

function installMetrics(app: ServiceApp, service: string): void {
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
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    if (route === '/metrics') return;
    duration.observe({ method: request.method, route, status_code: reply.statusCode }, reply.elapsedTime / 1000);
  });
  app.get('/metrics', { logLevel: 'warn' }, async (_request, reply) => {
    reply.header('content-type', registry.contentType);
    return registry.metrics();
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Registry;
  }
}
