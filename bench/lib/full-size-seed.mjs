// The platform at full size, written straight into the services' schemas with INSERT ... SELECT
// generate_series (no service call: a million registrations through the API would take hours).
// Ids are derived from a label and a number (md5(label || n)::uuid), so each table can point at the
// rows of another without reading them back. The same function seeds the small dataset the
// benchmark compares with, only with other sizes.
import { createHash } from 'node:crypto';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { root } from './bench.mjs';

// The hash of a version as the service computes it (docs/text-chain.md): the bench does not depend on
// the contracts package, so it loads its build.
const { GENESIS_HASH, versionHash } = await import(pathToFileURL(path.join(root, 'packages/contracts/dist/index.js')).href);

export const FULL_SIZE = {
  members: 1_000_000,
  /** The cycle limit (MAX_PROPOSALS_PER_CYCLE, 100 by default). */
  proposals: 100,
  articles: 50,
  amendments: 200,
  chatMessages: 100_000,
  archivedLaws: 50_000,
  /** Laws per archived cycle (the creators draw picks about ten proposals a cycle). */
  lawsPerCycle: 10,
  /** Articles of each archived law (with one amendment each), as the archive shows them. */
  archivedArticles: 4,
  proposalVotes: 100_000,
  ballots: 200_000,
  /** Eligible voters kept with the creators draw of the cycle in creation. */
  eligible: 10_000,
  candidatesPerRole: 100,
  candidateVotes: 100_000,
  elections: 24,
  alerts: 1_000,
  /** Versions of one article of the law in drafting, for its history screen. */
  articleVersions: 200,
};

export const SMALL_SIZE = {
  members: 1_000,
  proposals: 10,
  articles: 5,
  amendments: 10,
  chatMessages: 100,
  archivedLaws: 50,
  lawsPerCycle: 10,
  archivedArticles: 4,
  proposalVotes: 500,
  ballots: 500,
  eligible: 100,
  candidatesPerRole: 10,
  candidateVotes: 500,
  elections: 2,
  alerts: 50,
  articleVersions: 10,
};

/** The uuid of row `n` of `label`, the same in SQL (`md5(label || n)::uuid`) and here. */
export function idOf(label, n) {
  const hex = createHashHex(`${label}${n}`);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

function createHashHex(text) {
  return createHash('md5').update(text).digest('hex');
}

const CATEGORIES = ['security', 'relations', 'economy', 'education', 'health', 'labour', 'transport', 'environment', 'justice', 'defense', 'international-relations', 'meta', 'culture-and-sports', 'social-affairs', 'other'];
const categoryOf = (expr) => `(ARRAY[${CATEGORIES.map((c) => `'${c}'`).join(',')}])[1 + (${expr}) % ${CATEGORIES.length}]`;
/** A text of realistic length (titles about 60 characters, descriptions about 400). */
const words = (expr, repeat) => `repeat('Citizens propose that the municipality ' || (${expr}) || ' improves public services. ', ${repeat})`;

/**
 * The statements writing `count` versions of the drafting law's first article, each with its hash
 * chained to the one before as the service writes them: created by its author, then edited in turn by
 * its author and, with a reason, by a scribe, one word at a time; the article's text becomes the last one.
 */
async function articleHistory(ids, count) {
  const textId = ids.historyArticle;
  const author = idOf('member', 3);
  const scribe = idOf('member', 4);
  const start = Date.now() - 8 * 86_400_000;
  const days = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
  const versions = [];
  let previous = null;
  for (let seq = 1; seq <= count; seq++) {
    const byScribe = seq > 1 && seq % 2 === 1;
    const body =
      `Article 1. Buses and trams are free on ${days[seq % 7]} in version ${seq}. ` +
      'Citizens propose that the municipality improves public services. '.repeat(5) +
      `The cost is published every ${1 + (seq % 12)} months.`;
    const content = {
      kind: 'article',
      textId,
      seq,
      change: seq === 1 ? 'created' : 'edited',
      role: byScribe ? 'scribe' : 'author',
      editorId: byScribe ? scribe : author,
      reason: byScribe ? `Proofreading ${seq}: one word said more plainly.` : null,
      title: null,
      body,
      createdAt: new Date(start + seq * 60_000).toISOString(),
      prevHash: previous?.hash ?? GENESIS_HASH,
    };
    previous = { ...content, hash: await versionHash(content) };
    versions.push(previous);
  }
  const column = (key) => versions.map((version) => version[key]);
  return [
    {
      text: `INSERT INTO decisions.text_version (id, kind, text_id, seq, change, role, editor_id, reason, title, body, law_id, created_at, prev_hash, hash)
             SELECT gen_random_uuid(), v.kind, v.text_id, v.seq, v.change, v.role, v.editor_id, v.reason, NULL, v.body, $1::uuid, v.created_at, v.prev_hash, v.hash
             FROM unnest($2::text[], $3::uuid[], $4::int[], $5::text[], $6::text[], $7::uuid[], $8::text[], $9::text[], $10::timestamptz[], $11::text[], $12::text[])
                  AS v(kind, text_id, seq, change, role, editor_id, reason, body, created_at, prev_hash, hash)`,
      values: [
        ids.creationLaw,
        column('kind'),
        column('textId'),
        column('seq'),
        column('change'),
        column('role'),
        column('editorId'),
        column('reason'),
        column('body'),
        column('createdAt'),
        column('prevHash'),
        column('hash'),
      ],
    },
    { text: 'UPDATE decisions.article SET body = $2 WHERE id = $1::uuid', values: [textId, versions[versions.length - 1].body] },
  ];
}

/**
 * Seeds every schema of `databaseUrl` (migrations already applied) with `size` (FULL_SIZE or
 * SMALL_SIZE). `passwordHash` is one argon2id hash every member shares. Answers the ids the
 * benchmark's calls need and the seconds each part took.
 */
export async function seedPlatform(databaseUrl, size, passwordHash, log = () => undefined) {
  // Two sessions: independent inserts (other tables, no key between them) run side by side.
  // A bulk load that a crash would simply redo: no wait for the WAL flush at each commit.
  const db = new pg.Pool({ connectionString: databaseUrl, max: 2, options: '-c synchronous_commit=off' });
  const timings = {};
  const run = (statement) => db.query(statement.text ?? statement, statement.values ?? []);
  /** Statements in order; an array inside runs its statements at the same time. */
  const step = async (name, statements) => {
    const started = Date.now();
    for (const statement of statements) {
      if (Array.isArray(statement)) await Promise.all(statement.map(run));
      else await run(statement);
    }
    timings[name] = (Date.now() - started) / 1000;
    log(`seeded ${name} in ${timings[name].toFixed(1)} s`);
  };
  const member = (expr) => `md5('member' || (${expr}))::uuid`;
  const archivedCycles = Math.ceil(size.archivedLaws / size.lawsPerCycle);
  // Live cycles come after the archived ones: final vote, creation, voting, proposals.
  const live = { finalVote: archivedCycles + 1, creation: archivedCycles + 2, voting: archivedCycles + 3, proposals: archivedCycles + 4 };
  const cycleId = (n) => idOf('cycle', n);
  const ids = {
    user: { id: idOf('member', 1), userName: 'Member 1', email: 'member1@example.org' },
    cycles: Object.fromEntries(Object.entries(live).map(([phase, n]) => [phase, cycleId(n)])),
    archivedCycle: cycleId(archivedCycles),
    creationLaw: idOf('law-creation', 1),
    finalVoteLaw: idOf('law-final-vote', 1),
    archivedLaw: idOf('alaw', size.archivedLaws),
    oldArchivedLaw: idOf('alaw', 1),
    creationRoom: `law:${idOf('law-creation', 1)}:creation`,
    finalVoteRoom: `cycle:${cycleId(live.finalVote)}:final-vote`,
    proposalsRoom: `cycle:${cycleId(live.proposals)}:proposals`,
    election: idOf('election', size.elections),
    /** The first article of the law in drafting, the one with `articleVersions` versions. */
    historyArticle: idOf('law-creationart', 1),
  };
  try {
    await step('members (identity and the projections of decisions, elections, chat)', [
      [{
        text: `INSERT INTO identity.users (id, email, user_name, user_name_key, password_hash, verified_at, created_at, locale, made_proposal)
               SELECT ${member('i')}, 'member' || i || '@example.org', 'Member ' || i, 'member ' || i, $1, now() - i * interval '1 minute',
                      now() - i * interval '1 minute', CASE WHEN i % 4 = 0 THEN 'fr' ELSE 'en' END, i % 50 = 0
               FROM generate_series(1, $2::int) AS i`,
        values: [passwordHash, size.members],
      },
      {
        text: `INSERT INTO decisions.citizen (user_id, registered_at, verified_at, user_name)
               SELECT ${member('i')}, now() - i * interval '1 minute', now() - i * interval '1 minute', 'Member ' || i FROM generate_series(1, $1::int) AS i`,
        values: [size.members],
      },
      {
        text: `INSERT INTO elections.member (user_id, user_name, registered_at, verified_at)
               SELECT ${member('i')}, 'Member ' || i, now() - i * interval '1 minute', now() - i * interval '1 minute' FROM generate_series(1, $1::int) AS i`,
        values: [size.members],
      },
      {
        text: `INSERT INTO chat.member (user_id, user_name, registered_at) SELECT ${member('i')}, 'Member ' || i, now() - i * interval '1 minute' FROM generate_series(1, $1::int) AS i`,
        values: [size.members],
      }],
      { text: `INSERT INTO notifications.member (user_id, user_name) VALUES ($1::uuid, 'Member 1')`, values: [ids.user.id] },
      {
        text: `INSERT INTO notifications.alert (user_id, message_key, params, link, viewed, created_at)
               SELECT $1::uuid, 'notice', jsonb_build_object('text', 'Alert ' || i), '/decisions', (i % 3 = 0)::int, now() - ($2 - i) * interval '1 minute'
               FROM generate_series(1, $2::int) AS i`,
        values: [ids.user.id, size.alerts],
      },
    ]);

    await step('archived cycles and laws (with their proposals, creators and articles)', [
      {
        text: `INSERT INTO decisions.cycle (id, number, phase, phase_started_at, phase_ends_at, seed, vote_closed_at, created_at)
               SELECT md5('cycle' || n)::uuid, n, 'archive', now() - ($1 - n + 1) * interval '1 day', NULL, md5('seed' || n),
                      now() - ($1 - n + 3) * interval '1 day', now() - ($1 - n + 5) * interval '1 day'
               FROM generate_series(1, $1::int) AS n`,
        values: [archivedCycles],
      },
      [{
        text: `INSERT INTO decisions.proposal (id, cycle_id, voted_cycle_id, user_id, title, description, category, state, rank, votes_for, votes_against, votes_neutral, votes_blank, created_at, updated_at, submitted_at)
               SELECT md5('alaw' || i)::uuid, md5('cycle' || ((i - 1) / $2 + 1))::uuid, md5('cycle' || ((i - 1) / $2 + 1))::uuid, ${member('1 + (i * 7919) % $3')},
                      'Archived law ' || i || ' on public services', ${words('i', 10)}, ${categoryOf('i')}, 'selected', (i - 1) % $2 + 1,
                      500 + i % 300, 100 + i % 50, 40, 10, now() - ($1 - i) * interval '2 hours' - interval '30 days',
                      now() - ($1 - i) * interval '2 hours' - interval '30 days', now() - ($1 - i) * interval '2 hours' - interval '30 days'
               FROM generate_series(1, $1::int) AS i`,
        values: [size.archivedLaws, size.lawsPerCycle, size.members],
      },
      {
        text: `INSERT INTO decisions.law (id, cycle_id, user_id, title, description, category, rank, state, voters, created_at, updated_at, archived_at)
               SELECT md5('alaw' || i)::uuid, md5('cycle' || ((i - 1) / $2 + 1))::uuid, ${member('1 + (i * 7919) % $3')},
                      'Archived law ' || i || ' on public services', ${words('i', 10)}, ${categoryOf('i')}, (i - 1) % $2 + 1,
                      CASE WHEN i % 7 = 0 THEN 'rejected' ELSE 'adopted' END, 1000 + i % 5000,
                      now() - ($1 - i) * interval '2 hours' - interval '20 days', now() - ($1 - i) * interval '2 hours',
                      now() - ($1 - i) * interval '2 hours'
               FROM generate_series(1, $1::int) AS i`,
        values: [size.archivedLaws, size.lawsPerCycle, size.members],
      }],
      [{
        text: `INSERT INTO decisions.law_creator (law_id, user_id, position)
               SELECT md5('alaw' || i)::uuid, ${member('1 + (i * 31 + k * 104729) % $2')}, k FROM generate_series(1, $1::int) AS i, generate_series(1, 3) AS k`,
        values: [size.archivedLaws, size.members],
      },
      {
        // Articles, then one amendment per article; results and counts as the final vote left them.
        text: `INSERT INTO decisions.article (id, law_id, parent_id, user_id, title, body, position, votes_for, votes_against, votes_neutral, votes_blank, winner, adopted, created_at, updated_at)
               SELECT md5('aart' || i || ':' || k)::uuid, md5('alaw' || i)::uuid, NULL, ${member('1 + (i * 13 + k) % $3')}, NULL,
                      'Article ' || k || '. ' || ${words('i + k', 6)}, k, 600, 200, 50, 10, true, i % 7 <> 0,
                      now() - ($1 - i) * interval '2 hours' - interval '10 days', now() - ($1 - i) * interval '2 hours'
               FROM generate_series(1, $1::int) AS i, generate_series(1, $2::int) AS k`,
        values: [size.archivedLaws, size.archivedArticles, size.members],
      },
      {
        text: `INSERT INTO decisions.article (id, law_id, parent_id, user_id, title, body, position, votes_for, votes_against, votes_neutral, votes_blank, winner, adopted, created_at, updated_at)
               SELECT md5('aamd' || i || ':' || k)::uuid, md5('alaw' || i)::uuid, md5('aart' || i || ':' || k)::uuid, ${member('1 + (i * 17 + k) % $3')}, 'Amendment ' || k,
                      ${words('i * k', 5)}, 1, 300, 400, 50, 10, false, false,
                      now() - ($1 - i) * interval '2 hours' - interval '10 days', now() - ($1 - i) * interval '2 hours'
               FROM generate_series(1, $1::int) AS i, generate_series(1, $2::int) AS k`,
        values: [size.archivedLaws, size.archivedArticles, size.members],
      }],
    ]);

    const liveCycle = (n, phase, voteClosed) => ({
      text: `INSERT INTO decisions.cycle (id, number, phase, phase_started_at, phase_ends_at, seed, vote_closed_at, created_at)
             VALUES (md5('cycle' || $1::int)::uuid, $1, $2, now() - interval '1 day', now() + interval '30 days', ${voteClosed ? `md5('seed' || $1::int)` : 'NULL'},
                     ${voteClosed ? `now() - interval '2 days'` : 'NULL'}, now() - interval '10 days')`,
      values: [n, phase],
    });
    /** A live law of cycle `n`: `articles` articles in groups of ten, `amendments` spread over them. */
    const liveLaw = (label, n, state, articles, amendments) => [
      {
        text: `INSERT INTO decisions.proposal (id, cycle_id, voted_cycle_id, user_id, title, description, category, state, rank, votes_for, votes_against, created_at, updated_at, submitted_at)
               VALUES (md5($1::text || 1)::uuid, md5('cycle' || $2::int)::uuid, md5('cycle' || $2::int)::uuid, ${member('2')}, 'A law on public transport', ${words('1', 10)}, 'transport', 'selected', 1, 900, 100, now() - interval '20 days', now() - interval '20 days', now() - interval '20 days')`,
        values: [label, n],
      },
      {
        text: `INSERT INTO decisions.law (id, cycle_id, user_id, title, description, category, rank, state, created_at, updated_at)
               VALUES (md5($1::text || 1)::uuid, md5('cycle' || $2::int)::uuid, ${member('2')}, 'A law on public transport', ${words('1', 10)}, 'transport', 1, $3, now() - interval '9 days', now() - interval '1 day')`,
        values: [label, n, state],
      },
      {
        text: `INSERT INTO decisions.law_creator (law_id, user_id, position) SELECT md5($1::text || 1)::uuid, ${member('1 + k * 97')}, k FROM generate_series(1, 5) AS k`,
        values: [label],
      },
      {
        text: `INSERT INTO decisions.law_group (id, law_id, name, position, created_at)
               SELECT md5($1::text || 'group' || g)::uuid, md5($1::text || 1)::uuid, 'Chapter ' || g, g, now() - interval '8 days' FROM generate_series(0, ($2::int - 1) / 10) AS g`,
        values: [label, articles],
      },
      {
        text: `INSERT INTO decisions.article (id, law_id, group_id, parent_id, user_id, title, body, position, created_at, updated_at)
               SELECT md5($1::text || 'art' || k)::uuid, md5($1::text || 1)::uuid, md5($1::text || 'group' || ((k - 1) / 10))::uuid, NULL, ${member('1 + k * 97 % 5')}, NULL,
                      'Article ' || k || '. ' || ${words('k', 6)}, k, now() - interval '8 days' + k * interval '1 minute', now() - interval '2 days'
               FROM generate_series(1, $2::int) AS k`,
        values: [label, articles],
      },
      {
        text: `INSERT INTO decisions.article (id, law_id, group_id, parent_id, user_id, title, body, position, created_at, updated_at)
               SELECT md5($1::text || 'amd' || k)::uuid, md5($1::text || 1)::uuid, NULL, md5($1::text || 'art' || (1 + (k - 1) % $2))::uuid, ${member('1 + k * 89 % 5')}, 'Amendment ' || k,
                      ${words('k', 5)}, 1 + (k - 1) / $2, now() - interval '7 days' + k * interval '1 minute', now() - interval '2 days'
               FROM generate_series(1, $3::int) AS k`,
        values: [label, articles, amendments],
      },
    ];

    await step('live cycles: 100 proposals, the vote, a law in drafting and one in its final vote', [
      liveCycle(live.finalVote, 'final-vote', true),
      liveCycle(live.creation, 'creation', true),
      liveCycle(live.voting, 'voting', false),
      liveCycle(live.proposals, 'proposals', false),
      ...liveLaw('law-creation', live.creation, 'creation', size.articles, size.amendments),
      ...liveLaw('law-final-vote', live.finalVote, 'final-vote', size.articles, size.amendments),
      {
        text: `INSERT INTO decisions.creator_draw (cycle_id, seed, eligible, drawn_at, per_law)
               SELECT md5('cycle' || $1::int)::uuid, md5('seed' || $1::int), array_agg(${member('1 + k * 37')} ORDER BY ${member('1 + k * 37')}), now() - interval '2 days', 5
               FROM generate_series(1, $2::int) AS k`,
        values: [live.creation, size.eligible],
      },
      {
        // The final vote's ballots, spread over the law's articles and amendments.
        text: `INSERT INTO decisions.article_vote (article_id, user_id, choice, updated_at)
               SELECT CASE WHEN k % 5 = 0 THEN md5('law-final-vote' || 'amd' || (1 + (k / 5) % $2))::uuid ELSE md5('law-final-vote' || 'art' || (1 + k % $3))::uuid END,
                      ${member('1 + k')}, (ARRAY['for','against','neutral','blank'])[1 + k % 4], now() - interval '1 hour'
               FROM generate_series(1, $1::int) AS k`,
        values: [size.ballots, size.amendments, size.articles],
      },
      `UPDATE decisions.article a SET votes_for = c.f, votes_against = c.ag, votes_neutral = c.n, votes_blank = c.b
       FROM (SELECT article_id, count(*) FILTER (WHERE choice = 'for') AS f, count(*) FILTER (WHERE choice = 'against') AS ag,
                    count(*) FILTER (WHERE choice = 'neutral') AS n, count(*) FILTER (WHERE choice = 'blank') AS b
             FROM decisions.article_vote GROUP BY article_id) c WHERE c.article_id = a.id`,
      {
        text: `INSERT INTO decisions.proposal (id, cycle_id, voted_cycle_id, user_id, title, description, category, state, created_at, updated_at, submitted_at)
               SELECT md5('vote-proposal' || i)::uuid, md5('cycle' || $1::int)::uuid, md5('cycle' || $1::int)::uuid, ${member('10 + i')},
                      'Proposal ' || i || ' in the vote on public services', ${words('i', 10)}, ${categoryOf('i')}, 'in-vote',
                      now() - interval '12 days' + i * interval '1 minute', now() - interval '12 days' + i * interval '1 minute', now() - interval '12 days' + i * interval '1 minute'
               FROM generate_series(1, $2::int) AS i`,
        values: [live.voting, size.proposals],
      },
      {
        text: `INSERT INTO decisions.proposal_vote (proposal_id, user_id, choice, updated_at)
               SELECT md5('vote-proposal' || (1 + k % $2))::uuid, ${member('1 + k')}, (ARRAY['for','against','neutral','blank'])[1 + (k / 7) % 4], now() - interval '1 hour'
               FROM generate_series(1, $1::int) AS k`,
        values: [size.proposalVotes, size.proposals],
      },
      `UPDATE decisions.proposal p SET votes_for = c.f, votes_against = c.ag, votes_neutral = c.n, votes_blank = c.b
       FROM (SELECT proposal_id, count(*) FILTER (WHERE choice = 'for') AS f, count(*) FILTER (WHERE choice = 'against') AS ag,
                    count(*) FILTER (WHERE choice = 'neutral') AS n, count(*) FILTER (WHERE choice = 'blank') AS b
             FROM decisions.proposal_vote GROUP BY proposal_id) c WHERE c.proposal_id = p.id`,
      {
        // The cycle open for proposals at its limit.
        text: `INSERT INTO decisions.proposal (id, cycle_id, user_id, title, description, category, state, created_at, updated_at, submitted_at)
               SELECT md5('open-proposal' || i)::uuid, md5('cycle' || $1::int)::uuid, ${member('100 + i')},
                      'Open proposal ' || i || ' to improve public services', ${words('i', 10)}, ${categoryOf('i')}, 'submitted',
                      now() - interval '1 day' + i * interval '1 minute', now() - interval '1 day' + i * interval '1 minute', now() - interval '1 day' + i * interval '1 minute'
               FROM generate_series(1, $2::int) AS i`,
        values: [live.proposals, size.proposals],
      },
    ]);

    await step(`an article with ${size.articleVersions} versions`, await articleHistory(ids, size.articleVersions));

    await step('chat: rooms and their history', [
      {
        text: `INSERT INTO chat.cycle (cycle_id, phase_index, updated_at) VALUES
               (md5('cycle' || $1::int)::uuid, 3, now()), (md5('cycle' || $2::int)::uuid, 2, now()), (md5('cycle' || $3::int)::uuid, 1, now()), (md5('cycle' || $4::int)::uuid, 0, now())`,
        values: [live.finalVote, live.creation, live.voting, live.proposals],
      },
      {
        text: `INSERT INTO chat.room (id, kind, cycle_id, law_id, title, opened_at) VALUES
               ($1, 'creation', md5('cycle' || $4::int)::uuid, $5::uuid, 'A law on public transport', now() - interval '9 days'),
               ($2, 'final-vote', md5('cycle' || $6::int)::uuid, NULL, NULL, now() - interval '1 day'),
               ($3, 'proposals', md5('cycle' || $7::int)::uuid, NULL, NULL, now() - interval '1 day')`,
        values: [ids.creationRoom, ids.finalVoteRoom, ids.proposalsRoom, live.creation, ids.creationLaw, live.finalVote, live.proposals],
      },
      {
        text: `INSERT INTO chat.message (id, room_id, user_id, user_name, text, pin, created_at)
               SELECT md5('message' || k)::uuid, $1, ${member('1 + k % 5000')}, 'Member ' || (1 + k % 5000), 'Message ' || k || ': I think article ' || (1 + k % 50) || ' should say more about night buses.',
                      k % 20000 = 0, now() - interval '9 days' + k * interval '5 seconds'
               FROM generate_series(1, $2::int) AS k`,
        values: [ids.creationRoom, size.chatMessages],
      },
      {
        text: `INSERT INTO chat.message (id, room_id, user_id, user_name, text, created_at)
               SELECT md5('message-fv' || k)::uuid, $1, ${member('1 + k % 500')}, 'Member ' || (1 + k % 500), 'Final vote message ' || k, now() - interval '1 day' + k * interval '1 second'
               FROM generate_series(1, 1000) AS k`,
        values: [ids.finalVoteRoom],
      },
    ]);

    await step('elections: this month\'s candidates and votes, past elections', [
      {
        text: `INSERT INTO elections.candidacy (user_id, candidate_to, month, applied_at)
               SELECT ${member('r * $1 + k')}, r, date_trunc('month', now())::date, now() - interval '5 days' + k * interval '1 minute'
               FROM generate_series(1, 3) AS r, generate_series(1, $1::int) AS k`,
        values: [size.candidatesPerRole],
      },
      {
        text: `INSERT INTO elections.candidate_vote (voter_id, candidate_id, candidate_to, month, vote, voted_at)
               SELECT ${member('1 + k')}, ${member('(1 + k % 3) * $2 + 1 + (k / 3) % $2')}, 1 + k % 3, date_trunc('month', now())::date,
                      CASE WHEN k % 4 = 0 THEN -1 ELSE 1 END, now() - interval '1 day'
               FROM generate_series(1, $1::int) AS k`,
        values: [size.candidateVotes, size.candidatesPerRole],
      },
      {
        text: `INSERT INTO elections.election (id, month, candidacy_month, scheduled_at, closed_at, seats, voters)
               SELECT md5('election' || e)::uuid, to_char(date_trunc('month', now()) - ($1 - e + 1) * interval '1 month', 'YYYY-MM'),
                      (date_trunc('month', now()) - ($1 - e + 1) * interval '1 month')::date,
                      date_trunc('month', now()) - ($1 - e) * interval '1 month', date_trunc('month', now()) - ($1 - e) * interval '1 month',
                      '{"1": 3, "2": 3, "3": 1}'::jsonb, 5000 + e
               FROM generate_series(1, $1::int) AS e`,
        values: [size.elections],
      },
      {
        text: `INSERT INTO elections.election_result (election_id, candidate_to, user_id, user_name, total_votes, votes_for, votes_against, rank, elected, applied_at)
               SELECT md5('election' || e)::uuid, r, ${member('e * 100 + r * 20 + k')}, 'Member ' || (e * 100 + r * 20 + k), 1000 - k * 10, 1200 - k * 10, 200, k, k <= CASE WHEN r = 3 THEN 1 ELSE 3 END, now()
               FROM generate_series(1, $1::int) AS e, generate_series(1, 3) AS r, generate_series(1, 15) AS k`,
        values: [size.elections],
      },
    ]);

    // A platform in use has been vacuumed: visibility maps let the covering indexes answer alone.
    await step('statistics (VACUUM ANALYZE)', ['VACUUM (ANALYZE) elections.candidate_vote', 'ANALYZE']);
    return { ids, timings, sizes: size };
  } finally {
    await db.end();
  }
}
