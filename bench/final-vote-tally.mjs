// The final vote's tally of 1,000,000 ballots, two ways, with baselines measured in the same run:
//  1. in process: the service's tally (services/decisions/dist/domain/final-vote.js: tallyBallots, then
//     decideLaw with the replacement and adoption rules) over ballots as typed arrays, against a plain
//     baseline that counts ballot objects in a Map keyed by text id;
//  2. in PostgreSQL, when a final vote ends: the service reads each text's counters (every ballot moves
//     them in the statement that writes it, so they are the tally) and applies the rules, against two
//     baselines over the 1,000,000 ballot rows: the aggregate in PostgreSQL (count FILTER ... GROUP BY)
//     and reading every ballot to the client to count it there.
// Target: the tally under 250 ms. Run: node bench/run-all.mjs final-vote-tally (needs PostgreSQL for
// part 2: DATABASE_URL, default 127.0.0.1; part 1 runs without it).
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { createBenchDatabase, report, root } from './lib/bench.mjs';

const BALLOTS = Number(process.env.BENCH_BALLOTS ?? 1_000_000);
const ARTICLES = Number(process.env.BENCH_ARTICLES ?? 10);
const AMENDMENTS = Number(process.env.BENCH_AMENDMENTS_PER_ARTICLE ?? 2);
const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const TARGET_MS = 250;
const choices = ['for', 'against', 'neutral', 'blank'];

const { tallyBallots, countsAt, decideLaw, choiceIndex } = await import(pathToFileURL(path.join(root, 'services/decisions/dist/domain/final-vote.js')).href).catch(() => {
  throw new Error('services/decisions/dist is missing: run pnpm build first');
});

// A law of ARTICLES articles with AMENDMENTS amendments each; texts [article, amendment...] per article.
const texts = ARTICLES * (1 + AMENDMENTS);
const ids = Array.from({ length: texts }, () => randomUUID());
let seed = 42;
const random = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
const textIndex = new Int32Array(BALLOTS);
const choice = new Uint8Array(BALLOTS);
for (let i = 0; i < BALLOTS; i++) {
  textIndex[i] = Math.floor(random() * texts);
  choice[i] = Math.floor(random() * 4);
}

const timed = (work) => {
  const times = [];
  let result;
  for (let run = 0; run < RUNS; run++) {
    const t0 = process.hrtime.bigint();
    result = work();
    times.push(Number(process.hrtime.bigint() - t0) / 1e6);
  }
  times.sort((a, b) => a - b);
  return { result, p50: times[Math.floor(times.length / 2)], p99: times[times.length - 1] };
};

const toLaw = (countOf) =>
  Array.from({ length: ARTICLES }, (_, a) => {
    const base = a * (1 + AMENDMENTS);
    return {
      id: ids[base],
      counts: countOf(base),
      amendments: Array.from({ length: AMENDMENTS }, (_, k) => ({ id: ids[base + 1 + k], counts: countOf(base + 1 + k) })),
    };
  });

// 1. In process.
const fast = timed(() => {
  const counts = tallyBallots(textIndex, choice, texts);
  return decideLaw(toLaw((index) => countsAt(counts, index)));
});
const objects = Array.from({ length: BALLOTS }, (_, i) => ({ textId: ids[textIndex[i]], choice: choices[choice[i]] }));
const plain = timed(() => {
  const counts = new Map();
  for (const ballot of objects) {
    let entry = counts.get(ballot.textId);
    if (!entry) counts.set(ballot.textId, (entry = { for: 0, against: 0, neutral: 0, blank: 0 }));
    entry[ballot.choice] += 1;
  }
  return decideLaw(toLaw((index) => counts.get(ids[index]) ?? { for: 0, against: 0, neutral: 0, blank: 0 }));
});
if (JSON.stringify(fast.result) !== JSON.stringify(plain.result)) throw new Error('the two in-process tallies disagree');
if (choiceIndex.for !== 0) throw new Error('unexpected choice order');

/** A row of the report: a measurement's run times, its ratio (p50) to the baseline; the target for the service's way. */
const row = (name, measured, baseline, { targeted = false } = {}) => ({
  name,
  p50: measured.p50,
  p99: measured.p99,
  ratio: measured === baseline ? 1 : measured.p50 / baseline.p50,
  ...(targeted ? { target: `< ${TARGET_MS} ms`, met: measured.p99 < TARGET_MS } : {}),
});

const rows = [
  row(`in process: tally + rules, ${BALLOTS.toLocaleString('en')} ballots (baseline)`, plain, plain),
  row(`in process: tally + rules, ${BALLOTS.toLocaleString('en')} ballots (service)`, fast, plain, { targeted: true }),
];
const notes = [`${texts} texts (${ARTICLES} articles with ${AMENDMENTS} amendments each); ${RUNS} runs each, p50 and p99 are run times (p99 = the slowest run); a ratio is the p50 against its baseline's, lower is faster.`];

// 2. In PostgreSQL.
let database = null;
try {
  database = await createBenchDatabase('tally', ['decisions']);
} catch (error) {
  notes.push(`PostgreSQL part skipped: ${error.message}`);
}
if (database) {
  const sql = new pg.Client({ connectionString: database.url });
  await sql.connect();
  try {
    const cycle = randomUUID();
    const law = randomUUID();
    const now = new Date();
    await sql.query(`INSERT INTO decisions.cycle (id, number, phase, phase_started_at, phase_ends_at, created_at) VALUES ($1, 1, 'final-vote', $2, $2, $2)`, [cycle, now]);
    await sql.query(
      `INSERT INTO decisions.law (id, cycle_id, user_id, title, description, category, rank, state, created_at, updated_at)
       VALUES ($1, $2, $1, 'Benchmark law', 'A law with a million ballots.', 'other', 1, 'final-vote', $3, $3)`,
      [law, cycle, now],
    );
    for (let a = 0; a < ARTICLES; a++) {
      const base = a * (1 + AMENDMENTS);
      await sql.query(
        `INSERT INTO decisions.article (id, law_id, user_id, body, position, created_at, updated_at) VALUES ($1, $2, $2, 'Article', $3, $4, $4)`,
        [ids[base], law, a + 1, now],
      );
      for (let k = 0; k < AMENDMENTS; k++) {
        await sql.query(
          `INSERT INTO decisions.article (id, law_id, parent_id, user_id, body, position, created_at, updated_at) VALUES ($1, $2, $3, $2, 'Amendment', $4, $5, $5)`,
          [ids[base + 1 + k], law, ids[base], k + 1, now],
        );
      }
    }
    // One ballot per (voter, text): voter v votes on text v mod texts with the generated choice.
    const loadStarted = Date.now();
    await sql.query(
      `INSERT INTO decisions.article_vote (article_id, user_id, choice, updated_at)
       SELECT ($1::uuid[])[1 + (g % $2)], md5(g::text)::uuid, ($3::text[])[1 + (g * 7 % 4)], now() FROM generate_series(1, $4) AS g`,
      [ids, texts, choices, BALLOTS],
    );
    await sql.query('ANALYZE decisions.article_vote');
    notes.push(`loaded ${BALLOTS.toLocaleString('en')} ballot rows in ${((Date.now() - loadStarted) / 1000).toFixed(1)} s (not timed).`);
    const aggregate = `SELECT a.id::text AS id, a.parent_id::text AS "parentId",
        count(*) FILTER (WHERE v.choice = 'for')::int AS "for", count(*) FILTER (WHERE v.choice = 'against')::int AS against,
        count(*) FILTER (WHERE v.choice = 'neutral')::int AS neutral, count(*) FILTER (WHERE v.choice = 'blank')::int AS blank
      FROM decisions.article a LEFT JOIN decisions.article_vote v ON v.article_id = a.id
      WHERE a.law_id = $1 AND a.deleted_at IS NULL GROUP BY a.id, a.parent_id, a.position ORDER BY a.position, a.id`;
    const runSql = async (work) => {
      const times = [];
      let result;
      for (let run = 0; run < Math.min(RUNS, 5); run++) {
        const t0 = process.hrtime.bigint();
        result = await work();
        times.push(Number(process.hrtime.bigint() - t0) / 1e6);
      }
      times.sort((a, b) => a - b);
      return { result, p50: times[Math.floor(times.length / 2)], p99: times[times.length - 1] };
    };
    // The counters as the ballots would have left them (each ballot moves them in its own statement).
    await sql.query(
      `UPDATE decisions.article a SET votes_for = c.f, votes_against = c.a, votes_neutral = c.n, votes_blank = c.b
       FROM (SELECT article_id, count(*) FILTER (WHERE choice = 'for')::int AS f, count(*) FILTER (WHERE choice = 'against')::int AS a,
               count(*) FILTER (WHERE choice = 'neutral')::int AS n, count(*) FILTER (WHERE choice = 'blank')::int AS b
             FROM decisions.article_vote GROUP BY article_id) c WHERE c.article_id = a.id`,
    );
    const counters = `SELECT a.id::text AS id, a.votes_for AS "for", a.votes_against AS against, a.votes_neutral AS neutral, a.votes_blank AS blank
      FROM decisions.article a WHERE a.law_id = $1 AND a.deleted_at IS NULL ORDER BY a.position, a.id`;
    const fromRows = async (query) => {
      const { rows: counted } = await sql.query(query, [law]);
      const byId = new Map(counted.map((row) => [row.id, row]));
      return decideLaw(toLaw((index) => byId.get(ids[index])));
    };
    const inService = await runSql(() => fromRows(counters));
    const inDatabase = await runSql(() => fromRows(aggregate));
    const readAll = await runSql(async () => {
      const { rows: ballots } = await sql.query(
        `SELECT v.article_id::text AS id, v.choice FROM decisions.article_vote v JOIN decisions.article a ON a.id = v.article_id WHERE a.law_id = $1`,
        [law],
      );
      const counts = new Map();
      for (const ballot of ballots) {
        let entry = counts.get(ballot.id);
        if (!entry) counts.set(ballot.id, (entry = { for: 0, against: 0, neutral: 0, blank: 0 }));
        entry[ballot.choice] += 1;
      }
      return decideLaw(toLaw((index) => counts.get(ids[index])));
    });
    const strip = (outcome) => JSON.stringify(outcome.articles.map((entry) => [entry.winnerId, entry.adopted, entry.counts.for, entry.counts.against, entry.counts.neutral, entry.counts.blank]));
    if (strip(inDatabase.result) !== strip(readAll.result) || strip(inService.result) !== strip(readAll.result)) throw new Error('the PostgreSQL tallies disagree');
    rows.push(
      row('PostgreSQL: read every ballot, count in the client (baseline)', readAll, readAll),
      row('PostgreSQL: recount every ballot row (GROUP BY) + rules', inDatabase, readAll),
      row('PostgreSQL: phase end as the service does it (counters + rules)', inService, readAll, { targeted: true }),
    );
    notes.push('The service keeps four counters per text, moved by each ballot in the statement that writes it; at phase end it reads them (one row per text) instead of recounting the ballot rows.');
  } finally {
    await sql.end();
    await database.drop();
  }
}

report(`Final vote tally (${BALLOTS.toLocaleString('en')} ballots)`, rows, notes);
