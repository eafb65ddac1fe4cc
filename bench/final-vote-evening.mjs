// A final-vote evening: citizens arrive at a fixed rate (open loop) and each plays the final-vote
// screen as the shipped front end does (lib/final-vote-fixture.mjs lists the calls in order): session
// restore, the phase's cycles and laws, the law with its articles, amendments and counts, the chat
// panel's socket and history, a ballot on every article, one chat message. Through the gateways, first
// with no page held, then while BENCH_CONNECTED other citizens hold the final-vote page open (a chat
// socket in the room and the notification stream each, lib/citizen-clients.mjs). In each series the
// rate steps up until a step fails.
// Measured per step: citizens per minute offered and completed, the p50/p99 of every request of the
// sequence, errors, and the CPU of the gateways, the services, PostgreSQL and the clients.
// Baseline in the same run: the same sequence sent to the services directly, with no page held, at the
// highest rate that passed with no page held (the first rate when none did). The held pages watch the
// law's live topic as the screen does (no poll): for BENCH_HELD_IDLE_MS they are held alone with a
// ballot a second, and decisions' reads of cycles and laws then (its /metrics) must be 0; the live
// updates published (NATS) and delivered (the held pages) are counted then and during the held steps.
// One step on a full-size
// law (50 articles, 200 amendments), for information, runs before the pages are held. Ballots are
// checked against the rows afterwards.
// Target: >= 5,000 citizens per minute with every request's p99 < 200 ms and no error.
// Run: node bench/run-all.mjs final-vote-evening (needs PostgreSQL, NATS and Redis: DATABASE_URL,
// NATS_URL, REDIS_URL, default 127.0.0.1). Knobs below; small sizes for development, e.g.
// BENCH_CONNECTED=500 BENCH_RATES=1000,3000 BENCH_STEP_MS=5000.
import { readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CONNECTED = Number(process.env.BENCH_CONNECTED ?? 10000);
const GATEWAYS = Number(process.env.BENCH_GATEWAYS ?? 3);
const RATES = (process.env.BENCH_RATES ?? '500,1000,2000,3000,5000,7000').split(',').map(Number);
const STEP_MS = Number(process.env.BENCH_STEP_MS ?? 8000);
const WORKERS = Number(process.env.BENCH_CLIENT_WORKERS ?? 2);
const ARTICLES = Number(process.env.BENCH_ARTICLES ?? 10);
const AMENDMENTS = Number(process.env.BENCH_AMENDMENTS ?? 8);
const FULL_ARTICLES = Number(process.env.BENCH_FULL_ARTICLES ?? 50);
const FULL_AMENDMENTS = Number(process.env.BENCH_FULL_AMENDMENTS ?? 200);
const FULL_RATE = Number(process.env.BENCH_FULL_RATE ?? 500);
/** 'articles' (a ballot on every article) or 'texts' (on every article and amendment). */
const VOTES_ON = process.env.BENCH_VOTES_ON ?? 'articles';
const TARGET_PER_MINUTE = 5000;
const TARGET_P99_MS = 200;
/** How long the citizens started in a step may take to finish before they count as not completed (past the socket's 10 s acknowledgement timeout). */
const DRAIN_MS = 11_000;
/** How long the held pages are watched alone (a ballot a second coming in): decisions' reads then must be 0. */
const HELD_IDLE_MS = Number(process.env.BENCH_HELD_IDLE_MS ?? 10_000);

const chatRequire = createRequire(path.join(root, 'services/chat/package.json'));
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

if (!isMainThread) await clientWorker();
else await main();

/**
 * A worker thread of simulated citizens: for each step it is told, starts its share of the rate at
 * fixed intervals without waiting for earlier ones (open loop) and answers every request's latency.
 */
async function clientWorker() {
  const { io } = await import(pathToFileURL(chatRequire.resolve('socket.io-client')).href);
  const { finalVoteClient, shippedSocketOptions } = await import('./lib/final-vote-fixture.mjs');
  const socketOptions = await shippedSocketOptions();
  const { members, gatewayUrls, serviceUrls, index, workers } = workerData;
  const viaGateways = gatewayUrls.map((url) => finalVoteClient({ origins: { identity: url, decisions: url, chat: url, page: url }, connect: io, socketOptions, votesOn: VOTES_ON }));
  const direct = finalVoteClient({ origins: { ...serviceUrls, page: gatewayUrls[0] }, connect: io, socketOptions, votesOn: VOTES_ON });
  const lag = monitorEventLoopDelay({ resolution: 10 });
  lag.enable();
  /** `law|member|text` of every ballot answered 2xx, over the whole run. */
  const accepted = [];
  const outstanding = [];

  parentPort.on('message', async (step) => {
    if (step.type === 'close') {
      // Citizens still running after their step's drain count here too, so the ballot check sees them
      // (every request is bounded: 30 s for HTTP, 20 s for a socket to connect, 10 s for an acknowledgement).
      let settled = 0;
      await Promise.race([Promise.all(outstanding.map((run) => run.finally(() => (settled += 1)))), sleep(45_000)]);
      const inFlight = outstanding.length - settled;
      await Promise.all([...viaGateways, direct].map((client) => client.close()));
      parentPort.postMessage({ type: 'closed', accepted, inFlight });
      return;
    }
    const latencies = [];
    const byKind = {};
    const failures = new Map();
    let errors = 0;
    const record = (ms, ok, kind) => {
      latencies.push(ms);
      (byKind[kind] ??= []).push(ms);
      if (!ok) errors += 1;
    };
    record.failure = (what) => failures.set(what, (failures.get(what) ?? 0) + 1);
    const perWorkerPerMs = step.perMinute / workers / 60_000;
    const runs = [];
    let completed = 0;
    lag.reset();
    const began = performance.now();
    for (let k = 0; ; k++) {
      // Workers take turns, so that together they start citizens at even intervals.
      const due = began + (k + index / workers) / perWorkerPerMs;
      if (due - began >= step.durationMs) break;
      const wait = due - performance.now();
      if (wait > 1) await sleep(wait);
      const citizen = step.base + k * workers + index;
      const member = members[citizen % members.length];
      const client = step.direct ? direct : viaGateways[citizen % viaGateways.length];
      runs.push(
        client.run(member, step.law, record, citizen).then(
          (result) => {
            if (result.ok) completed += 1;
            for (const id of result.accepted) accepted.push(`${step.law.lawId}|${citizen % members.length}|${id}`);
          },
          (error) => record.failure(`citizen threw ${error.message}`),
        ),
      );
    }
    const offered = runs.length;
    outstanding.push(...runs);
    await Promise.race([Promise.all(runs), sleep(DRAIN_MS)]);
    parentPort.postMessage({
      type: 'result',
      offered,
      completed,
      errors,
      latencies,
      byKind,
      failures: [...failures],
      lagP99: lag.percentile(99) / 1e6,
      lagMax: lag.max / 1e6,
    });
  });
  parentPort.postMessage({ type: 'ready' });
}

/** The pids of every PostgreSQL process (the server and its backends) on this machine. */
function postgresPids() {
  const pids = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === 'postgres') pids.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return pids;
}

async function main() {
  const { report } = await import('./lib/bench.mjs');
  const { startPeakStack, procStats } = await import('./lib/peak-stack.mjs');
  const { ballotCheck, decisionsReads, identitySessions, liveUpdates, seedFinalVoteLaw } = await import('./lib/final-vote-fixture.mjs');
  const { NATS_URL } = await import('./lib/bench.mjs');
  const pg = (await import('pg')).default;
  const citizenClients = await import('./lib/citizen-clients.mjs');

  // Every step at most, the baseline at the highest rate, the full-size step, the warm-up: a member of its own each.
  const eveningCitizens = Math.ceil(((2 * RATES.reduce((a, b) => a + b, 0) + Math.max(...RATES) + FULL_RATE) * STEP_MS) / 60_000) + 300;
  const memberCount = Number(process.env.BENCH_MEMBERS ?? CONNECTED + Math.min(eveningCitizens, 20_000));
  const runStarted = Date.now();

  // The services check tokens against identity's JWKS, as deployed (the stack's default is a test
  // signer that identity's session restore does not know): a relay to identity, known once it runs.
  let identityOrigin = null;
  const jwks = createServer((request, response) => {
    if (!identityOrigin) return void response.writeHead(503).end();
    fetch(`${identityOrigin}/api/auth/jwks`).then(
      async (answer) => response.writeHead(answer.status, { 'content-type': 'application/json' }).end(await answer.text()),
      () => response.writeHead(502).end(),
    );
  });
  await new Promise((resolve) => jwks.listen(0, '127.0.0.1', resolve));
  const stack = await startPeakStack({
    label: 'evening',
    gateways: GATEWAYS,
    members: memberCount,
    env: {
      JWKS_URL: `http://127.0.0.1:${jwks.address().port}/api/auth/jwks`,
      PHASE_TICK_MS: '60000',
      chat: { CHAT_SOCKET_CAPACITY: String(Math.max(5000, CONNECTED + 2000)) },
    },
  }).catch((error) => {
    jwks.close();
    throw error;
  });
  identityOrigin = stack.serviceUrls.identity;
  const sql = new pg.Client({ connectionString: stack.databaseUrl });
  const threads = [];
  let holders = null;
  let live = null;
  let cleaned = null;
  // Once, on the way out or when the run is stopped (a budget's timeout): every process, the database, the streams.
  const cleanup = () =>
    (cleaned ??= (async () => {
      for (const thread of threads.splice(0)) {
        thread.worker.postMessage({ type: 'close' });
        await Promise.race([thread.next(), sleep(5000)]);
        await thread.worker.terminate();
      }
      await holders?.close?.();
      await live?.close().catch(() => undefined);
      await sql.end().catch(() => undefined);
      await stack.stop();
      jwks.close();
    })());
  for (const signal of ['SIGTERM', 'SIGINT']) process.once(signal, () => cleanup().finally(() => process.exit(1)));
  try {
    await sql.connect();
    // Every member with a session of identity's own and its access token (the front end's cookie).
    const members = await identitySessions(sql, identityOrigin, stack.members);
    const memberIds = members.map((member) => member.id);
    const law = await seedFinalVoteLaw(sql, { articles: ARTICLES, amendments: AMENDMENTS, memberIds, title: 'Law on open municipal budgets' });
    const fullLaw = await seedFinalVoteLaw(sql, { cycleId: law.cycleId, articles: FULL_ARTICLES, amendments: FULL_AMENDMENTS, history: 0, title: 'Full-size law' });
    const seededAt = Date.now();

    // The citizens holding the page open, in the law's final-vote room (connected after the warm-up); the evening's citizens are the others.
    const holding = members.slice(0, CONNECTED);
    const evening = members.slice(CONNECTED);

    for (let index = 0; index < WORKERS; index++) {
      const worker = new Worker(fileURLToPath(import.meta.url), {
        workerData: { members: evening.map(({ cookie }) => ({ cookie })), gatewayUrls: stack.gatewayUrls, serviceUrls: stack.serviceUrls, index, workers: WORKERS },
      });
      const inbox = [];
      const waiting = [];
      worker.on('message', (message) => (waiting.length ? waiting.shift()(message) : inbox.push(message)));
      worker.on('error', (error) => {
        console.error('a client worker failed', error);
        process.exitCode = 1;
      });
      const next = () => (inbox.length ? Promise.resolve(inbox.shift()) : new Promise((resolve) => waiting.push(resolve)));
      await next();
      threads.push({ worker, next });
    }

    let base = 0;
    const processes = () => ({
      gateways: stack.pids.gateways,
      identity: [stack.pids.identity],
      decisions: [stack.pids.decisions],
      chat: [stack.pids.chat],
      notifications: [stack.pids.notifications],
      postgres: postgresPids(),
      clients: [process.pid],
      'held pages': holders?.pids ?? [],
    });
    /** Transactions committed in the stack's database so far (each statement outside a transaction is one). */
    const transactions = async () => Number((await sql.query('SELECT xact_commit FROM pg_stat_database WHERE datname = current_database()')).rows[0].xact_commit);
    const cpuMsOf = (pid) => {
      try {
        return procStats(pid).cpuMs;
      } catch {
        return 0; // ended meanwhile
      }
    };
    const cpuByPid = () => new Map(Object.values(processes()).flat().map((pid) => [pid, cpuMsOf(pid)]));

    /** One step: `perMinute` citizens per minute for `durationMs`, through the gateways or directly. */
    const step = async ({ perMinute, durationMs = STEP_MS, direct = false, on = law }) => {
      const before = cpuByPid();
      const statementsBefore = await transactions();
      const began = Date.now();
      for (const thread of threads) thread.worker.postMessage({ type: 'step', perMinute, durationMs, direct, law: on, base });
      const results = await Promise.all(threads.map((thread) => thread.next()));
      const elapsed = Date.now() - began;
      // Per group, the CPU time each process spent since the step began (a PostgreSQL backend started
      // meanwhile counts from zero), as % of one core.
      const cpu = {};
      for (const [name, pids] of Object.entries(processes())) cpu[name] = (pids.reduce((sum, pid) => sum + cpuMsOf(pid) - (before.get(pid) ?? 0), 0) / elapsed) * 100;
      // PostgreSQL's statistics reach pg_stat_database within a second of each transaction's end.
      await sleep(1200);
      const statements = (await transactions()) - statementsBefore;
      base += Math.ceil((perMinute * durationMs) / 60_000) + WORKERS * 2;
      const latencies = results.flatMap((result) => result.latencies).sort((a, b) => a - b);
      const at = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? NaN;
      const offered = results.reduce((sum, result) => sum + result.offered, 0);
      const completed = results.reduce((sum, result) => sum + result.completed, 0);
      const errors = results.reduce((sum, result) => sum + result.errors, 0);
      // Each kind of request's p99, to tell which part of the sequence holds the tail.
      const kinds = {};
      for (const result of results) for (const [kind, list] of Object.entries(result.byKind)) (kinds[kind] ??= []).push(...list);
      const kindP99 = Object.entries(kinds)
        .map(([kind, list]) => [kind, list.sort((a, b) => a - b)[Math.min(list.length - 1, Math.floor(0.99 * list.length))]])
        .sort((a, b) => b[1] - a[1]);
      const failures = new Map();
      for (const result of results) for (const [what, count] of result.failures) failures.set(what, (failures.get(what) ?? 0) + count);
      const outcome = {
        perMinute,
        offeredPerMinute: (offered / durationMs) * 60_000,
        completedPerMinute: (completed / durationMs) * 60_000,
        offered,
        completed,
        requests: latencies.length,
        p50: at(0.5),
        p99: at(0.99),
        errors: errors + (offered - completed > 0 && errors === 0 ? offered - completed : 0),
        failures: [...failures].sort((a, b) => b[1] - a[1]).slice(0, 3),
        kindP99,
        transactionsPerCitizen: statements / Math.max(1, offered),
        cpu,
        lagP99: Math.max(...results.map((result) => result.lagP99)),
      };
      outcome.passed = outcome.errors === 0 && completed === offered && outcome.p99 < TARGET_P99_MS;
      const split = Object.entries(cpu)
        .map(([name, value]) => `${name} ${Number.isFinite(value) ? value.toFixed(0) : '?'} %`)
        .join(', ');
      console.log(
        `  ${direct ? 'direct ' : 'gateway'} ${perMinute}/min: completed ${outcome.completedPerMinute.toFixed(0)}/min (${completed}/${offered}), ${latencies.length} requests, ` +
          `p50 ${outcome.p50.toFixed(1)} ms, p99 ${outcome.p99.toFixed(1)} ms, errors ${outcome.errors}, client lag p99 ${outcome.lagP99.toFixed(0)} ms; CPU ${split}` +
          `; ${outcome.transactionsPerCitizen.toFixed(0)} PostgreSQL transactions/citizen; p99 by request: ${kindP99Text(outcome)}` +
          (outcome.failures.length ? `; failures: ${outcome.failures.map(([what, count]) => `${count}x ${what}`).join('; ')}` : ''),
      );
      return outcome;
    };

    // Warm-up before the pages are held: JIT, pools, the JWKS fetch, the chat's first joins (not reported).
    await step({ perMinute: Math.min(600, RATES[0]), durationMs: 2000 });
    await step({ perMinute: Math.min(600, RATES[0]), durationMs: 1000, direct: true });
    // The full-size law, for information, before the pages are held (so its figure is the law's size alone).
    const full = await step({ perMinute: FULL_RATE, on: fullLaw });
    /** Rates in turn until the first that fails. */
    const series = async () => {
      const outcomes = [];
      for (const perMinute of RATES) {
        const outcome = await step({ perMinute });
        outcomes.push(outcome);
        if (!outcome.passed) break;
      }
      return { outcomes, best: outcomes.filter((outcome) => outcome.passed).at(-1) ?? null };
    };
    // First with no page held: what the sequence alone costs, and the baseline directly to the services
    // (held pages would load the services and gateways that the baseline is meant to leave out).
    const alone = await series();
    const baselineRate = alone.best?.perMinute ?? RATES[0];
    const direct = await step({ perMinute: baselineRate, direct: true });

    // The held pages watch the law and the phases as the screen does (docs/live.md#decisions-topics): no poll.
    const lawTopic = `law:${law.lawId}`;
    live = await liveUpdates(stack.natsPrefix, NATS_URL);
    if (CONNECTED > 0) holders = await citizenClients.connectCitizens({ gatewayUrls: stack.gatewayUrls, members: holding, roomId: law.room, topics: ['phases', lawTopic] });
    // The held pages alone, with a ballot a second straight to decisions so the law's figures are
    // pushed: decisions' reads of cycles and laws in that time are what the held pages cost it.
    const idle = { reads: 0, seconds: HELD_IDLE_MS / 1000, updates: { updates: 0, bytes: 0 }, ballots: 0, delivered: 0 };
    /** The held pages' ballots, for the ballot check (`law|held-member|text`, apart from the evening's members). */
    const idleBallots = new Set();
    if (CONNECTED > 0) {
      const readsBefore = await decisionsReads(stack.serviceUrls.decisions);
      live.reset();
      await holders.startRecording();
      const idleStarted = Date.now();
      for (let second = 0; Date.now() - idleStarted < HELD_IDLE_MS; second++) {
        const voter = holding[second % holding.length];
        const articleId = law.articleIds[second % law.articleIds.length];
        const answer = await fetch(`${stack.serviceUrls.decisions}/api/laws/${law.lawId}/articles/${articleId}/vote`, {
          method: 'PUT',
          headers: { cookie: voter.cookie, 'content-type': 'application/json', origin: stack.gatewayUrls[0] },
          body: JSON.stringify({ vote: ['for', 'against'][second % 2] }),
        });
        if (answer.ok) {
          idle.ballots += 1;
          idleBallots.add(`${law.lawId}|held-${second % holding.length}|${articleId}`);
        }
        await sleep(Math.max(0, idleStarted + (second + 1) * 1000 - Date.now()));
      }
      idle.seconds = (Date.now() - idleStarted) / 1000;
      await sleep(1500); // the last ballot's update
      idle.reads = (await decisionsReads(stack.serviceUrls.decisions)) - readsBefore;
      idle.updates = live.of(lawTopic);
      idle.delivered = await holders.liveCount();
      console.log(
        `  ${holders.connected} pages held ${idle.seconds.toFixed(0)} s, ${idle.ballots} ballots: decisions answered ${idle.reads} reads; ${idle.updates.updates} live updates of the law (${(idle.updates.bytes / Math.max(1, idle.updates.updates)).toFixed(0)} bytes each), ${idle.delivered} delivered to the held pages`,
      );
    }
    live.reset();
    const connectedAt = Date.now();
    const { outcomes: steps, best } = CONNECTED > 0 ? await series() : { outcomes: [], best: alone.best };
    const heldSteps = { seconds: (Date.now() - connectedAt) / 1000, ...live.of(lawTopic) };

    // Every ballot answered 2xx, distinct by law, member and text (a member voting again replaces).
    const accepted = new Map([
      [law.lawId, new Set()],
      [fullLaw.lawId, new Set()],
    ]);
    let inFlight = 0;
    for (const thread of threads.splice(0)) {
      thread.worker.postMessage({ type: 'close' });
      const { accepted: pairs, inFlight: running } = await thread.next();
      inFlight += running;
      for (const pair of pairs) accepted.get(pair.slice(0, pair.indexOf('|'))).add(pair);
      await thread.worker.terminate();
    }
    for (const pair of idleBallots) accepted.get(law.lawId).add(pair);
    const checks = [];
    for (const seeded of [law, fullLaw]) checks.push({ seeded, expected: accepted.get(seeded.lawId).size, ...(await ballotCheck(sql, seeded.lawId)) });
    // A citizen still running at the check may have ballots stored whose answer never came back.
    const ballotsOk = checks.every((check) => (inFlight === 0 ? check.ballots === check.expected : check.ballots >= check.expected) && check.mismatched === 0);
    const held = holders ? { connected: holders.connected, failed: holders.failed } : null;

    const cpuNote = (outcome) =>
      Object.entries(outcome.cpu)
        .map(([name, value]) => `${name} ${Number.isFinite(value) ? value.toFixed(0) : '?'} %`)
        .join(', ');
    const rowOf = (name, outcome, extra = {}) => ({
      name,
      perSecond: outcome.completedPerMinute,
      rateUnit: 'citizens/min',
      p50: outcome.p50,
      p99: outcome.p99,
      errors: outcome.errors,
      ...extra,
    });
    const heldName = held ? `${held.connected} pages held` : 'no page held';
    const rows = [
      rowOf(`baseline: directly to the services, no page held, ${baselineRate}/min offered`, direct),
      ...alone.outcomes.map((outcome) =>
        rowOf(`through ${GATEWAYS} gateways, no page held, ${outcome.perMinute}/min offered (${outcome.passed ? 'passed' : 'failed'})`, outcome, {
          ratio: outcome.perMinute === baselineRate ? outcome.p99 / direct.p99 : undefined,
        }),
      ),
      { name: 'highest passing rate, no page held', value: alone.best?.completedPerMinute ?? 0, unit: 'citizens/min' },
      ...steps.map((outcome) => rowOf(`through ${GATEWAYS} gateways, ${heldName}, ${outcome.perMinute}/min offered (${outcome.passed ? 'passed' : 'failed'})`, outcome)),
      {
        name: `highest passing rate through the gateways, ${heldName}`,
        value: best?.completedPerMinute ?? 0,
        unit: 'citizens/min',
        target: `>= ${TARGET_PER_MINUTE}/min`,
        met: (best?.perMinute ?? 0) >= TARGET_PER_MINUTE,
      },
      rowOf(`full-size law (${FULL_ARTICLES} articles, ${FULL_AMENDMENTS} amendments), ${FULL_RATE}/min, no page held`, full),
      ...(held
        ? [
            {
              name: `decisions' reads (cycles, laws, the law) per second while ${held.connected} final-vote pages are held, a ballot a second`,
              value: idle.reads / idle.seconds,
              unit: 'reads/s',
              target: '0 (pushed, not polled)',
              met: idle.reads === 0,
            },
            { name: `live updates of the law per second, held pages alone (a ballot a second)`, value: idle.updates.updates / idle.seconds, unit: 'updates/s' },
            { name: `live updates of the law per second, during the steps with pages held`, value: heldSteps.updates / Math.max(1, heldSteps.seconds), unit: 'updates/s' },
          ]
        : []),
    ];
    const notes = [
      `Each citizen: ${2} session restores, cycles, laws in the phase, the law (${ARTICLES} articles, ${AMENDMENTS} amendments), the chat socket (connect, join) and its history, ` +
        `${VOTES_ON === 'texts' ? 'a ballot on every article and amendment' : `a ballot on each of the ${ARTICLES} articles`}, one chat message: ` +
        `${9 + (VOTES_ON === 'texts' ? ARTICLES + AMENDMENTS : ARTICLES)} requests, every one in the p50/p99 (socket connect and acknowledgements included). ` +
        `Steps of ${STEP_MS / 1000} s, open loop (citizens start at fixed intervals whatever the answers), stepping stops at the first failing rate; a step passes with p99 < ${TARGET_P99_MS} ms, no error and every citizen completed within ${DRAIN_MS / 1000} s.`,
      `Why ${ARTICLES} articles with ${AMENDMENTS} amendments: a law drafted by a handful of drawn citizens in one cycle is a short text; about half its articles amended. The full-size law (${FULL_ARTICLES} articles, ${FULL_AMENDMENTS} amendments) is the product's ceiling, measured once for information.`,
      `While ${held ? `${held.connected} citizens (${held.failed} failed to connect)` : 'no citizens (BENCH_CONNECTED=0)'} held the final-vote page open (chat socket in the room + notification stream each) through the same ${GATEWAYS} gateways.`,
      ...alone.outcomes.map(
        (outcome) =>
          `At ${outcome.perMinute}/min through the gateways, no page held: CPU (% of one core) ${cpuNote(outcome)}; ${outcome.transactionsPerCitizen.toFixed(0)} PostgreSQL transactions per citizen; p99 by request: ${kindP99Text(outcome)}.`,
      ),
      ...steps.map(
        (outcome) =>
          `At ${outcome.perMinute}/min through the gateways, ${heldName}: CPU (% of one core) ${cpuNote(outcome)}; client event-loop lag p99 ${outcome.lagP99.toFixed(0)} ms; ${outcome.transactionsPerCitizen.toFixed(0)} PostgreSQL transactions per citizen; p99 by request: ${kindP99Text(outcome)}.`,
      ),
      `At ${baselineRate}/min directly, no page held: CPU ${cpuNote(direct)}; p99 by request: ${kindP99Text(direct)}. Ratio column: the gateway's p99 over the direct p99 at the same rate.`,
      `Full-size law at ${FULL_RATE}/min through the gateways, before the pages were held: CPU ${cpuNote(full)}; ${full.requests} requests; p99 by request: ${kindP99Text(full)}.`,
      ...checks.map(
        (check) =>
          `Ballots of ${check.seeded === law ? 'the evening law' : 'the full-size law'}: ${check.ballots} rows for ${check.expected} distinct ballots answered 2xx; texts whose counters differ from their rows: ${check.mismatched}.`,
      ),
      ...(inFlight ? [`${inFlight} citizens were still waiting for an answer at the check: their ballots may be stored without a 2xx seen.`] : []),
      'PostgreSQL CPU is every postgres process of the machine (the server is shared); "clients" is this benchmark process (the evening citizens, in worker threads); "held pages" the processes holding the open pages.',
      held
        ? `Live figures instead of polls: the pages watch phases and ${lawTopic} on their one socket. Held alone ${idle.seconds.toFixed(0)} s with ${idle.ballots} ballots: decisions answered ${idle.reads} reads (the pages polled before: about ${Math.round(held.connected / 5)} law reads per second for ${held.connected} pages); ` +
          `${idle.updates.updates} updates of the law were published (${(idle.updates.bytes / Math.max(1, idle.updates.updates)).toFixed(0)} bytes each, one SQL read of the law's counts each, at most one a second whatever the ballots), each sent by chat to the ${held.connected} sockets watching it: ${idle.delivered} deliveries counted by the held pages (${(idle.delivered / Math.max(1, idle.updates.updates * held.connected)).toFixed(2)} per page per update). ` +
          `During the steps with pages held: ${heldSteps.updates} updates in ${heldSteps.seconds.toFixed(0)} s (${(heldSteps.bytes / Math.max(1, heldSteps.updates)).toFixed(0)} bytes each).`
        : 'No page held (BENCH_CONNECTED=0): the live updates were not measured.',
      `Run: stack and members ${((seededAt - runStarted) / 1000).toFixed(0)} s, warm-up, full-size step, steps with no page held and pages held ${((connectedAt - seededAt) / 1000).toFixed(0)} s, steps with pages held ${((Date.now() - connectedAt) / 1000).toFixed(0)} s.`,
    ];
    if (verbose()) for (const outcome of [...alone.outcomes, ...steps, direct, full]) if (outcome.failures.length) notes.push(`failures at ${outcome.perMinute}/min: ${outcome.failures.map(([what, count]) => `${count}x ${what}`).join('; ')}`);
    report('A final-vote evening (open-loop citizens, every request p99 < 200 ms)', rows, notes);
    if (!ballotsOk) {
      console.error('ballots differ from the votes answered 2xx');
      process.exitCode = 1;
    }
  } finally {
    await cleanup();
  }
}

function kindP99Text(outcome) {
  return outcome.kindP99.map(([kind, p99]) => `${kind} ${p99.toFixed(0)} ms`).join(', ');
}

function verbose() {
  return process.env.BENCH_VERBOSE !== '0';
}
