// Gateway overhead: the same small JSON request served by an upstream directly, through a bare proxy
// (@fastify/http-proxy alone) and through the built gateway, with the same client and concurrency in
// the same run. Reports requests/s, latency percentiles, the ratio to the direct baseline, the
// gateway's peak memory, and the CPU time each proxy process spends per request it forwards.
// Run: node bench/run-all.mjs gateway-overhead. Sends traffic to 127.0.0.1 only.
import Fastify from 'fastify';
import { Pool } from 'undici';
import { measure, measureServer, report, startBaseline, startService } from './lib/bench.mjs';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);

function get(origin, pathName) {
  const pool = new Pool(origin, { connections: CONNECTIONS, pipelining: 1 });
  const task = async () => {
    const { statusCode, body } = await pool.request({ path: pathName, method: 'GET' });
    await body.dump();
    return statusCode === 200;
  };
  return { task, close: () => pool.close() };
}

const upstream = Fastify({ logger: false });
upstream.get('/api/decisions/start-rule', async () => ({ registeredUsers: 42, met: false }));
await upstream.listen({ port: 0, host: '127.0.0.1' });
const upstreamOrigin = `http://127.0.0.1:${upstream.server.address().port}`;
let gateway = null;
let bareProxy = null;

try {
  bareProxy = await startBaseline('bare-proxy', { UPSTREAM: upstreamOrigin });
  gateway = await startService('gateway', { DECISIONS_URL: upstreamOrigin, RATE_LIMIT_MAX: '100000000' }, { ready: '/healthz' });

  /** The load through one server: throughput, percentiles, its peak memory and its CPU µs per request. */
  const through = async (server) => {
    const client = get(server.origin, '/api/decisions/start-rule');
    // Warm-up: JIT and keep-alive connections on both sides.
    await measure(client.task, { concurrency: CONNECTIONS, durationMs: 1000 });
    const result = await measureServer(server, client.task, { concurrency: CONNECTIONS });
    await client.close();
    return result;
  };

  const directClient = get(upstreamOrigin, '/api/decisions/start-rule');
  await measure(directClient.task, { concurrency: CONNECTIONS, durationMs: 1000 });
  const direct = await measure(directClient.task, { concurrency: CONNECTIONS });
  await directClient.close();
  const viaBare = await through(bareProxy);
  const viaGateway = await through(gateway);
  const cpuRatio = viaGateway.cpuPerRequest / viaBare.cpuPerRequest;
  report('Gateway overhead (GET of a small JSON answer)', [
    { name: 'baseline: upstream directly', ...direct },
    { name: 'through a bare proxy (http-proxy alone)', ...viaBare.measured, peakRss: viaBare.peakRss, ratio: viaBare.measured.perSecond / direct.perSecond },
    { name: 'through the gateway', ...viaGateway.measured, peakRss: viaGateway.peakRss, ratio: viaGateway.measured.perSecond / direct.perSecond },
    { name: 'bare proxy CPU per request (baseline)', unit: 'µs CPU/request', value: viaBare.cpuPerRequest },
    { name: 'gateway CPU per request', unit: 'µs CPU/request', value: viaGateway.cpuPerRequest, ratio: cpuRatio },
  ], [
    `${CONNECTIONS} connections; the upstream is a bare Fastify route in the benchmark's process, so the ratio is the proxy's whole cost.`,
    `CPU per request: user + system time of the proxy's process over the load phase, divided by the requests it served: gateway ${viaGateway.cpuPerRequest.toFixed(0)} µs, bare proxy ${viaBare.cpuPerRequest.toFixed(0)} µs (${cpuRatio.toFixed(2)}x).`,
  ]);
} finally {
  await gateway?.stop();
  await bareProxy?.stop();
  await upstream.close();
}
