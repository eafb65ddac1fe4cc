/**
 * Tracing with OpenTelemetry (docs/architecture.md#tracing). Off unless OTEL_EXPORTER_OTLP_ENDPOINT
 * (or its traces variant) is set: then the SDK, its instrumentations and the ESM loader hook are
 * loaded, and nothing else of this file costs more than a boolean check.
 *
 * This module imports only `@opentelemetry/api` and Node built-ins, so a server.ts can import it
 * before fastify, pg, redis or socket.io are loaded (instrumentations patch modules as they load).
 */
import {
  context,
  propagation,
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  trace,
  type Context,
  type Link,
  type Span,
} from '@opentelemetry/api';

/** The W3C fields a trace context travels in (outbox rows, NATS headers). */
export type TraceCarrier = { traceparent?: string; tracestate?: string };

let enabled = false;
let shutdownSdk: (() => Promise<void>) | null = null;

/** Packages the ESM loader hook wraps: only those an instrumentation patches (the rest load untouched). */
const HOOKED_PACKAGES = ['fastify', 'pg', 'ioredis', 'redis', '@redis/client', 'socket.io'];
/** Probes and scrapes are not traced: they would outnumber real requests. */
const UNTRACED_PATHS = /^\/(healthz|readyz|metrics)(\?|$)/;

/** True when tracing was started in this process. */
export function tracingEnabled(): boolean {
  return enabled;
}

/** Whether the environment asks for tracing (an OTLP endpoint is set, the SDK not disabled). */
export function tracingRequested(env: NodeJS.ProcessEnv = process.env): boolean {
  if ((env.OTEL_SDK_DISABLED ?? '').toLowerCase() === 'true') return false;
  return Boolean(env.OTEL_EXPORTER_OTLP_ENDPOINT || env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT);
}

/**
 * Starts the SDK when the environment asks for it; call before importing the rest of the service.
 * The exporter, its protocol and the sampler come from the standard OTEL_* variables; the service
 * name is OTEL_SERVICE_NAME, else `serviceName`. Returns whether tracing is on.
 */
export async function startTelemetry(serviceName: string, env: NodeJS.ProcessEnv = process.env): Promise<boolean> {
  if (enabled || !tracingRequested(env)) return enabled;
  // Fastify, pg and socket.io are imported from ES modules, which only the loader hook can patch;
  // what they require() themselves is patched through the CommonJS hook of the instrumentations.
  const { register } = await import('node:module');
  register('@opentelemetry/instrumentation/hook.mjs', import.meta.url, { data: { include: HOOKED_PACKAGES } });

  const [{ NodeSDK }, { HttpInstrumentation }, { UndiciInstrumentation }, { PgInstrumentation }, { IORedisInstrumentation }, { RedisInstrumentation }, { SocketIoInstrumentation }, { FastifyOtelInstrumentation }] =
    await Promise.all([
      import('@opentelemetry/sdk-node'),
      import('@opentelemetry/instrumentation-http'),
      import('@opentelemetry/instrumentation-undici'),
      import('@opentelemetry/instrumentation-pg'),
      import('@opentelemetry/instrumentation-ioredis'),
      import('@opentelemetry/instrumentation-redis'),
      import('@opentelemetry/instrumentation-socket.io'),
      import('@fastify/otel'),
    ]);
  // OTEL_NODE_DISABLED_INSTRUMENTATIONS (as the OpenTelemetry auto-instrumentation package reads it):
  // a comma-separated list of http, undici, pg, ioredis, redis, socket.io, fastify.
  const disabled = new Set((env.OTEL_NODE_DISABLED_INSTRUMENTATIONS ?? '').split(',').map((name) => name.trim()));
  const instrumentations = Object.entries({
    // Outgoing calls only (the gateway's websocket hop): every incoming request reaches Fastify, whose
    // instrumentation reads the caller's traceparent and makes the SERVER span. A second server span
    // per request from the HTTP instrumentation cost about a fifth of the votes' throughput.
    http: () => new HttpInstrumentation({ disableIncomingRequestInstrumentation: true }),
    undici: () => new UndiciInstrumentation(),
    // Background polls (outbox relay, Redis stream reads) would each start a trace of their own.
    // Connection checkouts from the pool get no span: with a warm pool they take no time worth a span,
    // and each cost about a tenth of the instrumentation's work on every request, sampled or not.
    pg: () => new PgInstrumentation({ requireParentSpan: true, ignoreConnectSpans: true }),
    ioredis: () => new IORedisInstrumentation({ requireParentSpan: true }),
    redis: () => new RedisInstrumentation({ requireParentSpan: true }),
    'socket.io': () => new SocketIoInstrumentation(),
    fastify: () =>
      new FastifyOtelInstrumentation({
        registerOnInitialization: true,
        // One span per request (no hook or handler spans beneath it): each costs on every request,
        // sampled or not.
        instrumentHooks: false,
        instrumentHandler: false,
        ignorePaths: (route) => UNTRACED_PATHS.test(route.url),
        // Named like HTTP server spans, by route: `PUT /api/proposals/:id/vote`.
        requestHook: (span, request) => span.updateName(`${request.method} ${request.routeOptions.url ?? request.url}`),
      }),
  })
    .filter(([name]) => !disabled.has(name))
    .map(([, create]) => create());
  const sdk = new NodeSDK({
    // The environment's OTEL_SERVICE_NAME wins (the resource's env detector reads it).
    ...(env.OTEL_SERVICE_NAME ? {} : { serviceName }),
    // Metrics are Prometheus' (/metrics) and logs pino's: only traces go out by OTLP.
    metricReaders: [],
    logRecordProcessors: [],
    instrumentations,
  });
  sdk.start();
  shutdownSdk = () => sdk.shutdown();
  enabled = true;
  return true;
}

/**
 * Tells the helpers that an SDK this module did not start is registered with the API (unit tests,
 * or a host that starts its own SDK); `false` turns them off again.
 */
export function useExternalTracing(on: boolean): void {
  enabled = on;
}

/** Exports the spans still buffered and stops the SDK (at shutdown). */
export async function stopTelemetry(): Promise<void> {
  const shutdown = shutdownSdk;
  shutdownSdk = null;
  enabled = false;
  await shutdown?.().catch(() => undefined);
}

/**
 * pino `mixin`: the active span's ids, so a log line leads to its trace. Empty when tracing is off
 * or no span is active.
 */
export function traceLogFields(): { trace_id?: string; span_id?: string } {
  if (!enabled) return {};
  const span = trace.getActiveSpan();
  if (!span) return {};
  const spanContext = span.spanContext();
  if (!trace.isSpanContextValid(spanContext)) return {};
  const { traceId, spanId, traceFlags } = spanContext;
  // Unsampled spans are exported nowhere: their ids would point to no trace.
  if ((traceFlags & 1) === 0) return {};
  return { trace_id: traceId, span_id: spanId };
}

/** The active trace context as W3C fields, or null when tracing is off or there is none. */
export function currentTraceCarrier(from: Context = context.active()): TraceCarrier | null {
  if (!enabled) return null;
  const carrier: TraceCarrier = {};
  propagation.inject(from, carrier);
  return carrier.traceparent ? carrier : null;
}

/** The context a carrier describes (the root context when it describes none). */
export function contextFromCarrier(carrier: TraceCarrier | Record<string, string> | null | undefined): TraceContext {
  if (!carrier) return ROOT_CONTEXT;
  return propagation.extract(ROOT_CONTEXT, carrier);
}

/** Headers-like object of nats.js (`MsgHdrs`): what the propagation helpers need of it. */
export interface HeaderMap {
  get(key: string): string;
  set(key: string, value: string): void;
}

/** Writes the context into message headers; returns false (and writes nothing) when there is none. */
export function injectIntoHeaders(headers: HeaderMap, from: Context = context.active()): boolean {
  const carrier = currentTraceCarrier(from);
  if (!carrier) return false;
  headers.set('traceparent', carrier.traceparent!);
  if (carrier.tracestate) headers.set('tracestate', carrier.tracestate);
  return true;
}

/** The context carried by message headers (the root context when tracing is off or none came). */
export function contextFromHeaders(headers: HeaderMap | undefined): Context {
  if (!enabled || !headers) return ROOT_CONTEXT;
  const traceparent = headers.get('traceparent');
  if (!traceparent) return ROOT_CONTEXT;
  const tracestate = headers.get('tracestate');
  return contextFromCarrier(tracestate ? { traceparent, tracestate } : { traceparent });
}

/** The active context, to hand to work that runs later (a timer, a coalesced batch). */
export function activeTraceContext(): TraceContext {
  return context.active();
}

/** Whether the context holds a valid span context, i.e. continues some trace. */
export function carriesTrace(from: TraceContext): boolean {
  if (!enabled) return false;
  const spanContext = trace.getSpanContext(from);
  return spanContext !== undefined && trace.isSpanContextValid(spanContext);
}

const tracer = () => trace.getTracer('@civic/service-kit');

export interface TracedOptions {
  kind: SpanKind;
  /** The context to continue (its span becomes the parent and is linked). */
  from?: Context;
  attributes?: Record<string, string | number | boolean>;
  /** More contexts this work also continues (a coalesced batch): linked, not parents. */
  alsoFrom?: Context[];
}

/**
 * Runs `work` in a span continuing `from`: the producer's span is both the parent (one trace in trace
 * viewers) and a link (the messaging convention). Off: runs `work` as is.
 */
export async function traced<T>(name: string, options: TracedOptions, work: (span: Span | null) => Promise<T>): Promise<T> {
  if (!enabled) return work(null);
  const parent = options.from ?? context.active();
  const links: Link[] = [];
  for (const linked of [parent, ...(options.alsoFrom ?? [])]) {
    const spanContext = trace.getSpanContext(linked);
    if (spanContext && trace.isSpanContextValid(spanContext) && !links.some((l) => l.context.spanId === spanContext.spanId)) {
      links.push({ context: spanContext });
    }
  }
  return tracer().startActiveSpan(name, { kind: options.kind, links, attributes: options.attributes }, parent, async (span) => {
    try {
      return await work(span);
    } catch (error) {
      span.recordException(error as Error);
      span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.message : String(error) });
      throw error;
    } finally {
      span.end();
    }
  });
}

export { SpanKind };
/** An OpenTelemetry context, for services that hand one over without importing the API. */
export type TraceContext = Context;
