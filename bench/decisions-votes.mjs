// Votes on proposals: PUT /api/proposals/{id}/vote cast by many verified members against a bare
// Fastify + pg endpoint running the same statement (the floor), the built decisions service
// (PostgreSQL-backed, its own database and NATS prefix) directly, through a bare proxy, and through
// the built gateway, with
// the same client and concurrency in the same run. Reports votes/s, p50, p99, the service/floor and
// gateway/direct ratios, and checks the counters against the vote rows afterwards.
// Run: node bench/run-all.mjs decisions-votes (needs PostgreSQL and NATS: DATABASE_URL, NATS_URL,
// default 127.0.0.1). Sends traffic to 127.0.0.1 only.
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { Pool } from 'undici';
import { benchNatsPrefix, createBenchDatabase, measure, report, root, startBaseline, startService, withPeak } from './lib/bench.mjs';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 64);
const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 2000);
const PROPOSALS = Number(process.env.BENCH_PROPOSALS ?? 10);
const TARGET_PER_SECOND = 2000;
const TARGET_P99_MS = 100;
const TARGET_RATIO = 0.6;
const choices = ['for', 'against', 'neutral', 'blank'];

// The test kit's stand-in for identity: a JWKS over HTTP and EdDSA access tokens signed like identity's.
const { TestTokens } = await import(pathToFileURL(path.join(root, 'packages/test-kit/dist/tokens.js')).href);

const database = await createBenchDatabase('decisions', ['decisions']);
const nats = benchNatsPrefix('decisions');
const tokens = await TestTokens.start();
let decisions = null;
let gateway = null;
let floor = null;
let bareProxy = null;
const sql = new pg.Client({ connectionString: database.url });
await sql.connect();

try {
  // A cycle in its vote with PROPOSALS proposals, one open for proposals, and MEMBERS verified members.
  const now = new Date();
  const far = new Date(now.getTime() + 365 * 24 * 3600 * 1000);
  const voting = randomUUID();
  await sql.query(
    `INSERT INTO decisions.cycle (id, number, phase, phase_started_at, phase_ends_at, created_at) VALUES
     ($1, 1, 'voting', $3, $4, $3), ($2, 2, 'proposals', $3, $4, $3)`,
    [voting, randomUUID(), now, far],
  );
  const members = Array.from({ length: MEMBERS }, () => randomUUID());
  await sql.query(
    `INSERT INTO decisions.citizen (user_id, registered_at, verified_at, user_name)
     SELECT id, $2, $2, 'Member' FROM unnest($1::uuid[]) AS id`,
    [members, now],
  );
  const proposals = Array.from({ length: PROPOSALS }, () => randomUUID());
  await sql.query(
    `INSERT INTO decisions.proposal (id, cycle_id, user_id, title, description, category, state, created_at, updated_at, submitted_at)
     SELECT id, $2, $3, 'A proposal', 'A proposal in the vote.', 'other', 'in-vote', $4, $4, $4 FROM unnest($1::uuid[]) AS id`,
    [proposals, voting, members[0], now],
  );
  const cookies = await Promise.all(members.map(async (id) => `access_token=${await tokens.sign({ id, verified: true }, '1h')}`));

  decisions = await startService('decisions', {
    DATABASE_URL: database.url,
    NATS_PREFIX: nats.prefix,
    JWKS_URL: tokens.jwksUrl,
    PHASE_TICK_MS: '60000',
  });
  floor = await startBaseline('minimal-vote-endpoint', { DATABASE_URL: database.url });
  bareProxy = await startBaseline('bare-proxy', { UPSTREAM: decisions.origin });
  gateway = await startService('gateway', { DECISIONS_URL: decisions.origin, RATE_LIMIT_MAX: '100000000' }, { ready: '/healthz' });

  const voter = (origin) => {
    const pool = new Pool(origin, { connections: CONNECTIONS, pipelining: 1 });
    const task = async (worker, iteration) => {
      const member = (iteration * 7 + worker) % MEMBERS;
      const proposal = proposals[iteration % PROPOSALS];
      const { statusCode, body } = await pool.request({
        path: `/api/proposals/${proposal}/vote`,
        method: 'PUT',
        headers: { 'content-type': 'application/json', cookie: cookies[member] },
        body: JSON.stringify({ vote: choices[(iteration + worker) % 4] }),
      });
      await body.dump();
      return statusCode === 200;
    };
    return { task, close: () => pool.close() };
  };

  // Warm-up: JIT, connection pools, the JWKS fetch.
  for (const origin of [floor.origin, decisions.origin]) {
    const warm = voter(origin);
    await measure(warm.task, { concurrency: CONNECTIONS, durationMs: 1000 });
    await warm.close();
  }

  /** The votes sent to one server, with its peak memory meanwhile. */
  const through = async (server) => {
    const client = voter(server.origin);
    const measured = await withPeak(server.rss, () => measure(client.task, { concurrency: CONNECTIONS }));
    await client.close();
    return measured;
  };
  const [bare, bareRss] = await through(floor);
  const [direct, directRss] = await through(decisions);
  const [viaBareProxy, bareProxyRss] = await through(bareProxy);
  const [viaGateway, gatewayRss] = await through(gateway);

  const { rows } = await sql.query(
    `SELECT count(*)::int AS mismatched FROM decisions.proposal p
     LEFT JOIN (
       SELECT proposal_id, count(*) FILTER (WHERE choice = 'for')::int AS f, count(*) FILTER (WHERE choice = 'against')::int AS a,
              count(*) FILTER (WHERE choice = 'neutral')::int AS n, count(*) FILTER (WHERE choice = 'blank')::int AS b
       FROM decisions.proposal_vote GROUP BY proposal_id
     ) v ON v.proposal_id = p.id
     WHERE p.votes_for <> coalesce(v.f, 0) OR p.votes_against <> coalesce(v.a, 0) OR p.votes_neutral <> coalesce(v.n, 0) OR p.votes_blank <> coalesce(v.b, 0)`,
  );
  const { rows: totals } = await sql.query('SELECT count(*)::int AS votes FROM decisions.proposal_vote');

  report(
    'Votes on proposals (PUT /api/proposals/{id}/vote)',
    [
      { name: 'baseline: bare Fastify + pg, same statement', ...bare, peakRss: bareRss },
      { name: 'directly to the decisions service', ...direct, peakRss: directRss, ratio: direct.perSecond / bare.perSecond },
      { name: 'through a bare proxy (http-proxy alone)', ...viaBareProxy, peakRss: bareProxyRss, ratio: viaBareProxy.perSecond / direct.perSecond },
      {
        name: 'through the gateway',
        ...viaGateway,
        peakRss: gatewayRss,
        ratio: viaGateway.perSecond / direct.perSecond,
        target: `>= ${TARGET_PER_SECOND}/s, p99 < ${TARGET_P99_MS} ms, >= ${TARGET_RATIO}x direct`,
        met: viaGateway.perSecond >= TARGET_PER_SECOND && viaGateway.p99 < TARGET_P99_MS && viaGateway.perSecond / direct.perSecond >= TARGET_RATIO,
      },
    ],
    [
      `${CONNECTIONS} connections, ${MEMBERS} members voting on ${PROPOSALS} proposals (casts and replacements), JWT cookie auth.`,
      'Ratios: the service to the bare endpoint (its token check, validation, metrics and framework cost); the bare proxy and the gateway to the service directly (target >= 0.6): the bare proxy is the cost of one more HTTP hop on the same cores, the gap between it and the gateway is the gateway\'s rate limit, CSRF rule, security headers, request ids and metrics.',
      `The gateway reaches ${((viaGateway.perSecond / viaBareProxy.perSecond) * 100).toFixed(0)} % of the bare proxy's throughput (what its own checks cost); the bare proxy ${((viaBareProxy.perSecond / direct.perSecond) * 100).toFixed(0)} % of direct (what one more process on the same two cores costs).`,
      `${totals[0].votes} vote rows afterwards; proposals whose counters differ from their rows: ${rows[0].mismatched}.`,
    ],
  );
  if (rows[0].mismatched !== 0) process.exitCode = 1;
} finally {
  await gateway?.stop();
  await decisions?.stop();
  await floor?.stop();
  await bareProxy?.stop();
  await sql.end();
  await tokens.close();
  await nats.cleanup();
  await database.drop();
}

