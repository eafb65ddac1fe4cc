// Identity sessions: logins per second (bound by argon2id, m = 19 MiB, t = 2, p = 1) and session
// restores per second (POST /api/login/auth-user), against the built identity service with its own
// database and NATS prefix. Baselines measured in the same run: a bare argon2id verify loop with the
// same concurrency (the ceiling for logins) and GET /healthz on the same server (the ceiling for a
// request that does no work).
// Run: node bench/run-all.mjs identity-login (needs PostgreSQL and NATS: DATABASE_URL, NATS_URL,
// default 127.0.0.1). Sends traffic to 127.0.0.1 only.
import { createRequire } from 'node:module';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { Pool } from 'undici';
import { benchNatsPrefix, createBenchDatabase, measure, report, root, runId, startService, withPeak } from './lib/bench.mjs';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);

// argon2 comes from the identity service that depends on it.
const argon2 = createRequire(path.join(root, 'services/identity/package.json'))('argon2');
const PASSWORD_HASH_OPTIONS = { type: argon2.argon2id, memoryCost: 19 * 1024, timeCost: 2, parallelism: 1 };
const run = runId;
const measureAll = (task) => measure(task, { concurrency: CONNECTIONS });

function cookiesOf(headers) {
  const raw = headers['set-cookie'];
  const list = raw === undefined ? [] : Array.isArray(raw) ? raw : [raw];
  const jar = {};
  for (const line of list) {
    const [pair] = line.split(';');
    const index = pair.indexOf('=');
    jar[pair.slice(0, index)] = pair.slice(index + 1);
  }
  return jar;
}

// A mail sink, so registrations send their verification mails somewhere.
const smtp = new SMTPServer({ authOptional: true, disabledCommands: ['STARTTLS'], logger: false, onData: (stream, _s, done) => stream.on('end', done).resume() });
await new Promise((resolve) => smtp.listen(0, '127.0.0.1', resolve));
const smtpPort = smtp.server.address().port;

const database = await createBenchDatabase('identity', ['identity']);
const nats = benchNatsPrefix('identity');
let server = null;
try {
  server = await startService('identity', {
    DATABASE_URL: database.url,
    NATS_PREFIX: nats.prefix,
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    MAX_ACCOUNTS_PER_IP: '100000',
    MAX_ACCOUNTS_PER_IP_PER_DAY: '100000',
  });
  const origin = server.origin;

  const pool = new Pool(origin, { connections: CONNECTIONS, pipelining: 1 });
  const post = async (pathName, body, cookie) => {
    const headers = { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) };
    const res = await pool.request({ path: pathName, method: 'POST', headers, body: body === undefined ? undefined : JSON.stringify(body) });
    const text = await res.body.text();
    return { status: res.statusCode, headers: res.headers, text };
  };

  // One account per connection.
  const users = [];
  for (let i = 0; i < CONNECTIONS; i++) {
    const user = { email: `bench-${run}-${i}@example.org`, password: `bench password ${i}` };
    const res = await post('/api/auth/register', { email: user.email, userName: `Bench ${i}`, password: user.password });
    if (res.status !== 201) throw new Error(`register failed: ${res.status} ${res.text}`);
    users.push(user);
  }

  // Baseline 1: argon2id verifications in a bare loop, same parameters and concurrency.
  const hash = await argon2.hash('bench password', PASSWORD_HASH_OPTIONS);
  const argonBaseline = await measureAll(async () => argon2.verify(hash, 'bench password'));

  // Logins.
  const [logins, loginPeak] = await withPeak(server.rss, () => measureAll(async (worker) => {
    const user = users[worker];
    const res = await post('/api/login', { email: user.email, password: user.password });
    return res.status === 200;
  }));

  // Baseline 2: a request that does no work, on the same server.
  const healthBaseline = await measureAll(async () => {
    const res = await pool.request({ path: '/healthz', method: 'GET' });
    await res.body.dump();
    return res.statusCode === 200;
  });

  // Sessions for the restore phases: one per connection.
  const sessions = [];
  for (const user of users) {
    const res = await post('/api/login', { email: user.email, password: user.password });
    sessions.push(cookiesOf(res.headers));
  }

  // Restores with a valid access cookie (the page-load call while the token is fresh).
  const restoresAccess = await measureAll(async (worker) => {
    const res = await post('/api/login/auth-user', undefined, `access_token=${sessions[worker].access_token}`);
    return res.status === 200 && res.text.startsWith('{');
  });

  // Restores from the refresh cookie alone (access token expired): each call rotates the refresh token.
  const restoresRefresh = await measureAll(async (worker) => {
    const res = await post('/api/login/auth-user', undefined, `refresh_token=${sessions[worker].refresh_token}`);
    const next = cookiesOf(res.headers).refresh_token;
    if (next) sessions[worker].refresh_token = next;
    return res.status === 200 && res.text.startsWith('{') && Boolean(next);
  });
  await pool.close();

  const peakRss = Math.max(loginPeak, await server.rss());
  report(
    'Logins and session restores (identity)',
    [
      { name: 'baseline: bare argon2id verify loop', ...argonBaseline },
      { name: 'POST /api/login', ...logins, peakRss, ratio: logins.perSecond / argonBaseline.perSecond },
      { name: 'baseline: GET /healthz (same server)', ...healthBaseline },
      { name: 'POST /api/login/auth-user (access cookie)', ...restoresAccess, ratio: restoresAccess.perSecond / healthBaseline.perSecond },
      { name: 'POST /api/login/auth-user (refresh, rotating)', ...restoresRefresh, ratio: restoresRefresh.perSecond / healthBaseline.perSecond },
    ],
    [`${CONNECTIONS} connections; argon2id m=19456 t=2 p=1; UV_THREADPOOL_SIZE=${process.env.UV_THREADPOOL_SIZE ?? 4}.`],
  );
} finally {
  await server?.stop();
  smtp.close();
  await database.drop().catch(() => undefined);
  await nats.cleanup();
}
