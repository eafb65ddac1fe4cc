// Similar proposals while writing: GET /api/proposals/similar?q=... against the built decisions
// service with its own database and NATS prefix, over a cycle of 100 proposals and 50,000 archived
// laws seeded by SQL with French and English words (the search index fills itself through the
// tables' triggers, docs/product.md#search). A mix of queries: common words, rare words, accents typed
// or not, a partial last word, a long title with its description. Baseline in the same run: GET of one
// proposal by id. Target: p99 under 50 ms. Run: node bench/run-all.mjs similar-search
import { randomUUID } from 'node:crypto';
import { Pool } from 'undici';
import { benchResources, measure, report, startService } from './lib/bench.mjs';

const LAWS = Number(process.env.BENCH_ARCHIVED_LAWS ?? 50_000);
const PROPOSALS = Number(process.env.BENCH_PROPOSALS ?? 100);
/** Latency with one client at a time, as a citizen's typing sends one request after another. */
const LATENCY_CLIENTS = Number(process.env.BENCH_LATENCY_CLIENTS ?? 1);
const TARGET_P99_MS = 50;

// Subjects, qualities and places people write about, in both languages, accents included.
const SUBJECTS = [
  'vélos', 'pistes cyclables', 'transports publics', 'écoles', 'hôpitaux', 'énergie solaire', 'logement social', 'impôts locaux', 'retraites', 'éducation',
  'santé mentale', 'agriculture biologique', 'forêts', 'eau potable', 'déchets', 'bibliothèques', 'musées', 'sécurité routière', 'police municipale', 'justice',
  'bicycles', 'bus lanes', 'public transport', 'schools', 'hospitals', 'solar energy', 'social housing', 'local taxes', 'pensions', 'libraries',
  'mental health', 'organic farming', 'drinking water', 'recycling', 'road safety', 'broadband internet', 'childcare', 'minimum wage', 'air quality', 'elections',
];
const QUALITIES = [
  'gratuits', 'accessibles', 'écologiques', 'sécurisés', 'rénovés', 'publics', 'équitables', 'modernes', 'locaux', 'durables',
  'free', 'accessible', 'greener', 'safer', 'renovated', 'fairer', 'modern', 'affordable', 'sustainable', 'open',
];
const PLACES = [
  'en ville', 'à la campagne', 'dans chaque commune', 'près des gares', 'pour les étudiants', 'pour les aînés', 'le dimanche', 'en région',
  'in every town', 'near stations', 'for students', 'for the elderly', 'on Sundays', 'in rural areas', 'across the country', 'at night',
];
const SENTENCES = [
  'La commune finance le projet avec une taxe modeste et publie ses comptes chaque année.',
  'Les citoyens votent le budget et les associations participent au suivi.',
  "Une évaluation indépendante mesure l'effet après deux ans.",
  'The municipality pays for it with a small levy and publishes its accounts every year.',
  'Citizens vote on the budget and local associations help to follow it up.',
  'An independent review measures the effect after two years.',
];

/** A pick among `list` for row `i` (SQL), spread by a prime so neighbouring rows differ. */
const pick = (param, length, prime) => `(${param})[1 + ((i::bigint * ${prime}) % ${length})::int]`;
const title = `initcap(${pick('$2::text[]', SUBJECTS.length, 7919)}) || ' ' || ${pick('$3::text[]', QUALITIES.length, 104729)} || ' ' || ${pick('$4::text[]', PLACES.length, 1299709)}`;
const description = `${pick('$5::text[]', SENTENCES.length, 31)} || ' ' || ${pick('$5::text[]', SENTENCES.length, 17)} || ' ' || ${pick('$2::text[]', SUBJECTS.length, 13)} || ' ' || ${pick('$5::text[]', SENTENCES.length, 11)}`;
const vocabulary = [SUBJECTS, QUALITIES, PLACES, SENTENCES];

/** What people type: each query is sent as typed (the service folds accents and reads the last word as a prefix). */
const QUERIES = [
  ['common words', ['transports publics', 'public transport', 'écoles gratuites', 'vélos en ville', 'social housing', 'les impôts locaux']],
  ['rare words', ['broadband internet at night', 'bibliothèques le dimanche', 'eau potable en région', 'childcare for students']],
  ['accents typed or not', ['ecoles ecologiques', 'securite routiere', 'Énergie solaire', 'sante mentale', 'hopitaux renoves']],
  ['partial last word', ['pistes cycl', 'bus la', 'agriculture bio', 'retrai', 'minimum wa']],
  [
    'title and description',
    [
      'Transports publics gratuits le dimanche La commune finance le projet avec une taxe modeste et publie ses comptes chaque année. Les citoyens votent le budget',
      'Safer bus lanes in every town The municipality pays for it with a small levy and publishes its accounts every year. An independent review measures the eff',
    ],
  ],
];

const resources = await benchResources('search', ['decisions']);
const { database, nats, tokens, sql } = resources;
let service = null;

try {
  const seedStarted = Date.now();
  const [open, archived] = [randomUUID(), randomUUID()];
  await sql.query(
    `INSERT INTO decisions.cycle (id, number, phase, phase_started_at, phase_ends_at, created_at) VALUES
     ($1, 1, 'archive', now() - interval '60 days', NULL, now() - interval '90 days'), ($2, 2, 'proposals', now(), now() + interval '30 days', now())`,
    [archived, open],
  );
  await sql.query(
    `INSERT INTO decisions.proposal (id, cycle_id, user_id, title, description, category, state, created_at, updated_at, submitted_at)
     SELECT md5('sproposal' || i)::uuid, $6::uuid, md5('smember' || i)::uuid, ${title}, ${description}, 'transport',
            CASE WHEN i % 20 = 0 THEN 'deleted' ELSE 'submitted' END, now() - i * interval '1 hour', now(), now() - i * interval '1 hour'
     FROM generate_series(1, $1::int) AS i`,
    [PROPOSALS, ...vocabulary, open],
  );
  await sql.query(
    `INSERT INTO decisions.law (id, cycle_id, user_id, title, description, category, rank, state, voters, created_at, updated_at, archived_at)
     SELECT md5('slaw' || i)::uuid, $6::uuid, md5('smember' || (i % 997))::uuid, ${title}, ${description}, 'transport', 1 + i % 10,
            CASE WHEN i % 7 = 0 THEN 'rejected' ELSE 'adopted' END, 1000, now() - i * interval '2 hours', now() - i * interval '2 hours', now() - i * interval '2 hours'
     FROM generate_series(1, $1::int) AS i`,
    [LAWS, ...vocabulary, archived],
  );
  await sql.query('ANALYZE decisions.proposal; ANALYZE decisions.law; ANALYZE decisions.cycle');
  const seedSeconds = (Date.now() - seedStarted) / 1000;
  const { rows: indexed } = await sql.query(`SELECT count(*) FILTER (WHERE search_vector IS NOT NULL)::int AS n, count(*)::int AS total FROM decisions.law`);
  const oneProposal = (await sql.query(`SELECT id::text FROM decisions.proposal WHERE state = 'submitted' LIMIT 1`)).rows[0].id;

  service = await startService('decisions', { DATABASE_URL: database.url, NATS_PREFIX: nats.prefix, JWKS_URL: tokens.jwksUrl, PHASE_TICK_MS: '60000' });
  const pool = new Pool(service.origin, { connections: 4, pipelining: 1 });
  const get = async (url, check) => {
    const { statusCode, body } = await pool.request({ path: url, method: 'GET' });
    const parsed = await body.json();
    return statusCode === 200 && check(parsed);
  };
  const similar = (queries) => {
    let next = 0;
    return () => get(`/api/proposals/similar?q=${encodeURIComponent(queries[next++ % queries.length])}`, (answer) => Array.isArray(answer.proposals) && Array.isArray(answer.laws));
  };
  const allQueries = QUERIES.flatMap(([, queries]) => queries);
  // Every query answers something: the mix measures real searches, not empty ones.
  const found = await Promise.all(allQueries.map(async (q) => (await (await fetch(`${service.origin}/api/proposals/similar?q=${encodeURIComponent(q)}`)).json()).laws.length));
  const baselineCall = () => get(`/api/proposals/${oneProposal}`, (proposal) => proposal.id === oneProposal);

  // Warm-up: JIT, pools, PostgreSQL's plan and buffer caches.
  await measure(similar(allQueries), { concurrency: LATENCY_CLIENTS, durationMs: 1500 });
  await measure(baselineCall, { concurrency: LATENCY_CLIENTS, durationMs: 500 });

  const baseline = await measure(baselineCall, { concurrency: LATENCY_CLIENTS });
  const mixed = await measure(similar(allQueries), { concurrency: LATENCY_CLIENTS });
  const kinds = [];
  for (const [name, queries] of QUERIES) kinds.push({ name, ...(await measure(similar(queries), { concurrency: LATENCY_CLIENTS, durationMs: 2000 })) });
  await pool.close();

  const latency = ({ p50, p99, errors }) => ({ p50, p99, errors });
  const within = (row) => row.p99 < TARGET_P99_MS && row.errors === 0;
  report(
    `Similar proposals while writing (GET /api/proposals/similar) over ${PROPOSALS} proposals and ${LAWS.toLocaleString('en')} archived laws`,
    [
      { name: 'baseline: one proposal by id (GET /api/proposals/{id})', ...latency(baseline) },
      { name: 'similar, the whole mix of queries', ...latency(mixed), ratio: mixed.p99 / baseline.p99, target: `p99 < ${TARGET_P99_MS} ms`, met: within(mixed) },
      ...kinds.map((kind) => ({ name: `similar, ${kind.name}`, ...latency(kind), ratio: kind.p99 / baseline.p99 })),
    ],
    [
      `${LATENCY_CLIENTS} client at a time; ratios compare p99 with the baseline's p99. Full-text search (french and english stemming over accent-folded text, GIN index, title weighted above description), five proposals and five laws per answer, best first (laws ranked among at most 500 holding every word and 500 holding any, at most 8 words).`,
      `Seeded by SQL in ${seedSeconds.toFixed(1)} s; ${indexed[0].n} of ${indexed[0].total} laws indexed by the triggers. Laws found per query: ${Math.min(...found)} to ${Math.max(...found)} (at most 5).`,
    ],
  );
  // A search that finds nothing, or laws the triggers left out, would make the figures meaningless.
  if (indexed[0].n !== indexed[0].total || Math.min(...found) === 0) process.exitCode = 1;
} finally {
  await service?.stop();
  await resources.close();
}
