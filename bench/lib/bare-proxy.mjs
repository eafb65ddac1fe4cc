// The gateway's floor: @fastify/http-proxy forwarding /api to one upstream with nothing else (no rate
// limit, CSRF rule, security headers, request ids, metrics or logs), in a process of its own like
// the gateway (bench/lib/bench.mjs startBaseline). UPSTREAM: the origin to forward to.
import Fastify from 'fastify';
import httpProxy from '@fastify/http-proxy';

const app = Fastify({ logger: false });
await app.register(httpProxy, { upstream: process.env.UPSTREAM, prefix: '/api', rewritePrefix: '/api', undici: { connections: 128, pipelining: 1 } });
app.get('/readyz', async () => ({ status: 'ok' }));
app.get('/metrics', async () => `process_resident_memory_bytes ${process.memoryUsage().rss}\n`);
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.on('SIGTERM', async () => {
  await app.close();
  process.exit(0);
});
