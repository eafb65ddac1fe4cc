// Notifications: GET /api/users/notifications/{userId} for a user with 1,000,000 alerts (seeded with
// one INSERT ... SELECT generate_series; the unread counter follows through the table's triggers),
// against the built notifications service with its own database and NATS prefix: the newest page, a
// keyset page deep in the history, the newer-than page, and the unread count. Baseline in the same
// run: the same first-page call for a user with 50 alerts. Target: list p99 under 20 ms.
// Then the live count: the delay from an event's publication on NATS (decisions.proposal.signalled)
// to the new unread count arriving on the user's server-sent-events stream, next to a bare NATS core
// publish -> subscribe round trip. Run: node bench/run-all.mjs notifications-list
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { EventSourceParserStream } from 'eventsource-parser/stream';
import { Pool } from 'undici';
import { benchResources, measure, NATS_URL, report, root, startService, summarize, withPeak } from './lib/bench.mjs';

const ALERTS = Number(process.env.BENCH_ALERTS ?? 1_000_000);
/** Latency is measured with one client at a time (the machine is not saturated), throughput with several. */
const LATENCY_CLIENTS = Number(process.env.BENCH_LATENCY_CLIENTS ?? 1);
const CONCURRENCY = Number(process.env.BENCH_CONNECTIONS ?? 8);
const EVENTS = Number(process.env.BENCH_EVENTS ?? 200);
const TARGET_P99_MS = 20;

const kit = await import(pathToFileURL(path.join(root, 'packages/service-kit/dist/index.js')).href);
const { ProposalSignalled } = await import(pathToFileURL(path.join(root, 'packages/contracts/dist/index.js')).href);

const resources = await benchResources('notifications', ['notifications']);
const { database, nats, tokens, sql } = resources;
let service = null;
let bus = null;

try {
  const heavy = randomUUID();
  const light = randomUUID();
  await sql.query(`INSERT INTO notifications.member (user_id, user_name) VALUES ($1, 'Heavy'), ($2, 'Light')`, [heavy, light]);
  const seedStarted = Date.now();
  await sql.query(
    `INSERT INTO notifications.alert (user_id, message_key, params, link, viewed, created_at)
     SELECT $1::uuid, 'notice', jsonb_build_object('text', 'Alert ' || i), '/decisions', (i % 3 = 0)::int, now() - ($2 - i) * interval '1 second'
     FROM generate_series(1, $2) AS i`,
    [heavy, ALERTS],
  );
  await sql.query(
    `INSERT INTO notifications.alert (user_id, message_key, params) SELECT $1::uuid, 'notice', jsonb_build_object('text', 'Alert ' || i) FROM generate_series(1, 50) AS i`,
    [light],
  );
  await sql.query('ANALYZE notifications.alert');
  const seedSeconds = (Date.now() - seedStarted) / 1000;
  const { rows: ids } = await sql.query('SELECT min(id)::bigint AS lo, max(id)::bigint AS hi FROM notifications.alert WHERE user_id = $1', [heavy]);
  const [lo, hi] = [Number(ids[0].lo), Number(ids[0].hi)];
  const { rows: counter } = await sql.query('SELECT unread FROM notifications.unread_counter WHERE user_id = $1', [heavy]);

  service = await startService('notifications', { DATABASE_URL: database.url, NATS_PREFIX: nats.prefix, JWKS_URL: tokens.jwksUrl });
  const cookie = async (id) => `access_token=${await tokens.sign({ id }, '1h')}`;
  const heavyCookie = await cookie(heavy);
  const lightCookie = await cookie(light);
  const pool = new Pool(service.origin, { connections: CONCURRENCY, pipelining: 1 });
  const call = (url, cookieHeader, expectItems) => async () => {
    const { statusCode, body } = await pool.request({ path: url, method: 'GET', headers: { cookie: cookieHeader } });
    const parsed = await body.json();
    return statusCode === 200 && (expectItems === undefined || parsed.length === expectItems);
  };

  const base = '/api/users/notifications';
  // Warm-up: JIT, pools, the JWKS fetch, PostgreSQL's plan and buffer caches.
  await measure(call(`${base}/${heavy}`, heavyCookie, 50), { concurrency: CONCURRENCY, durationMs: 1000 });
  await measure(call(`${base}/${light}`, lightCookie, 50), { concurrency: CONCURRENCY, durationMs: 500 });

  const baseline = await measure(call(`${base}/${light}`, lightCookie, 50), { concurrency: LATENCY_CLIENTS });
  const first = await measure(call(`${base}/${heavy}`, heavyCookie, 50), { concurrency: LATENCY_CLIENTS });
  let deepIteration = 0;
  const deep = await measure(
    async () => {
      // Keyset pages spread over the whole history.
      const before = lo + 100 + ((deepIteration++ * 7919) % (hi - lo - 100));
      return call(`${base}/${heavy}?before=${before}`, heavyCookie, 50)();
    },
    { concurrency: LATENCY_CLIENTS },
  );
  const newer = await measure(call(`${base}/${heavy}?getNewsAlertsFromId=${hi - 10}`, heavyCookie, 10), { concurrency: LATENCY_CLIENTS });
  const count = await measure(call(`${base}/unread/${heavy}`, heavyCookie), { concurrency: LATENCY_CLIENTS });
  const [loaded, rss] = await withPeak(service.rss, () => measure(call(`${base}/${heavy}`, heavyCookie, 50), { concurrency: CONCURRENCY }));
  await pool.close();

  // One client at a time: what counts is the latency; a rate of one client would say nothing.
  const latency = ({ p50, p99, errors }) => ({ p50, p99, errors });
  const within = (row) => row.p99 < TARGET_P99_MS && row.errors === 0;
  report(
    `Notifications list (GET ${base}/{userId}) with ${ALERTS.toLocaleString('en')} alerts for one user`,
    [
      { name: 'baseline: newest page, user with 50 alerts', ...latency(baseline) },
      { name: 'newest page (default offset 0, limit 50)', ...latency(first), ratio: first.p99 / baseline.p99, target: `p99 < ${TARGET_P99_MS} ms`, met: within(first) },
      { name: 'keyset page anywhere in the history (before)', ...latency(deep), ratio: deep.p99 / baseline.p99, target: `p99 < ${TARGET_P99_MS} ms`, met: within(deep) },
      { name: 'newer than an id (getNewsAlertsFromId)', ...latency(newer), ratio: newer.p99 / baseline.p99, target: `p99 < ${TARGET_P99_MS} ms`, met: within(newer) },
      { name: 'unread count (GET .../unread/{userId})', ...latency(count), ratio: count.p99 / baseline.p99 },
      { name: `newest page, ${CONCURRENCY} concurrent clients (throughput)`, ...loaded, peakRss: rss },
    ],
    [
      `Latency rows: ${LATENCY_CLIENTS} client at a time; the last row saturates the one service process with ${CONCURRENCY} clients. JWT cookie auth; ratios compare p99 with the baseline's p99.`,
      `Seeded in ${seedSeconds.toFixed(1)} s by one INSERT ... SELECT generate_series; unread counter after the seed: ${counter[0]?.unread} (two thirds of the alerts are unread).`,
    ],
  );

  // Live count: event publication -> count pushed on the SSE stream.
  bus = await kit.connectBus({ url: NATS_URL, prefix: nats.prefix, name: 'bench-notifications' });
  const baselineLatencies = [];
  const subscription = bus.nc.subscribe(`${nats.prefix}bench-baseline`);
  void (async () => {
    for await (const message of subscription) baselineLatencies.push(Number(process.hrtime.bigint() - BigInt(message.string())) / 1e6);
  })();
  for (let i = 0; i < EVENTS; i++) {
    bus.nc.publish(`${nats.prefix}bench-baseline`, String(process.hrtime.bigint()));
    await bus.nc.flush();
  }
  while (baselineLatencies.length < EVENTS) await new Promise((resolve) => setTimeout(resolve, 10));
  subscription.unsubscribe();
  const natsBaseline = summarize(baselineLatencies, 1);

  const controller = new AbortController();
  const response = await fetch(`${service.origin}${base}/stream`, { headers: { cookie: heavyCookie }, signal: controller.signal });
  if (response.status !== 200) throw new Error(`the stream answered ${response.status}`);
  let latestCount = -1;
  let waiter = null;
  const reader = response.body.pipeThrough(new TextDecoderStream()).pipeThrough(new EventSourceParserStream()).getReader();
  void (async () => {
    try {
      for (;;) {
        const { value: message, done } = await reader.read();
        if (done) return;
        if (message.event !== 'unread') continue;
        latestCount = JSON.parse(message.data).count;
        if (waiter && latestCount >= waiter.target) waiter.resolve(process.hrtime.bigint());
      }
    } catch {
      // aborted at the end
    }
  })();
  while (latestCount < 0) await new Promise((resolve) => setTimeout(resolve, 10));

  const delays = [];
  let lost = 0;
  const liveStarted = Date.now();
  for (let i = 0; i < EVENTS; i++) {
    const target = latestCount + 1;
    const arrived = new Promise((resolve) => (waiter = { target, resolve }));
    const event = kit.newEvent(ProposalSignalled, { proposalId: randomUUID(), userId: heavy, signalledBy: randomUUID() });
    const t0 = process.hrtime.bigint();
    await bus.js.publish(bus.subject(event.subject), JSON.stringify(event), { msgID: event.id });
    const t1 = await Promise.race([arrived, new Promise((resolve) => setTimeout(() => resolve(null), 5000))]);
    waiter = null;
    if (t1 === null) lost += 1;
    else delays.push(Number(t1 - t0) / 1e6);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const live = summarize(delays, Date.now() - liveStarted, lost);
  controller.abort();

  report(
    'Live unread count (event published -> count pushed over server-sent events)',
    [
      { name: 'baseline: NATS core publish -> subscribe', p50: natsBaseline.p50, p99: natsBaseline.p99 },
      {
        name: 'JetStream -> consumer (alert + counter) -> NATS fan-out -> SSE',
        p50: live.p50,
        p99: live.p99,
        errors: lost,
        ratio: live.p50 / natsBaseline.p50,
        target: 'p99 < 200 ms',
        met: live.p99 < 200 && lost === 0,
      },
    ],
    [`${EVENTS} events one after another to the user with ${ALERTS.toLocaleString('en')} alerts; ratio compares p50 with the NATS core p50.`],
  );
} finally {
  await bus?.close();
  await service?.stop();
  await resources.close();
}
