// Notifications: an alert for every member (a phase change) with 1,000,000 members, stored once
// (services/notifications/src/domain/broadcasts.ts). Members are seeded with one INSERT ... SELECT
// generate_series into the notifications member projection, as bench/lib/full-size-seed.mjs does.
// (a) The PostgreSQL time of the alert a phase change writes, in a transaction of its own: the
//     service's own statement (BroadcastRepository.insert, from services/notifications/dist), against
//     the old shape measured in the same run on the same members as the baseline: one alert row per
//     member in one INSERT ... SELECT over the projection, the unread counters following by trigger.
//     Target: under 50 ms. Next to it, the read of the unread counts of 10,000 members in one query
//     (what a replica does to push them).
// (b) The built notifications service with 10,000 open unread streams (server-sent events, one per
//     member): from the phase change's publication on JetStream to each stream's new count. Target
//     p99 under 1 s. Baseline in the same run: a personal alert (decisions.proposal.signalled) to one
//     of those streams, the same path for one member.
// Smaller: BENCH_MEMBERS=100000 BENCH_STREAMS=1000 node bench/run-all.mjs notifications-broadcast
import http from 'node:http';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { benchResources, NATS_URL, report, root, startService, summarize } from './lib/bench.mjs';

const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 1_000_000);
const STREAMS = Math.min(Number(process.env.BENCH_STREAMS ?? 10_000), MEMBERS);
/** Phase changes written in the new shape for (a); the old shape is written BENCH_OLD_RUNS times (each takes seconds). */
const RUNS = Number(process.env.BENCH_BROADCASTS ?? 30);
const OLD_RUNS = Number(process.env.BENCH_OLD_RUNS ?? 1);
/** Broadcasts pushed to every stream for (b), and personal alerts for its baseline. */
const ROUNDS = Number(process.env.BENCH_PUSH_ROUNDS ?? 5);
const PERSONAL = Number(process.env.BENCH_EVENTS ?? 30);
const TARGET_WRITE_MS = 50;
const TARGET_PUSH_MS = 1000;

const kit = await import(pathToFileURL(path.join(root, 'packages/service-kit/dist/index.js')).href);
const { CyclePhaseChanged, ProposalSignalled } = await import(pathToFileURL(path.join(root, 'packages/contracts/dist/index.js')).href);
const { BroadcastRepository } = await import(pathToFileURL(path.join(root, 'services/notifications/dist/store/broadcast.repository.js')).href);
const { unreadCount } = await import(pathToFileURL(path.join(root, 'services/notifications/dist/domain/broadcasts.js')).href);

/** Member i's id, the same in SQL and here. */
const memberIdSql = (column) => `('00000000-0000-4000-8000-' || lpad(to_hex(${column}), 12, '0'))::uuid`;
const memberId = (i) => `00000000-0000-4000-8000-${i.toString(16).padStart(12, '0')}`;
/** The service's repositories run on anything with Prisma's two tagged raw calls: here a pg client. */
const executor = (client) => ({
  $executeRaw: async (query) => (await client.query(query.text, query.values)).rowCount,
  $queryRaw: async (query) => (await client.query(query.text, query.values)).rows,
});
const now = () => Number(process.hrtime.bigint()) / 1e6;
const content = (n) => ({ messageKey: 'phaseChanged', params: { number: n, from: 'proposals', to: 'voting' }, link: `/decisions/${randomUUID()}` });

const resources = await benchResources('notifbroadcast', ['notifications']);
const { database, nats, tokens, sql } = resources;
const exec = executor(sql);
let service = null;
let bus = null;
const requests = [];

try {
  const seedStarted = Date.now();
  await sql.query(
    `INSERT INTO notifications.member (user_id, user_name, registered_at)
     SELECT ${memberIdSql('i')}, 'Member ' || i, now() - i * interval '1 minute' FROM generate_series(1, $1::int) AS i`,
    [MEMBERS],
  );
  await sql.query('ANALYZE notifications.member');
  const seedSeconds = (Date.now() - seedStarted) / 1000;

  // (a) One transaction per phase change, committed: the new shape, then the old one on the same members.
  const inTransaction = async (work) => {
    const t0 = now();
    await sql.query('BEGIN');
    const result = await work();
    await sql.query('COMMIT');
    return { ms: now() - t0, result };
  };
  await inTransaction(() => BroadcastRepository.insert(exec, content(0))); // warm-up (plans, buffers)
  const newTimes = [];
  for (let i = 1; i <= RUNS; i++) newTimes.push((await inTransaction(() => BroadcastRepository.insert(exec, content(i)))).ms);
  const oldTimes = [];
  let oldRows = 0;
  for (let i = 0; i < OLD_RUNS; i++) {
    const { ms, result } = await inTransaction(async () => {
      // The statement the consumer ran before broadcasts were stored once, with its shared lock.
      await sql.query('SELECT pg_advisory_xact_lock_shared(7310451201)::text');
      const c = content(1000 + i);
      return sql.query(
        `INSERT INTO notifications.alert (user_id, message_key, params, link)
         SELECT m.user_id, $1, $2::jsonb, $3 FROM notifications.member m WHERE m.deleted_at IS NULL ORDER BY m.user_id`,
        [c.messageKey, JSON.stringify(c.params), c.link],
      );
    });
    oldTimes.push(ms);
    oldRows = result.rowCount;
  }
  const { rows: written } = await sql.query('SELECT (SELECT count(*) FROM notifications.broadcast_alert)::int AS broadcasts, (SELECT total FROM notifications.broadcast_total)::int AS total');
  if (written[0].broadcasts !== RUNS + 1 || written[0].total !== RUNS + 1) throw new Error(`expected ${RUNS + 1} broadcasts, found ${JSON.stringify(written[0])}`);

  // The counts a replica reads to push them: STREAMS members in one query, as the hub does.
  const streamIds = Array.from({ length: STREAMS }, (_, i) => memberId(i + 1));
  const countTimes = [];
  let sampleCount = 0;
  for (let i = 0; i < 11; i++) {
    const t0 = now();
    const parts = await BroadcastRepository.unreadParts(exec, streamIds);
    if (i > 0) countTimes.push(now() - t0);
    sampleCount = unreadCount(parts.get(streamIds[0]));
  }
  // Every member has the RUNS + 1 broadcasts and the old shape's copies unread.
  if (sampleCount !== RUNS + 1 + OLD_RUNS) throw new Error(`member 1 counts ${sampleCount} unread, expected ${RUNS + 1 + OLD_RUNS}`);

  const oldWrite = summarize(oldTimes, 1);
  const newWrite = summarize(newTimes, 1);
  const countRead = summarize(countTimes, 1);
  report(
    `Alert for everyone (phase change) with ${MEMBERS.toLocaleString('en')} members: PostgreSQL time`,
    [
      { name: 'baseline: old shape, one alert row per member', value: oldRows, unit: 'rows', p50: oldWrite.p50, p99: oldWrite.p99 },
      {
        name: 'stored once: one broadcast row and the total',
        p50: newWrite.p50,
        p99: newWrite.p99,
        ratio: newWrite.p99 / oldWrite.p99,
        target: `p99 < ${TARGET_WRITE_MS} ms`,
        met: newWrite.p99 < TARGET_WRITE_MS,
      },
      { name: `unread counts of ${STREAMS.toLocaleString('en')} members, one query`, p50: countRead.p50, p99: countRead.p99 },
    ],
    [
      `Each write is its own transaction, BEGIN to COMMIT, from a client on this machine (the consumer's inbox row, the same in both shapes, left out): ${RUNS} phase changes stored once, ${OLD_RUNS} in the old shape; ratio compares p99 with the old shape's (the old shape takes ${(oldWrite.p99 / newWrite.p99).toFixed(0)} times as long).`,
      `${MEMBERS.toLocaleString('en')} members seeded in ${seedSeconds.toFixed(1)} s by one INSERT ... SELECT generate_series; the counts read the personal counter, the total, the member's watermarks and marks (src/domain/broadcasts.ts).`,
    ],
  );

  // (b) The built service, STREAMS open streams, then phase changes published on JetStream.
  service = await startService('notifications', { DATABASE_URL: database.url, NATS_PREFIX: nats.prefix, JWKS_URL: tokens.jwksUrl, LOG_LEVEL: 'warn' });
  bus = await kit.connectBus({ url: NATS_URL, prefix: nats.prefix, name: 'bench-notifications-broadcast' });
  const counts = new Int32Array(STREAMS).fill(-1);
  const arrivals = new Float64Array(STREAMS);
  const raises = new Uint8Array(STREAMS);
  let recording = false;
  let base = null;
  let ended = 0;
  const openStream = (index, cookie) =>
    new Promise((resolve, reject) => {
      let first = true;
      const request = http.get(`${service.origin}/api/users/notifications/stream`, { agent: false, headers: { cookie, accept: 'text/event-stream' } }, (response) => {
        if (response.statusCode !== 200) return reject(new Error(`stream answered ${response.statusCode}`));
        response.setEncoding('utf8');
        response.on('data', (chunk) => {
          for (let at = chunk.indexOf('event: unread'); at >= 0; at = chunk.indexOf('event: unread', at + 1)) {
            const count = Number.parseInt(chunk.slice(chunk.indexOf('"count":', at) + 8), 10);
            counts[index] = count;
            if (first) {
              first = false;
              resolve();
            } else if (recording && count > base[index]) {
              if (raises[index] === 0) arrivals[index] = now();
              if (raises[index] < 255) raises[index] += 1;
              base[index] = count;
            }
          }
        });
        response.on('end', () => (ended += 1));
      });
      request.on('error', reject);
      request.setTimeout(120_000, () => request.destroy(new Error('no first count within 120 s')));
      requests.push(request);
    });
  const openStarted = Date.now();
  for (let from = 0; from < STREAMS; from += 200) {
    const batch = [];
    for (let i = from; i < Math.min(STREAMS, from + 200); i++) batch.push(tokens.sign({ id: streamIds[i] }, '2h').then((token) => openStream(i, `access_token=${token}`)));
    await Promise.all(batch);
  }
  const openSeconds = (Date.now() - openStarted) / 1000;

  /** Records the streams whose count goes up from now on. */
  const startRecording = () => {
    base = Int32Array.from(counts);
    arrivals.fill(0);
    raises.fill(0);
    recording = true;
  };
  const waitUntil = async (done, ms) => {
    const deadline = Date.now() + ms;
    while (!done() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 5));
  };

  // Baseline: a personal alert to the first stream's member, one after another.
  const personalDelays = [];
  let personalLost = 0;
  for (let i = 0; i < PERSONAL; i++) {
    startRecording();
    const event = kit.newEvent(ProposalSignalled, { proposalId: randomUUID(), userId: streamIds[0], signalledBy: randomUUID() });
    const t0 = now();
    await bus.js.publish(bus.subject(event.subject), JSON.stringify(event), { msgID: event.id });
    await waitUntil(() => raises[0] > 0, 5000);
    if (raises[0] > 0) personalDelays.push(arrivals[0] - t0);
    else personalLost += 1;
    recording = false;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }

  // Phase changes: every stream's count must go up by one.
  const pushDelays = [];
  let lost = 0;
  let doubled = 0;
  for (let round = 0; round < ROUNDS; round++) {
    startRecording();
    const event = kit.newEvent(CyclePhaseChanged, { cycleId: randomUUID(), number: 2000 + round, from: 'voting', to: 'creation', at: new Date().toISOString(), phaseEndsAt: new Date().toISOString() });
    const t0 = now();
    await bus.js.publish(bus.subject(event.subject), JSON.stringify(event), { msgID: event.id });
    await waitUntil(() => raises.every((n) => n > 0), 30_000);
    await new Promise((resolve) => setTimeout(resolve, 300)); // a second push would show here
    recording = false;
    for (let i = 0; i < STREAMS; i++) {
      if (raises[i] === 0) lost += 1;
      else pushDelays.push(arrivals[i] - t0);
      if (raises[i] > 1) doubled += 1;
    }
  }
  const { rows: after } = await sql.query('SELECT (SELECT count(*) FROM notifications.broadcast_alert)::int AS broadcasts, (SELECT count(*) FROM notifications.broadcast_mark)::int AS marks');
  const single = summarize(personalDelays, 1, personalLost);
  const push = summarize(pushDelays, 1, lost + doubled);
  report(
    `Alert for everyone pushed to ${STREAMS.toLocaleString('en')} open unread streams (${MEMBERS.toLocaleString('en')} members)`,
    [
      { name: 'baseline: personal alert -> its one stream', p50: single.p50, p99: single.p99, errors: personalLost },
      {
        name: `phase change -> new count on each of ${STREAMS.toLocaleString('en')} streams`,
        p50: push.p50,
        p99: push.p99,
        errors: lost + doubled,
        ratio: push.p99 / single.p99,
        target: `p99 < ${TARGET_PUSH_MS} ms`,
        met: push.p99 < TARGET_PUSH_MS && lost + doubled === 0 && ended === 0,
      },
    ],
    [
      `From the event's publication on JetStream (consumer, one broadcast row, NATS core fan-out to the replica, one count query for its connected members, SSE frames) to each stream's raised count, read by the benchmark process that holds every stream; ${ROUNDS} phase changes x ${STREAMS.toLocaleString('en')} streams, ${PERSONAL} personal alerts for the baseline. Errors: streams not raised within 30 s (${lost}) or raised twice (${doubled}); streams ended: ${ended}. Ratio compares p99 with the baseline's.`,
      `${STREAMS.toLocaleString('en')} streams opened in ${openSeconds.toFixed(1)} s; afterwards ${after[0].broadcasts} broadcast rows and ${after[0].marks} marks in all.`,
    ],
  );
} finally {
  for (const request of requests) request.destroy();
  await bus?.close();
  await service?.stop();
  await resources.close();
}
