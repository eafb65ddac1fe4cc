// What tracing costs on the votes path: PUT /api/proposals/{id}/vote through the built gateway to
// the built decisions service, both run with tracing off, on at 10 % (parentbased_traceidratio 0.1)
// and on at 100 %, exporting by OTLP (http/protobuf, the default) to a sink in this process that
// reads and discards. Each variant runs twice, in a mirrored order; the ratios compare the means.
// Run: node bench/run-all.mjs decisions-votes-tracing (needs PostgreSQL and NATS, like decisions-votes).
import { createServer } from 'node:http';
import { benchResources, measure, report, startService } from './lib/bench.mjs';
import { mismatchedCounters, seedVoting, voter } from './lib/votes-fixture.mjs';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 64);
const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 2000);
const PROPOSALS = Number(process.env.BENCH_PROPOSALS ?? 10);
const TARGET_RATIO_AT_10 = 0.9;

/** An OTLP/HTTP endpoint that accepts and drops every export, counting the bytes it was sent. */
async function startSink() {
  let received = 0;
  const server = createServer((request, response) => {
    request.on('data', (chunk) => (received += chunk.length));
    request.on('end', () => response.writeHead(200, { 'content-type': 'application/x-protobuf' }).end());
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    endpoint: `http://127.0.0.1:${server.address().port}`,
    takeBytes() {
      const bytes = received;
      received = 0;
      return bytes;
    },
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

const resources = await benchResources('votestracing', ['decisions']);
const { database, nats, tokens, sql } = resources;
const sink = await startSink();
const running = [];

/** Starts decisions and a gateway in front of it with the given tracing settings; both stop at the end of `work`. */
async function withStack(tracing, work) {
  // Tracing is off unless an endpoint is set: the off variant sets none.
  const env = tracing ? { OTEL_EXPORTER_OTLP_ENDPOINT: sink.endpoint, OTEL_TRACES_SAMPLER: 'parentbased_traceidratio', OTEL_TRACES_SAMPLER_ARG: String(tracing) } : {};
  const decisions = await startService('decisions', { DATABASE_URL: database.url, NATS_PREFIX: nats.prefix, JWKS_URL: tokens.jwksUrl, PHASE_TICK_MS: '60000', ...env });
  running.push(decisions);
  const gateway = await startService('gateway', { DECISIONS_URL: decisions.origin, RATE_LIMIT_MAX: '100000000', ...env }, { ready: '/healthz' });
  running.push(gateway);
  try {
    return await work(gateway);
  } finally {
    await gateway.stop();
    await decisions.stop();
    running.splice(0);
  }
}

try {
  const seeded = await seedVoting(sql, tokens, { memberCount: MEMBERS, proposalCount: PROPOSALS });

  /** Warms up (JIT, pools, the JWKS fetch), then measures votes through the gateway. */
  const votes = (tracing) =>
    withStack(tracing, async (gateway) => {
      const client = voter(gateway.origin, seeded, CONNECTIONS);
      await measure(client.task, { concurrency: CONNECTIONS, durationMs: 1000 });
      sink.takeBytes();
      const measured = await measure(client.task, { concurrency: CONNECTIONS });
      await client.close();
      // Spans still batched leave when the services stop; counted with the variant that made them.
      return measured;
    }).then((measured) => ({ ...measured, exportedBytes: sink.takeBytes() }));

  // Mirrored order (off, 10 %, 100 %, 100 %, 10 %, off): the machine drifts over a run (a warmer
  // database, a fuller table), and each variant's mean then sits at the same point of that drift.
  const order = [null, 0.1, 1, 1, 0.1, null];
  const runs = [];
  for (const tracing of order) runs.push({ tracing, ...(await votes(tracing)) });
  const combined = (tracing) => {
    const own = runs.filter((run) => run.tracing === tracing);
    const mean = (key) => own.reduce((sum, run) => sum + run[key], 0) / own.length;
    return { perSecond: mean('perSecond'), p50: mean('p50'), p99: mean('p99'), count: mean('count'), errors: mean('errors'), exportedBytes: mean('exportedBytes'), spread: Math.abs(own[0].perSecond - own[1].perSecond) / mean('perSecond') };
  };
  const [offRuns, atTenth, atAll] = [combined(null), combined(0.1), combined(1)];
  const off = offRuns.perSecond;
  const kib = (bytes) => `${(bytes / 1024).toFixed(0)} KiB`;
  const mismatched = await mismatchedCounters(sql);

  report(
    'Tracing cost on votes (PUT /api/proposals/{id}/vote through the gateway)',
    [
      { name: 'tracing off', ...offRuns, ratio: 1 },
      {
        name: 'tracing on, 10 % sampled',
        ...atTenth,
        ratio: atTenth.perSecond / off,
        target: `>= ${TARGET_RATIO_AT_10}x off`,
        met: atTenth.perSecond / off >= TARGET_RATIO_AT_10,
      },
      { name: 'tracing on, 100 % sampled', ...atAll, ratio: atAll.perSecond / off },
    ],
    [
      `${CONNECTIONS} connections, ${MEMBERS} members voting on ${PROPOSALS} proposals; gateway and decisions traced alike (HTTP, Fastify, undici, pg), OTLP http/protobuf to a local sink that discards.`,
      `Each variant ran twice, in the order off, 10 %, 100 %, 100 %, 10 %, off; its figures are the mean of its two runs. The spread between a variant's two runs (off ${(offRuns.spread * 100).toFixed(1)} %, 10 % ${(atTenth.spread * 100).toFixed(1)} %, 100 % ${(atAll.spread * 100).toFixed(1)} %) is the noise of the machine.`,
      `Exported per run: ${kib(atTenth.exportedBytes)} at 10 %, ${kib(atAll.exportedBytes)} at 100 %, ${kib(offRuns.exportedBytes)} with tracing off.`,
      `Proposals whose counters differ from their rows: ${mismatched}.`,
    ],
  );
  if (mismatched !== 0 || offRuns.exportedBytes !== 0) process.exitCode = 1;
} finally {
  for (const service of running) await service.stop();
  await sink.close();
  await resources.close();
}
