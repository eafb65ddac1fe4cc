import { context, propagation, SpanKind, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { InMemorySpanExporter, SimpleSpanProcessor, TracerProvider } from '@opentelemetry/sdk-trace';
import { headers } from '@nats-io/transport-node';
import {
  contextFromCarrier,
  contextFromHeaders,
  currentTraceCarrier,
  traced,
  traceHeaders,
  traceLogFields,
  tracingRequested,
  useExternalTracing,
} from '@civic/service-kit';

/**
 * The propagation helpers with a real SDK tracer provider and W3C propagator registered (what
 * startTelemetry sets up), and with tracing off.
 */
const exporter = new InMemorySpanExporter();
const provider = new TracerProvider({ spanProcessors: [new SimpleSpanProcessor({ exporter })] });
const contextManager = new AsyncLocalStorageContextManager().enable();

beforeAll(() => {
  context.setGlobalContextManager(contextManager);
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  trace.setGlobalTracerProvider(provider);
});

afterAll(async () => {
  useExternalTracing(false);
  await provider.shutdown();
  trace.disable();
  propagation.disable();
  context.disable();
});

beforeEach(() => exporter.reset());

describe('tracing off', () => {
  beforeAll(() => useExternalTracing(false));

  it('is not requested without an OTLP endpoint, nor when the SDK is disabled', () => {
    expect(tracingRequested({})).toBe(false);
    expect(tracingRequested({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' })).toBe(true);
    expect(tracingRequested({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://collector:4318/v1/traces' })).toBe(true);
    expect(tracingRequested({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318', OTEL_SDK_DISABLED: 'true' })).toBe(false);
  });

  it('adds no headers, no carrier, no log fields and no span, even inside an active span', async () => {
    await trace.getTracer('test').startActiveSpan('outer', async (span) => {
      expect(traceHeaders()).toBeUndefined();
      expect(currentTraceCarrier()).toBeNull();
      expect(traceLogFields()).toEqual({});
      const result = await traced('inner', { kind: SpanKind.CONSUMER }, async (inner) => {
        expect(inner).toBeNull();
        return 42;
      });
      expect(result).toBe(42);
      span.end();
    });
    expect(exporter.getFinishedSpans().map((span) => span.name)).toEqual(['outer']);
  });

  it('reads no context from headers that carry one', () => {
    const carried = headers();
    carried.set('traceparent', '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01');
    expect(trace.getSpanContext(contextFromHeaders(carried))).toBeUndefined();
  });
});

describe('tracing on', () => {
  beforeAll(() => useExternalTracing(true));

  it('has nothing to inject outside a span', () => {
    expect(traceHeaders()).toBeUndefined();
    expect(currentTraceCarrier()).toBeNull();
    expect(traceLogFields()).toEqual({});
  });

  it('round-trips the active span through NATS headers: the consumer span is its child and links it', async () => {
    const tracer = trace.getTracer('test');
    let sent: ReturnType<typeof traceHeaders>;
    let producerIds = { traceId: '', spanId: '' };
    tracer.startActiveSpan('producer', (span) => {
      producerIds = span.spanContext();
      sent = traceHeaders();
      expect(traceLogFields()).toEqual({ trace_id: producerIds.traceId, span_id: producerIds.spanId });
      span.end();
    });
    expect(sent!.get('traceparent')).toBe(`00-${producerIds.traceId}-${producerIds.spanId}-01`);

    const received = contextFromHeaders(sent!);
    expect(trace.getSpanContext(received)).toMatchObject({ traceId: producerIds.traceId, spanId: producerIds.spanId, isRemote: true });
    await traced('consume', { kind: SpanKind.CONSUMER, from: received }, async () => {
      // Work inside continues the same trace (what a handler's queries and the unread push see).
      expect(currentTraceCarrier()?.traceparent).toMatch(new RegExp(`^00-${producerIds.traceId}-`));
    });
    const consume = exporter.getFinishedSpans().find((span) => span.name === 'consume')!;
    expect(consume.kind).toBe(SpanKind.CONSUMER);
    expect(consume.spanContext().traceId).toBe(producerIds.traceId);
    expect(consume.parentSpanContext?.spanId).toBe(producerIds.spanId);
    expect(consume.links.map((link) => link.context.spanId)).toEqual([producerIds.spanId]);
  });

  it('keeps tracestate, and the outbox carrier (JSON in a row) round-trips too', () => {
    const carrier = { traceparent: '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01', tracestate: 'vendor=value' };
    const restored = currentTraceCarrier(contextFromCarrier(JSON.parse(JSON.stringify(carrier)) as typeof carrier));
    expect(restored).toEqual(carrier);
  });

  it('continues nothing from a malformed traceparent, and links every coalesced context', async () => {
    const carried = headers();
    carried.set('traceparent', 'not-a-traceparent');
    expect(trace.getSpanContext(contextFromHeaders(carried))).toBeUndefined();

    const first = contextFromCarrier({ traceparent: '00-11111111111111111111111111111111-1111111111111111-01' });
    const second = contextFromCarrier({ traceparent: '00-22222222222222222222222222222222-2222222222222222-01' });
    await traced('push', { kind: SpanKind.PRODUCER, from: first, alsoFrom: [second, first] }, async () => undefined);
    const push = exporter.getFinishedSpans().find((span) => span.name === 'push')!;
    expect(push.spanContext().traceId).toBe('11111111111111111111111111111111');
    expect(push.links.map((link) => link.context.spanId)).toEqual(['1111111111111111', '2222222222222222']);
  });

  it('records a failure on the span and rethrows it', async () => {
    await expect(traced('fails', { kind: SpanKind.CONSUMER }, async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    const failed = exporter.getFinishedSpans().find((span) => span.name === 'fails')!;
    expect(failed.status.code).toBe(2);
    expect(failed.events.some((event) => event.name === 'exception')).toBe(true);
  });
});
