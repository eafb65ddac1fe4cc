// The votes benchmark's floor: a bare Fastify route that runs the decisions service's own vote
// statement (its VoteRepository, so the SQL and the pool are the same) and nothing else: no token
// check, no validation, no metrics, no outbox. The voter's id is read from the access token's payload
// without verifying it, which only a benchmark may do. Started as a child process, like the service,
// so it does not share the load generator's event loop (bench/lib/bench.mjs startBaseline).
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import Fastify from 'fastify';
import { root } from './bench.mjs';

const { VoteRepository } = await import(pathToFileURL(path.join(root, 'services/decisions/dist/store/vote.repository.js')).href);
const votes = new VoteRepository(process.env.DATABASE_URL);
const app = Fastify({ logger: false });

function voterOf(cookie = '') {
  const token = cookie.match(/access_token=([^;]+)/)?.[1] ?? '';
  return JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString() || '{}').sub;
}

app.put('/api/proposals/:id/vote', async (request, reply) => {
  const counts = await votes.cast(request.params.id, voterOf(request.headers.cookie), request.body.vote, new Date());
  if (!counts) return reply.code(409).send({ statusCode: 409, statusMessage: 'Conflict' });
  return counts;
});
app.get('/readyz', async () => ({ status: 'ok' }));
app.get('/metrics', async () => `process_resident_memory_bytes ${process.memoryUsage().rss}\n`);

await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.on('SIGTERM', async () => {
  await app.close();
  await votes.close();
  process.exit(0);
});
