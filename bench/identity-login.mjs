// Identity sessions: logins per second (bound by argon2id, m = 19 MiB, t = 2, p = 1) and session
// restores per second (POST /api/login/auth-user), against the built identity service with its own
// database and NATS prefix. Baselines measured in the same run: a bare argon2id verify loop with the
// same concurrency (the ceiling for logins) and GET /healthz on the same server (the ceiling for a
// request that does no work). Prints each rate, latency percentiles and the ratio to its baseline.
// Run: pnpm --filter @civic/bench bench:identity   (after pnpm build; needs PostgreSQL and NATS:
// DATABASE_URL, NATS_URL, default 127.0.0.1). Sends traffic to 127.0.0.1 only.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { Pool } from 'undici';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DURATION_MS = Number(process.env.BENCH_DURATION_MS ?? 5000);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const DATABASE_URL = process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
const NATS_URL = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';

// argon2 and the helpers come from the workspace packages that depend on them.
const identityRequire = createRequire(path.join(root, 'services/identity/package.json'));
const argon2 = identityRequire('argon2');
const { applyMigrations } = await import(pathToFileURL(path.join(root, 'packages/db-migrate/dist/index.js')).href).catch(() => {
  throw new Error('packages/db-migrate/dist is missing: run pnpm build first');
});
const { connectBus } = await import(pathToFileURL(path.join(root, 'packages/service-kit/dist/index.js')).href);
const PASSWORD_HASH_OPTIONS = { type: argon2.argon2id, memoryCost: 19 * 1024, timeCost: 2, parallelism: 1 };

const run = randomBytes(3).toString('hex');
const database = `bench_identity_${run}`;
const natsPrefix = `bench_${run}.`;

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function admin(sql) {
  const client = new pg.Client({ connectionString: DATABASE_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

function withDatabase(url, name) {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

function summary(latencies, durationMs, errors) {
  latencies.sort((a, b) => a - b);
  const at = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? NaN;
  return { perSecond: latencies.length / (durationMs / 1000), p50: at(0.5), p99: at(0.99), count: latencies.length, errors };
}

/** Runs `task(worker)` in CONNECTIONS parallel loops for DURATION_MS. */
async function measure(task) {
  const latencies = [];
  let errors = 0;
  const deadline = Date.now() + DURATION_MS;
  const started = Date.now();
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async (_, worker) => {
      while (Date.now() < deadline) {
        const begin = process.hrtime.bigint();
        try {
          if (!(await task(worker))) errors += 1;
        } catch {
          errors += 1;
        }
        latencies.push(Number(process.hrtime.bigint() - begin) / 1e6);
      }
    }),
  );
  return summary(latencies, Date.now() - started, errors);
}

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

await admin(`CREATE DATABASE "${database}"`);
const databaseUrl = withDatabase(DATABASE_URL, database);
let server = null;
try {
  await applyMigrations({ databaseUrl, schema: 'identity', migrationsDir: path.join(root, 'services/identity/prisma/migrations') });
  const port = await freePort();
  server = spawn(process.execPath, [path.join(root, 'services/identity/dist/server.js')], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DATABASE_URL: databaseUrl,
      NATS_URL,
      NATS_PREFIX: natsPrefix,
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      MAX_ACCOUNTS_PER_IP: '100000',
      MAX_ACCOUNTS_PER_IP_PER_DAY: '100000',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const origin = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${origin}/readyz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (i > 200) throw new Error('identity did not become ready; run pnpm build first');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

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
  const argonBaseline = await measure(async () => argon2.verify(hash, 'bench password'));

  // Logins.
  const logins = await measure(async (worker) => {
    const user = users[worker];
    const res = await post('/api/login', { email: user.email, password: user.password });
    return res.status === 200;
  });

  // Baseline 2: a request that does no work, on the same server.
  const healthBaseline = await measure(async () => {
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
  const restoresAccess = await measure(async (worker) => {
    const res = await post('/api/login/auth-user', undefined, `access_token=${sessions[worker].access_token}`);
    return res.status === 200 && res.text.startsWith('{');
  });

  // Restores from the refresh cookie alone (access token expired): each call rotates the refresh token.
  const restoresRefresh = await measure(async (worker) => {
    const res = await post('/api/login/auth-user', undefined, `refresh_token=${sessions[worker].refresh_token}`);
    const next = cookiesOf(res.headers).refresh_token;
    if (next) sessions[worker].refresh_token = next;
    return res.status === 200 && res.text.startsWith('{') && Boolean(next);
  });
  await pool.close();

  const fmt = (n) => n.toFixed(1);
  const row = (name, r, baseline) =>
    `${name.padEnd(44)} ${fmt(r.perSecond).padStart(9)} /s   p50 ${fmt(r.p50).padStart(7)} ms   p99 ${fmt(r.p99).padStart(7)} ms   errors ${r.errors}${baseline ? `   ${(r.perSecond / baseline.perSecond).toFixed(2)}x baseline` : ''}`;
  console.log(`\nIdentity sessions, ${CONNECTIONS} connections, ${DURATION_MS} ms per phase, argon2id m=19456 t=2 p=1, UV_THREADPOOL_SIZE=${process.env.UV_THREADPOOL_SIZE ?? 4}`);
  console.log(row('baseline: bare argon2id verify loop', argonBaseline));
  console.log(row('POST /api/login', logins, argonBaseline));
  console.log(row('baseline: GET /healthz (same server)', healthBaseline));
  console.log(row('POST /api/login/auth-user (access cookie)', restoresAccess, healthBaseline));
  console.log(row('POST /api/login/auth-user (refresh, rotating)', restoresRefresh, healthBaseline));
  console.log(
    JSON.stringify({
      connections: CONNECTIONS,
      durationMs: DURATION_MS,
      argon2VerifyPerSecond: Math.round(argonBaseline.perSecond),
      loginsPerSecond: Math.round(logins.perSecond),
      loginToArgon2Ratio: Number((logins.perSecond / argonBaseline.perSecond).toFixed(3)),
      healthzPerSecond: Math.round(healthBaseline.perSecond),
      restoresPerSecond: Math.round(restoresAccess.perSecond),
      refreshRestoresPerSecond: Math.round(restoresRefresh.perSecond),
      restoreToHealthzRatio: Number((restoresAccess.perSecond / healthBaseline.perSecond).toFixed(3)),
      errors: logins.errors + restoresAccess.errors + restoresRefresh.errors,
    }),
  );
} finally {
  if (server) {
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  smtp.close();
  await admin(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`).catch(() => undefined);
  const bus = await connectBus({ url: NATS_URL, prefix: natsPrefix, name: 'bench-cleanup' }).catch(() => null);
  if (bus) {
    // The service's stream and those its consumers created, all under this run's prefix.
    const prefix = natsPrefix.replace(/\./g, '_').toUpperCase();
    for await (const name of bus.jsm.streams.names()) {
      if (name.startsWith(prefix)) await bus.jsm.streams.delete(name).catch(() => undefined);
    }
    await bus.close();
  }
}
