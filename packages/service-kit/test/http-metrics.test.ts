import { ROOT_CONTEXT, context, trace, type Context, type ContextManager } from '@opentelemetry/api';
import { createServiceApp } from '@civic/service-kit';
import { useExternalTracing } from '../src/telemetry.js';
import { metricSample } from '@civic/test-kit';

describe('HTTP metrics', () => {
  it('labels requests with the route pattern, never the URL, and every unrouted answer as unmatched', async () => {
    const app = await createServiceApp({ name: 'kit-test', logger: false });
    app.get('/api/laws/:lawId', async (request) => ({ id: (request.params as { lawId: string }).lawId }));
    await app.ready();
    for (const id of ['a1', 'b2', 'c3']) expect((await app.inject({ url: `/api/laws/${id}?page=2` })).statusCode).toBe(200);
    expect((await app.inject({ url: '/api/nothing/here' })).statusCode).toBe(404);
    expect((await app.inject({ url: '/api/else/where' })).statusCode).toBe(404);

    const text = (await app.inject({ url: '/metrics' })).body;
    expect(metricSample(text, 'http_request_duration_seconds_count', { service: 'kit-test', route: '/api/laws/:lawId', status_code: '200', method: 'GET' })).toBe(3);
    expect(metricSample(text, 'http_request_duration_seconds_count', { route: 'unmatched', status_code: '404' })).toBe(2);
    expect(text).not.toMatch(/route="\/api\/(laws\/a1|nothing)/);
    await app.close();
  });

  it('records in service_ready what /readyz last answered', async () => {
    let databaseUp = true;
    const app = await createServiceApp({
      name: 'kit-test',
      logger: false,
      readiness: [{ name: 'postgres', check: async () => (databaseUp ? undefined : Promise.reject(new Error('down'))) }],
    });
    await app.ready();
    const ready = async () => metricSample((await app.inject({ url: '/metrics' })).body, 'service_ready', { service: 'kit-test' });
    expect(await ready()).toBe(0); // not asked yet

    expect((await app.inject({ url: '/readyz' })).statusCode).toBe(200);
    expect(await ready()).toBe(1);
    databaseUp = false;
    expect((await app.inject({ url: '/readyz' })).statusCode).toBe(503);
    expect(await ready()).toBe(0);
    databaseUp = true;
    await app.inject({ url: '/readyz' });
    expect(await ready()).toBe(1);
    app.drain.start();
    expect((await app.inject({ url: '/readyz' })).statusCode).toBe(503);
    expect(await ready()).toBe(0);
    await app.close();
  });
});

/** A synchronous context manager: enough for a log call made inside `context.with`. */
class StackContextManager implements ContextManager {
  private current: Context = ROOT_CONTEXT;
  active(): Context {
    return this.current;
  }
  with<A extends unknown[], F extends (...args: A) => ReturnType<F>>(scope: Context, fn: F, thisArg?: ThisParameterType<F>, ...args: A): ReturnType<F> {
    const previous = this.current;
    this.current = scope;
    try {
      return fn.call(thisArg, ...args);
    } finally {
      this.current = previous;
    }
  }
  bind<T>(_scope: Context, target: T): T {
    return target;
  }
  enable(): this {
    return this;
  }
  disable(): this {
    this.current = ROOT_CONTEXT;
    return this;
  }
}

describe('log correlation', () => {
  afterEach(() => {
    useExternalTracing(false);
    context.disable();
  });

  it('puts the trace and span ids of the active span into each log line, and nothing without one', async () => {
    const lines: Record<string, unknown>[] = [];
    const app = await createServiceApp({ name: 'kit-test', logStream: { write: (line) => lines.push(JSON.parse(line) as Record<string, unknown>) } });
    context.setGlobalContextManager(new StackContextManager());
    useExternalTracing(true);
    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    const spanId = '00f067aa0ba902b7';
    const span = trace.wrapSpanContext({ traceId, spanId, traceFlags: 1 });
    context.with(trace.setSpan(ROOT_CONTEXT, span), () => app.log.info('inside a span'));
    app.log.info('outside any span');

    const inside = lines.find((line) => line.msg === 'inside a span');
    expect(inside).toMatchObject({ service: 'kit-test', trace_id: traceId, span_id: spanId });
    const outside = lines.find((line) => line.msg === 'outside any span');
    expect(outside).toBeDefined();
    expect(outside).not.toHaveProperty('trace_id');
    await app.close();
  });
});
