import { request as httpRequest, Agent } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createServiceApp, type ServiceApp } from '../src/http.js';

/** A GET over the given keep-alive agent: status, the connection header and the body. */
function get(port: number, path: string, agent: Agent): Promise<{ status: number; connection: string | undefined; body: string }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest({ host: '127.0.0.1', port, path, agent }, (response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += chunk.toString()));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, connection: response.headers.connection, body }));
    });
    request.on('error', reject);
    request.end();
  });
}

let app: ServiceApp;
let port: number;

beforeEach(async () => {
  app = await createServiceApp({ name: 'drain-test', logger: false, readiness: [{ name: 'postgres', check: async () => undefined }] });
  app.get('/work', async () => ({ done: true }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as AddressInfo).port;
});

afterEach(async () => {
  await app.close();
});

test('a draining pod is unready, answers, and closes each connection after its answer', async () => {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const before = await get(port, '/work', agent);
  expect(before.status).toBe(200);
  expect(before.connection).toBe('keep-alive');

  app.drain.start();
  const ready = await get(port, '/readyz', agent);
  expect(ready.status).toBe(503);
  expect(JSON.parse(ready.body)).toEqual({ status: 'draining', checks: {} });
  expect(ready.connection).toBe('close');
  const work = await get(port, '/work', agent);
  expect(work.status).toBe(200);
  expect(work.connection).toBe('close');
  agent.destroy();
});

test('the drain settles as soon as the callers closed their connections, without waiting its whole budget', async () => {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  await get(port, '/work', agent);
  app.drain.start();
  const started = Date.now();
  const settled = app.drain.settled(10_000);
  // The caller's idle keep-alive connection ends on its side, as the gateway's idle timeout does.
  setTimeout(() => agent.destroy(), 200);
  await settled;
  expect(Date.now() - started).toBeLessThan(5_000);
});

test('an idle connection that is never closed holds the drain until its budget ends', async () => {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  await get(port, '/work', agent);
  app.drain.start();
  const started = Date.now();
  await app.drain.settled(600);
  expect(Date.now() - started).toBeGreaterThanOrEqual(550);
  agent.destroy();
});

test('a dependency that is not required shows as degraded and keeps the pod ready', async () => {
  const degraded = await createServiceApp({
    name: 'degraded-test',
    logger: false,
    readiness: [
      { name: 'postgres', check: async () => undefined },
      { name: 'nats', required: false, check: async () => Promise.reject(new Error('down')) },
    ],
  });
  const answer = await degraded.inject({ method: 'GET', url: '/readyz' });
  expect(answer.statusCode).toBe(200);
  expect(answer.json()).toEqual({ status: 'degraded', checks: { postgres: 'ok', nats: 'degraded' } });
  await degraded.close();
});
