// Gateway overhead: the same small JSON request served by an upstream directly, then through the
// built gateway, with the same client and concurrency in the same run. Reports requests/s, latency
// percentiles, the ratio to the direct baseline, and the gateway's peak memory.
// Run: node bench/run-all.mjs gateway-overhead. Sends traffic to 127.0.0.1 only.
import Fastify from 'fastify';
import { Pool } from 'undici';
import { measure, report, startService, withPeak } from './lib/bench.mjs';

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
const gateway = await startService('gateway', { DECISIONS_URL: upstreamOrigin, RATE_LIMIT_MAX: '100000000' }, { ready: '/healthz' });

try {
  const directClient = get(upstreamOrigin, '/api/decisions/start-rule');
  const direct = await measure(directClient.task, { concurrency: CONNECTIONS });
  await directClient.close();
  const gatewayClient = get(gateway.origin, '/api/decisions/start-rule');
  const [viaGateway, peakRss] = await withPeak(gateway.rss, () => measure(gatewayClient.task, { concurrency: CONNECTIONS }));
  await gatewayClient.close();
  report('Gateway overhead (GET of a small JSON answer)', [
    { name: 'baseline: upstream directly', ...direct },
    { name: 'through the gateway', ...viaGateway, peakRss, ratio: viaGateway.perSecond / direct.perSecond },
  ], [`${CONNECTIONS} connections; the upstream is a bare Fastify route, so the ratio is the gateway's whole cost.`]);
} finally {
  await gateway.stop();
  await upstream.close();
}
