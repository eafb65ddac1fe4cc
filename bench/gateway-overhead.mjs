// Gateway overhead: the same small JSON request served by an upstream directly, then through the
// built gateway, with the same client and concurrency in the same run. Prints requests/s, latency
// percentiles, the ratio to the direct baseline, and the gateway's memory.
// Run: pnpm --filter @civic/bench bench   (after pnpm build). Sends traffic to 127.0.0.1 only.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify from 'fastify';
import { Pool } from 'undici';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DURATION_MS = Number(process.env.BENCH_DURATION_MS ?? 5000);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);

async function load(origin, pathName) {
  const pool = new Pool(origin, { connections: CONNECTIONS, pipelining: 1 });
  const latencies = [];
  let errors = 0;
  const deadline = Date.now() + DURATION_MS;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (Date.now() < deadline) {
        const started = process.hrtime.bigint();
        try {
          const { statusCode, body } = await pool.request({ path: pathName, method: 'GET' });
          await body.dump();
          if (statusCode !== 200) errors += 1;
        } catch {
          errors += 1;
        }
        latencies.push(Number(process.hrtime.bigint() - started) / 1e6);
      }
    }),
  );
  await pool.close();
  latencies.sort((a, b) => a - b);
  const at = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? NaN;
  return { rps: latencies.length / (DURATION_MS / 1000), p50: at(0.5), p99: at(0.99), errors };
}

const upstream = Fastify({ logger: false });
upstream.get('/api/decisions/start-rule', async () => ({ registeredUsers: 42, met: false }));
await upstream.listen({ port: 0, host: '127.0.0.1' });
const upstreamOrigin = `http://127.0.0.1:${upstream.server.address().port}`;

const gatewayPort = 18000 + Math.floor(Math.random() * 1000);
const gateway = spawn(process.execPath, [path.join(root, 'services/gateway/dist/server.js')], {
  env: { ...process.env, PORT: String(gatewayPort), HOST: '127.0.0.1', LOG_LEVEL: 'warn', DECISIONS_URL: upstreamOrigin, RATE_LIMIT_MAX: '100000000' },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const gatewayOrigin = `http://127.0.0.1:${gatewayPort}`;
for (let i = 0; ; i++) {
  try {
    if ((await fetch(`${gatewayOrigin}/healthz`)).ok) break;
  } catch {
    if (i > 100) throw new Error('gateway did not start; run pnpm build first');
  }
  await new Promise((resolve) => setTimeout(resolve, 100));
}

const direct = await load(upstreamOrigin, '/api/decisions/start-rule');
const viaGateway = await load(gatewayOrigin, '/api/decisions/start-rule');
const rss = Number((await (await fetch(`${gatewayOrigin}/metrics`)).text()).match(/^process_resident_memory_bytes\{[^}]*\} (\d+)/m)?.[1] ?? NaN);

const row = (name, r) => `${name.padEnd(14)} ${r.rps.toFixed(0).padStart(8)} req/s   p50 ${r.p50.toFixed(2)} ms   p99 ${r.p99.toFixed(2)} ms   errors ${r.errors}`;
console.log(`${CONNECTIONS} connections, ${DURATION_MS / 1000} s each, on ${(await import('node:os')).cpus().length} cores`);
console.log(row('direct', direct));
console.log(row('via gateway', viaGateway));
console.log(`ratio          ${(viaGateway.rps / direct.rps).toFixed(2)} of the direct throughput; gateway RSS ${(rss / 1048576).toFixed(0)} MiB`);

gateway.kill('SIGTERM');
await upstream.close();
