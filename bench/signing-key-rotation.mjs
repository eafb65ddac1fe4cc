// The signing key rotated while members are logged in and voting (docs/signing-keys.md), rehearsed on
// one machine: the whole stack (`pnpm start`, two identity replicas) on the small full-size dataset,
// BENCH_MEMBERS members logged in through the gateway, each casting final-vote ballots in a loop and
// restoring its session now and then. Meanwhile, as an operator would:
//   1. `node deploy/scripts/rotate-signing-key.mjs rotate`, then a rolling restart of identity (what the
//      chart's checksum does), so every identity pod signs with the new key;
//   2. the members log in again: their new tokens carry the new key;
//   3. once the old key is older than a minute, `rotate-signing-key.mjs retire --older-than-minutes 1`.
// Measured: answers refused (401/403) and failed (5xx or no answer) before the retirement, with old
// and new tokens; after the retirement, how long an old token is still accepted by identity and by
// decisions (their JWKS cache), and that the new tokens still vote.
// Targets: no refusal and no failure before the retirement; an old token refused by identity at once
// and by the other services within 7 s of it (docs/signing-keys.md).
// Run: node bench/run-all.mjs signing-key-rotation (needs PostgreSQL, NATS and Redis).
import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { SERVICES } from '../scripts/stack.mjs';
import { createBenchDatabase, report, root, startBenchStack } from './lib/bench.mjs';
import { SMALL_SIZE, idOf, seedPlatform } from './lib/full-size-seed.mjs';

const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 20);
const PASSWORD = 'rotation bench password 1';
/** docs/signing-keys.md: the other services refetch the JWKS at most this long after a key is retired. */
const VERIFIER_BOUND_S = 7;
const argon2 = createRequire(path.join(root, 'services/identity/package.json'))('argon2');
const run = promisify(execFile);
const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Answers by phase and kind: status code (or 'no answer') → count. */
const answers = new Map();
function note(phase, kind, status) {
  const key = `${phase}|${kind}`;
  const byStatus = answers.get(key) ?? new Map();
  byStatus.set(status, (byStatus.get(status) ?? 0) + 1);
  answers.set(key, byStatus);
}
function count(phase, test) {
  let total = 0;
  for (const [key, byStatus] of answers) if (key.startsWith(`${phase}|`)) for (const [status, n] of byStatus) if (test(status)) total += n;
  return total;
}

/** The `kid` in a JWT's header. */
const kidOf = (token) => JSON.parse(Buffer.from(token.split('.')[0], 'base64url').toString()).kid;

async function call(origin, method, pathName, cookie, body) {
  try {
    const answer = await fetch(`${origin}${pathName}`, {
      method,
      headers: { accept: 'application/json', origin, ...(cookie ? { cookie } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(15_000),
    });
    return { status: answer.status, body: await answer.text() };
  } catch {
    return null;
  }
}

/** Logs a member in through the gateway: the access token and the cookie header to send. */
async function logIn(origin, email) {
  const answer = await fetch(`${origin}/api/login`, {
    method: 'POST',
    headers: { accept: 'application/json', 'content-type': 'application/json', origin },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  if (!answer.ok) throw new Error(`login of ${email} answered ${answer.status}: ${await answer.text()}`);
  const cookies = answer.headers.getSetCookie().map((line) => line.split(';', 1)[0]);
  const token = cookies.find((cookie) => cookie.startsWith('access_token='))?.slice('access_token='.length);
  if (!token) throw new Error(`login of ${email} set no access token`);
  return { token, cookie: `access_token=${token}` };
}

const database = await createBenchDatabase('rotation', SERVICES);
let stack = null;
const sql = new pg.Client({ connectionString: database.url });
try {
  const passwordHash = await argon2.hash(PASSWORD, { type: argon2.argon2id, memoryCost: 19 * 1024, timeCost: 2, parallelism: 1 });
  const { ids } = await seedPlatform(database.url, SMALL_SIZE, passwordHash);
  stack = await startBenchStack('rotation', database.url, (component) => (component === 'gateway' ? { RATE_LIMIT_MAX: '1000000' } : {}), { identity: 2 });
  const { origin } = stack;
  await sql.connect();
  const lawId = ids.finalVoteLaw;
  const articles = Array.from({ length: SMALL_SIZE.articles }, (_, i) => idOf('law-final-voteart', i + 1));
  const members = Array.from({ length: MEMBERS }, (_, i) => ({ email: `member${i + 1}@example.org` }));
  for (const member of members) Object.assign(member, { old: await logIn(origin, member.email) });
  const oldKid = kidOf(members[0].old.token);

  // Each member votes in a loop with its current token (old, then new once logged in again), and
  // restores its session every fifth round, as the pages do.
  let phase = 'before rotation';
  let stopped = false;
  const vote = ['for', 'against', 'neutral', 'blank'];
  const loops = members.map(async (member, m) => {
    for (let round = 0; !stopped; round++) {
      const cookie = (member.renewed ?? member.old).cookie;
      const tokenAge = member.renewed ? 'new token' : 'old token';
      const article = articles[(m + round) % articles.length];
      const ballot = await call(origin, 'PUT', `/api/laws/${lawId}/articles/${article}/vote`, cookie, { vote: vote[round % vote.length] });
      note(phase, `vote, ${tokenAge}`, ballot?.status ?? 'no answer');
      if (round % 5 === 0) {
        // A token it refuses, identity answers as a visitor's: 200 with null, counted as a 401 here.
        const restore = await call(origin, 'POST', '/api/login/auth-user', cookie);
        note(phase, `session restore, ${tokenAge}`, restore?.body === 'null' ? 401 : (restore?.status ?? 'no answer'));
      }
      await pause(100);
    }
  });

  await pause(3000);
  phase = 'rotation and restart';
  const rotateStarted = Date.now();
  const env = { ...process.env, DATABASE_URL: database.url };
  await run(process.execPath, [path.join(root, 'deploy/scripts/rotate-signing-key.mjs'), 'rotate'], { env });
  await stack.deployments.identity.roll();
  const rotateSeconds = (Date.now() - rotateStarted) / 1000;

  phase = 'new logins';
  for (const member of members) member.renewed = await logIn(origin, member.email);
  const newKid = kidOf(members[0].renewed.token);

  // The old key may be retired once it is a minute old (the script's smallest bound).
  phase = 'before retirement';
  const { rows } = await sql.query('SELECT extract(epoch FROM now() - created_at) AS age FROM identity.signing_key WHERE kid = $1', [oldKid]);
  await pause(Math.max(0, 61 - Number(rows[0].age)) * 1000 + 2000);
  stopped = true;
  await Promise.all(loops);

  // Retirement: how long an old token is still accepted, by identity and by decisions.
  const probe = members[0].old.cookie;
  // Timed from the script's end, when its DELETE has committed (starting Node takes a second or two).
  await run(process.execPath, [path.join(root, 'deploy/scripts/rotate-signing-key.mjs'), 'retire', '--older-than-minutes', '1'], { env });
  const retired = Date.now();
  // identity's session restore answers a refused token as a visitor (200, null); decisions with 401.
  const refusedAfter = async (check) => {
    while (Date.now() - retired < 30_000) {
      const answer = await check();
      if (answer?.status === 401 || (answer?.status === 200 && answer.body === 'null')) return (Date.now() - retired) / 1000;
      await pause(100);
    }
    return Infinity;
  };
  const [identitySeconds, decisionsSeconds] = await Promise.all([
    refusedAfter(() => call(origin, 'POST', '/api/login/auth-user', probe)),
    refusedAfter(() => call(origin, 'PUT', `/api/laws/${lawId}/articles/${articles[0]}/vote`, probe, { vote: 'for' })),
  ]);
  const newAfter = await call(origin, 'PUT', `/api/laws/${lawId}/articles/${articles[1]}/vote`, members[1].renewed.cookie, { vote: 'against' });
  const { rows: keys } = await sql.query('SELECT kid FROM identity.signing_key');

  const phases = ['before rotation', 'rotation and restart', 'new logins', 'before retirement'];
  const refused = phases.reduce((sum, name) => sum + count(name, (status) => status === 401 || status === 403), 0);
  const failed = phases.reduce((sum, name) => sum + count(name, (status) => status === 'no answer' || status >= 500), 0);
  const accepted = phases.reduce((sum, name) => sum + count(name, (status) => typeof status === 'number' && status < 300), 0);
  const byPhase = phases.map((name) => `${name}: ${count(name, () => true)} requests, ${count(name, (status) => typeof status === 'number' && status < 300)} accepted`).join('; ');
  report(
    'Signing key rotated while members vote (rotate, rolling restart of identity, retire)',
    [
      { name: 'answers accepted before retirement', value: accepted, unit: 'requests' },
      { name: 'refused (401/403) before retirement', value: refused, unit: 'requests', target: '0', met: refused === 0 },
      { name: 'failed (5xx, no answer) before retirement', value: failed, unit: 'requests', target: '0', met: failed === 0 },
      { name: 'old token refused by identity after retirement', value: identitySeconds, unit: 's', target: 'at once (< 1 s)', met: identitySeconds < 1 },
      {
        name: 'old token refused by decisions after retirement',
        value: decisionsSeconds,
        unit: 's',
        target: `< ${VERIFIER_BOUND_S} s`,
        met: decisionsSeconds < VERIFIER_BOUND_S,
      },
      { name: 'new token votes after retirement', value: newAfter?.status ?? 0, unit: 'status', target: '200', met: newAfter?.status === 200 },
    ],
    [
      `${MEMBERS} members logged in through the gateway, each voting on the final vote's articles every 100 ms or so and restoring its session every fifth vote; identity runs 2 replicas.`,
      `Rotation: a new key ${newKid === oldKid ? 'NOT ' : ''}distinct from the old (${oldKid.slice(0, 8)}… → ${newKid.slice(0, 8)}…); adding it and rolling identity took ${rotateSeconds.toFixed(1)} s. Keys left after retirement: ${keys.length}.`,
      byPhase,
    ],
  );
} finally {
  await sql.end().catch(() => undefined);
  await stack?.stop();
  await database.drop().catch(() => undefined);
}
