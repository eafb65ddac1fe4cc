// The final-vote evening's fixture: a law in its final vote seeded straight into the decisions and
// chat schemas of a bench database, the final-vote screen's calls made as the shipped front end makes
// them (one simulated citizen), and the check of the ballots against the rows.
//
// One citizen opening /decisions/final-vote and voting, in the front end's order:
//  1. POST /api/login/auth-user, no body (shell: AuthProvider -> restoreSession; routes wait for it)
//  2. at once, in parallel (the remote mounts):
//     POST /api/login/auth-user (the remote's own session, remote-session.tsx -> restoreSession),
//     GET /api/decisions (useLawsInPhase: cycles), GET /api/laws?state=final-vote (the laws in the phase)
//  3. GET /api/laws/{first law}?lang=en (the chosen law: articles, amendments, counts, voters) and, the
//     cycle being known, the chat socket (PhaseChatLayout -> useChatRoom): websocket on /socket.io
//     through the gateway with the access cookie, `room:join` {room: cycle:<id>:final-vote}, then
//     GET /api/chat/rooms/{room}/messages (the history after the join)
//  4. PUT /api/laws/{law}/articles/{article}/vote {vote} on every article, one after the other (each
//     ballot's radio sends one call and waits for its answer: VoteControl -> lawsApi.vote)
//  5. the socket's `message:post` {room, text, clientMessageId} (useChatRoom.send), then the page closes.
// Headers as frontend-kit's api-client sends them: `accept: application/json`, and
// `content-type: application/json` with a body or `x-requested-with: fetch` without one; the browser
// adds the cookies and, on every state-changing call and on the websocket, the page's Origin. The
// client sends no Idempotency-Key. The page does not poll: it watches `phases` and `law:<id>` on the
// same socket (docs/live.md#decisions-topics) and merges the pushed counts; the held pages watch them
// too, and the evening measures what they cost (liveUpdates, decisionsReads below).
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Pool } from 'undici';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The chat panel's socket options, transpiled from the front end's source so they are exactly the shipped ones. */
export async function shippedSocketOptions() {
  const swc = createRequire(path.join(root, 'package.json'))('@swc/core');
  const file = path.join(root, 'packages/frontend-kit/src/socket-options.ts');
  const { code } = swc.transformSync(readFileSync(file, 'utf8'), { filename: file, jsc: { parser: { syntax: 'typescript' }, target: 'es2022' }, module: { type: 'es6' } });
  return (await import(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`)).chatSocketOptions;
}

const choices = ['for', 'against', 'neutral', 'blank'];

/**
 * Real sessions for seeded members, as identity opens them at login: a session row each and an access
 * token signed with identity's active key (claims as identity signs them, sid included), so that the
 * session restore answers the member and every service checks the token against identity's JWKS.
 * Answers the members with `token` and `cookie` replaced.
 */
export async function identitySessions(sql, identityOrigin, members, { hours = 2 } = {}) {
  const jose = await import(pathToFileURL(createRequire(path.join(root, 'services/identity/package.json')).resolve('jose')).href);
  // Identity creates its key on first use: the JWKS read makes sure there is one.
  const jwks = await fetch(`${identityOrigin}/api/auth/jwks`);
  if (!jwks.ok) throw new Error(`identity's JWKS answered ${jwks.status}`);
  const { rows: keys } = await sql.query('SELECT kid, private_jwk FROM identity.signing_key ORDER BY created_at DESC LIMIT 1');
  const key = await jose.importJWK(keys[0].private_jwk, 'EdDSA');
  const now = new Date();
  const sessions = members.map(() => randomUUID());
  await sql.query(
    `INSERT INTO identity.session_family (id, user_id, created_at, expires_at, last_used_at)
     SELECT s, u, $3, $4, $3 FROM unnest($1::uuid[], $2::uuid[]) AS r(s, u)`,
    [sessions, members.map((member) => member.id), now, new Date(now.getTime() + 30 * 24 * 3600 * 1000)],
  );
  const iat = Math.floor(now.getTime() / 1000);
  return Promise.all(
    members.map(async (member, i) => {
      const token = await new jose.SignJWT({ role: 0, name: member.name, verified: true, sid: sessions[i] })
        .setProtectedHeader({ alg: 'EdDSA', kid: keys[0].kid, typ: 'JWT' })
        .setSubject(member.id)
        .setIssuer('civic-identity')
        .setAudience('civic-platform')
        .setIssuedAt(iat)
        .setExpirationTime(iat + hours * 3600)
        .setJti(randomUUID())
        .sign(key);
      return { ...member, token, cookie: `access_token=${token}` };
    }),
  );
}

/** Amendments per article: `total` spread one by one over the first articles (some articles have none). */
export function amendmentPlan(articles, total) {
  const plan = new Array(articles).fill(0);
  // A realistic law: about half its articles are amended; the full-size law has 4 per article.
  const amended = total >= articles ? articles : Math.max(1, Math.ceil(articles / 2));
  for (let i = 0; i < total; i++) plan[i % amended] += 1;
  return plan;
}

/**
 * Seeds a cycle in its final vote (ending far away, so no tick closes it) or uses `cycleId`, a law in
 * it with `articles` articles and `amendments` amendments, the members as verified citizens of
 * decisions, and the chat's side: the cycle's phase, the open final-vote room with `history`
 * messages, the members. Answers { cycleId, lawId, articleIds, amendmentIds, room }.
 */
export async function seedFinalVoteLaw(sql, { cycleId = null, title = 'Law on the evening', articles = 10, amendments = 8, history = 60, memberIds = [] }) {
  const now = new Date();
  const far = new Date(now.getTime() + 7 * 24 * 3600 * 1000);
  let cycle = cycleId;
  if (!cycle) {
    cycle = randomUUID();
    const { rows } = await sql.query('SELECT coalesce(max(number), 0)::int + 1 AS next FROM decisions.cycle');
    await sql.query(
      `INSERT INTO decisions.cycle (id, number, phase, phase_started_at, phase_ends_at, created_at) VALUES ($1, $2, 'final-vote', $3, $4, $3)`,
      [cycle, rows[0].next, now, far],
    );
  }
  const lawId = randomUUID();
  const { rows: ranked } = await sql.query('SELECT coalesce(max(rank), 0)::int + 1 AS next FROM decisions.law WHERE cycle_id = $1', [cycle]);
  await sql.query(
    `INSERT INTO decisions.law (id, cycle_id, user_id, title, description, category, rank, state, created_at, updated_at)
     VALUES ($1, $2, $3, $4, 'Citizens vote article by article on the final text.', 'other', $5, 'final-vote', $6, $6)`,
    [lawId, cycle, memberIds[0] ?? randomUUID(), title, ranked[0].next, now],
  );
  const plan = amendmentPlan(articles, amendments);
  const articleIds = [];
  const amendmentIds = [];
  const rows = [];
  const body = (n) => `Article ${n}. ${'Every municipality publishes its budget in open data before the vote of the council. '.repeat(3)}`.trim();
  for (let a = 0; a < articles; a++) {
    const id = randomUUID();
    articleIds.push(id);
    rows.push([id, null, body(a + 1), a + 1, null]);
    for (let k = 0; k < plan[a]; k++) {
      const amendment = randomUUID();
      amendmentIds.push(amendment);
      rows.push([amendment, id, `${body(a + 1)} The publication is made at least one month before.`, k + 1, `Amendment ${k + 1}`]);
    }
  }
  await sql.query(
    `INSERT INTO decisions.article (id, law_id, parent_id, user_id, title, body, position, created_at, updated_at)
     SELECT r.id, $2, r.parent_id, $3, r.title, r.body, r.position, $4, $4
     FROM unnest($1::uuid[], $5::uuid[], $6::text[], $7::int[], $8::text[]) AS r(id, parent_id, body, position, title)`,
    [rows.map((r) => r[0]), lawId, memberIds[0] ?? lawId, now, rows.map((r) => r[1]), rows.map((r) => r[2]), rows.map((r) => r[3]), rows.map((r) => r[4])],
  );
  if (memberIds.length) {
    await sql.query(
      `INSERT INTO decisions.citizen (user_id, registered_at, verified_at, user_name)
       SELECT id, $2, $2, 'Citizen' FROM unnest($1::uuid[]) AS id ON CONFLICT (user_id) DO UPDATE SET verified_at = coalesce(decisions.citizen.verified_at, EXCLUDED.verified_at)`,
      [memberIds, now],
    );
    await sql.query(
      `INSERT INTO chat.member (user_id, user_name, registered_at) SELECT id, 'Citizen', $2 FROM unnest($1::uuid[]) AS id ON CONFLICT (user_id) DO NOTHING`,
      [memberIds, now],
    );
  }
  // The chat's view of the cycle (phase index of final-vote) and its room, open, with some history.
  const room = `cycle:${cycle}:final-vote`;
  await sql.query(
    `INSERT INTO chat.cycle (cycle_id, phase_index, updated_at) VALUES ($1, 3, $2) ON CONFLICT (cycle_id) DO UPDATE SET phase_index = GREATEST(chat.cycle.phase_index, 3)`,
    [cycle, now],
  );
  await sql.query(`INSERT INTO chat.room (id, kind, cycle_id, opened_at) VALUES ($1, 'final-vote', $2, $3) ON CONFLICT (id) DO NOTHING`, [room, cycle, now]);
  if (history > 0) {
    await sql.query(
      `INSERT INTO chat.message (id, room_id, user_id, user_name, text, created_at)
       SELECT gen_random_uuid(), $1, $2, 'Citizen', 'I read article ' || g || ' again before voting.', $3::timestamptz - (($4 - g) || ' seconds')::interval
       FROM generate_series(1, $4) AS g`,
      [room, memberIds[0] ?? cycle, now, history],
    );
  }
  return { cycleId: cycle, lawId, articleIds, amendmentIds, room };
}

/** Ballot rows of the law and texts whose four counters differ from their rows (0 when every ballot counted once). */
export async function ballotCheck(sql, lawId) {
  const { rows } = await sql.query(
    `SELECT (SELECT count(*)::int FROM decisions.article_vote v JOIN decisions.article a ON a.id = v.article_id WHERE a.law_id = $1) AS ballots,
       (SELECT count(*)::int FROM decisions.article a LEFT JOIN (
          SELECT article_id, count(*) FILTER (WHERE choice = 'for')::int AS f, count(*) FILTER (WHERE choice = 'against')::int AS g,
                 count(*) FILTER (WHERE choice = 'neutral')::int AS n, count(*) FILTER (WHERE choice = 'blank')::int AS b
          FROM decisions.article_vote GROUP BY article_id) v ON v.article_id = a.id
        WHERE a.law_id = $1 AND (a.votes_for <> coalesce(v.f, 0) OR a.votes_against <> coalesce(v.g, 0) OR a.votes_neutral <> coalesce(v.n, 0) OR a.votes_blank <> coalesce(v.b, 0))) AS mismatched`,
    [lawId],
  );
  return rows[0];
}

const getHeaders = (cookie) => ({ accept: 'application/json', 'x-requested-with': 'fetch', cookie });

/**
 * The screen's calls against `origins` ({ identity, decisions, chat }: one gateway for all, or each
 * service directly for the baseline), `connect(origin, options)` being socket.io-client's `io` and
 * `socketOptions` the shipped ones (shippedSocketOptions()).
 * `run(member, law, record)` plays one citizen; `record(ms, ok, kind)` gets every request's latency
 * and what it was (`PUT /api/laws/:id/articles/:id/vote`, `socket connect`...).
 */
export function finalVoteClient({ origins, connect, socketOptions, connections = 128, votesOn = 'articles', locale = 'en' }) {
  const pools = new Map();
  const pool = (origin) => {
    if (!pools.has(origin)) pools.set(origin, new Pool(origin, { connections, pipelining: 1, keepAliveTimeout: 30_000, headersTimeout: 30_000, bodyTimeout: 30_000 }));
    return pools.get(origin);
  };
  // The page's own origin, which the browser names on state-changing calls and the websocket.
  const pageOrigin = origins.page ?? origins.decisions;

  async function call(record, origin, method, path, cookie, body) {
    const kind = `${method} ${path.replace(/[0-9a-f-]{36}/g, ':id').replace(/cycle%3A:id%3Afinal-vote/, ':room').replace(/\?.*/, '')}`;
    const t0 = performance.now();
    let ok = false;
    let data;
    try {
      const headers = body === undefined ? getHeaders(cookie) : { accept: 'application/json', 'content-type': 'application/json', cookie };
      if (method !== 'GET') headers.origin = pageOrigin;
      const response = await pool(origin).request({ path, method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
      const text = await response.body.text();
      ok = response.statusCode >= 200 && response.statusCode < 300;
      if (ok && text) data = JSON.parse(text);
      else if (!ok) record.failure(`${kind} ${response.statusCode} ${text.slice(0, 120)}`);
    } catch (error) {
      record.failure(`${kind} ${error.code ?? error.message}`);
    }
    record(performance.now() - t0, ok, kind);
    return ok ? (data ?? null) : undefined;
  }

  /** The chat panel's socket: connected, joined; answers it (or null when refused). */
  async function openChat(record, member, room) {
    const t0 = performance.now();
    // The shipped options (a copy: socket.io writes into them); the browser adds the cookie and the page's Origin.
    const socket = connect(origins.chat, { ...socketOptions, extraHeaders: { cookie: member.cookie, origin: pageOrigin } });
    try {
      await new Promise((resolve, reject) => {
        socket.once('connect', resolve);
        socket.once('connect_error', reject);
      });
      record(performance.now() - t0, true, 'socket connect');
    } catch (error) {
      record(performance.now() - t0, false, 'socket connect');
      record.failure(`socket connect ${error.message}`);
      socket.close();
      return null;
    }
    const t1 = performance.now();
    const ack = await socket.timeout(10_000).emitWithAck('room:join', { room }).catch(() => null);
    record(performance.now() - t1, Boolean(ack?.ok), 'socket room:join');
    if (!ack?.ok) {
      record.failure(`room:join ${JSON.stringify(ack)?.slice(0, 120)}`);
      socket.close();
      return null;
    }
    return socket;
  }

  /**
   * One citizen: the screen's reads, a ballot on every article (or every text with `votesOn: 'texts'`),
   * one chat message. Answers { ok, ballots: [textIndex...] that got 2xx }.
   */
  async function run(member, law, record, iteration) {
    const accepted = [];
    const cookie = member.cookie;
    const restored = await call(record, origins.identity, 'POST', '/api/login/auth-user', cookie);
    if (restored === null) record.failure('the session restore answered no user');
    if (!restored) return { ok: false, accepted };
    const [remote, cycles, list] = await Promise.all([
      call(record, origins.identity, 'POST', '/api/login/auth-user', cookie),
      call(record, origins.decisions, 'GET', '/api/decisions', cookie),
      call(record, origins.decisions, 'GET', '/api/laws?state=final-vote', cookie),
    ]);
    if (!remote || !cycles || !list) return { ok: false, accepted };
    const cycle = cycles.cycles.find((item) => item.phase === 'final-vote');
    if (!list.laws.some((item) => item.id === law.lawId)) record.failure('the law is not listed in its final vote');
    // The chosen law (?law=) read in full while the chat panel connects.
    const [detail, socket] = await Promise.all([
      call(record, origins.decisions, 'GET', `/api/laws/${law.lawId}?lang=${locale}`, cookie),
      openChat(record, member, `cycle:${cycle?.id ?? law.cycleId}:final-vote`),
    ]);
    try {
      if (!detail || !socket) return { ok: false, accepted };
      const historyOk = await call(record, origins.chat, 'GET', `/api/chat/rooms/${encodeURIComponent(law.room)}/messages`, cookie);
      if (!historyOk) return { ok: false, accepted };
      const texts = votesOn === 'texts' ? detail.articles.flatMap((article) => [article, ...article.amendments]) : detail.articles;
      let ok = true;
      for (let i = 0; i < texts.length; i++) {
        const vote = choices[(iteration + i) % 4];
        const answer = await call(record, origins.decisions, 'PUT', `/api/laws/${law.lawId}/articles/${texts[i].id}/vote`, cookie, { vote });
        if (answer) accepted.push(texts[i].id);
        else ok = false;
      }
      const t0 = performance.now();
      const posted = await socket.timeout(10_000).emitWithAck('message:post', { room: law.room, text: `I voted on the ${texts.length} articles.`, clientMessageId: randomUUID() }).catch(() => null);
      record(performance.now() - t0, Boolean(posted?.ok), 'socket message:post');
      if (!posted?.ok) {
        record.failure(`message:post ${JSON.stringify(posted)?.slice(0, 120)}`);
        ok = false;
      }
      return { ok, accepted };
    } finally {
      socket?.disconnect();
    }
  }

  return { run, close: () => Promise.all([...pools.values()].map((p) => p.close())) };
}

/**
 * Counts the live updates published on the stack's NATS prefix (docs/live.md): per topic, how many
 * and their bytes, since the last `reset`. Each is one read of the topic's figures by its service.
 */
export async function liveUpdates(natsPrefix, natsUrl) {
  const { connectBus } = await import(pathToFileURL(path.join(root, 'packages/service-kit/dist/index.js')).href);
  const bus = await connectBus({ url: natsUrl, prefix: natsPrefix, name: 'bench-live-updates' });
  let counts = new Map();
  const subscription = bus.nc.subscribe(bus.subject('live.update'));
  void (async () => {
    for await (const message of subscription) {
      const topic = message.json().topic;
      const entry = counts.get(topic) ?? { updates: 0, bytes: 0 };
      entry.updates += 1;
      entry.bytes += message.data.length;
      counts.set(topic, entry);
    }
  })();
  await bus.nc.flush();
  return {
    reset() {
      counts = new Map();
    },
    of(topic) {
      return counts.get(topic) ?? { updates: 0, bytes: 0 };
    },
    async close() {
      subscription.unsubscribe();
      await bus.close();
    },
  };
}

/** The screens' reads decisions has answered so far (its /metrics: GET cycles, laws, one law). */
export async function decisionsReads(decisionsOrigin) {
  const text = await (await fetch(`${decisionsOrigin}/metrics`)).text();
  let reads = 0;
  for (const line of text.split('\n')) {
    if (!line.startsWith('http_request_duration_seconds_count{') || !line.includes('method="GET"')) continue;
    if (/route="\/api\/(decisions|laws|laws\/:id)"/.test(line)) reads += Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return reads;
}
