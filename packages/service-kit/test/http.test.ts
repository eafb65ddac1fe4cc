import Type from 'typebox';
import { AppError, createServiceApp, isOutage, type ServiceApp } from '@civic/service-kit';

async function appWithRoutes(readyFails = false) {
  const app = await createServiceApp({
    name: 'kit-test',
    logger: false,
    readiness: [
      { name: 'postgres', check: async () => undefined },
      { name: 'nats', check: async () => (readyFails ? Promise.reject(new Error('down')) : undefined) },
    ],
  });
  app.post(
    '/things',
    { schema: { body: Type.Object({ name: Type.String({ minLength: 3 }), count: Type.Integer() }, { additionalProperties: false }) } },
    async (request) => ({ ok: request.body.name }),
  );
  app.get('/conflict', async () => {
    throw new AppError('emailAlreadyRegistered', 409, { field: 'email' });
  });
  app.get('/database-down', async () => {
    throw new Error('query failed', { cause: Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }) });
  });
  app.get('/boom', async () => {
    throw new Error('password=hunter2 leaked in a stack');
  });
  await app.ready();
  return app;
}

describe('service app', () => {
  let app: ServiceApp;
  beforeAll(async () => {
    app = await appWithRoutes();
  });
  afterAll(() => app.close());

  it('answers a missing field with "Missing required fields" and the field list', async () => {
    const res = await app.inject({ method: 'POST', url: '/things', payload: { name: 'abc' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ statusCode: 400, statusMessage: 'Missing required fields', data: { in: 'body' } });
  });

  it('answers a wrong value with "Bad Request"', async () => {
    const res = await app.inject({ method: 'POST', url: '/things', payload: { name: 'ab', count: 1 } });
    expect(res.json()).toMatchObject({ statusCode: 400, statusMessage: 'Bad Request' });
    const bad = await app.inject({ method: 'POST', url: '/things', headers: { 'content-type': 'application/json' }, payload: '{oops' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ statusCode: 400, statusMessage: 'Bad Request' });
  });

  it('maps AppError to its status and catalogue message', async () => {
    const res = await app.inject({ url: '/conflict' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ statusCode: 409, statusMessage: 'Email already registered', data: { field: 'email' } });
  });

  it('hides internals of unexpected errors', async () => {
    const res = await app.inject({ url: '/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toMatch(/hunter2|stack/);
    expect(res.json()).toEqual({ statusCode: 500, statusMessage: 'Internal Server Error' });
  });

  it('answers 503 with Retry-After, not 500, while a dependency is unreachable', async () => {
    const answer = await app.inject({ url: '/database-down' });
    expect(answer.statusCode).toBe(503);
    expect(answer.headers['retry-after']).toBe('5');
    expect(answer.json()).toEqual({ statusCode: 503, statusMessage: 'Service Unavailable' });
  });

  it('tells outages from bugs by code or message along the cause chain', () => {
    expect(isOutage(Object.assign(new Error('x'), { code: '57P01' }))).toBe(true);
    expect(isOutage(new Error('wrapped', { cause: new Error('Connection terminated unexpectedly') }))).toBe(true);
    expect(isOutage(Object.assign(new Error('Can\'t reach database server'), { code: 'P1001' }))).toBe(true);
    expect(isOutage(Object.assign(new Error('Transaction API error: Unable to start a transaction in the given time.'), { code: 'P2028' }))).toBe(true);
    expect(isOutage(new TypeError("Cannot read properties of undefined (reading 'id')"))).toBe(false);
    expect(isOutage(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(false);
  });

  it('answers unknown routes in the spec shape', async () => {
    const res = await app.inject({ url: '/nowhere?x=1' });
    expect(res.json()).toEqual({ statusCode: 404, statusMessage: 'Not Found', data: { method: 'GET', path: '/nowhere' } });
  });

  it('keeps a valid incoming request id and makes one otherwise', async () => {
    const kept = await app.inject({ url: '/healthz', headers: { 'x-request-id': 'gateway-req-12345' } });
    expect(kept.headers['x-request-id']).toBe('gateway-req-12345');
    const made = await app.inject({ url: '/healthz', headers: { 'x-request-id': 'bad id with spaces' } });
    expect(made.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('reports readiness per dependency', async () => {
    const ready = await appWithRoutes();
    expect((await ready.inject({ url: '/readyz' })).json()).toEqual({ status: 'ready', checks: { postgres: 'ok', nats: 'ok' } });
    await ready.close();
    const notReady = await appWithRoutes(true);
    const res = await notReady.inject({ url: '/readyz' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: 'unavailable', checks: { postgres: 'ok', nats: 'unavailable' } });
    await notReady.close();
  });

  it('exposes Prometheus metrics with request durations', async () => {
    // An app of its own: its counters start at zero.
    const fresh = await appWithRoutes();
    await fresh.inject({ url: '/conflict' });
    const res = await fresh.inject({ url: '/metrics' });
    expect(res.headers['content-type']).toMatch(/text\/plain/);
    expect(res.body).toMatch(/http_request_duration_seconds_count\{service="kit-test",method="GET",route="\/conflict",status_code="409"\} 1/);
    expect(res.body).toMatch(/process_cpu_user_seconds_total/);
    await fresh.close();
  });
});
