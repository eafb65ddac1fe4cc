// A stack for the peak-load benchmarks: the built identity, decisions, chat and notifications services
// and N gateways in front of them (as a Deployment's replicas behind a Service), in one database,
// NATS prefix and Redis key prefix of their own, with M members seeded straight into every service's
// tables and one access token each.
//
// API (kept stable for the benchmarks that import it):
//
//   startPeakStack({ label, gateways = 3, members = 10000, chatPods = 1, chatRedis = chatPods > 1, env = {} }) -> {
//     gatewayUrls: string[],            // one origin per gateway process; spread clients round robin
//     serviceUrls: { identity, decisions, chat, notifications },
//     databaseUrl, natsPrefix, redisPrefix,
//     members: [{ id, name, email, cookie, token }],   // `cookie` is `access_token=<token>`
//     password,                          // every seeded member's password (one shared argon2id hash)
//     pids: { gateways: number[], identity, decisions, chat, notifications, chatPods: number[] },  // chat: the first pod
//     redisStreamEntries(),              // entries of chat's socket.io stream in Redis so far (0 without Redis)
//     publish(eventContract, payload),   // a contract event (e.g. CyclePhaseChanged) on the stack's NATS prefix
//     stop(),                            // stops every process, drops the database, removes streams and keys
//   }
//   env: extra settings for every process; env.gateway / env.chat / ... (objects) for one component.
//   chatPods: chat processes; gateway i sends its sockets to pod i mod chatPods, as a Service spreads
//   connections evenly; chatRedis: they share rooms through the Redis streams adapter (REDIS_URL).
//   Access tokens are signed by a test signer (test-kit TestTokens, valid 2 h) whose JWKS every
//   service verifies with; identity still logs members in with `password` (its own tokens then).
//
//   procStats(pid) -> { rss: bytes, cpuMs: user + system CPU time } read from /proc (Linux).
//   openFds(pid) -> file descriptors the process holds.
//   openCycle(stack, { number, from, to }) -> { cycleId, room }: publishes a phase change and waits
//     until chat has opened the phase's room.
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { benchNatsPrefix, createBenchDatabase, freePort, NATS_URL, REDIS_URL, root, runId, startService } from './bench.mjs';

const kit = await import(pathToFileURL(path.join(root, 'packages/service-kit/dist/index.js')).href);
const { TestTokens } = await import(pathToFileURL(path.join(root, 'packages/test-kit/dist/tokens.js')).href);
const { USER_NAME_KEY_VERSION } = await import(pathToFileURL(path.join(root, 'services/identity/dist/domain/user-name.js')).href);

const SERVICES = ['identity', 'decisions', 'chat', 'notifications'];
const TICKS_PER_SECOND = 100; // USER_HZ on Linux
const PAGE_SIZE = 4096;

/** The id of the i-th seeded member: the same in SQL (generate_series) and here. */
export const memberId = (i) => `00000000-0000-4000-8000-${i.toString(16).padStart(12, '0')}`;
const memberIdSql = (column) => `('00000000-0000-4000-8000-' || lpad(to_hex(${column}), 12, '0'))::uuid`;

/** Resident memory and CPU time (user + system) of a process. */
export function procStats(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name (which may hold spaces) start at state (field 3).
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const utime = Number(fields[11]);
  const stime = Number(fields[12]);
  const rssPages = Number(fields[21]);
  return { rss: rssPages * PAGE_SIZE, cpuMs: ((utime + stime) * 1000) / TICKS_PER_SECOND };
}

/** File descriptors a process holds (sockets included); the machine allows 20,000 per process. */
export function openFds(pid) {
  return readdirSync(`/proc/${pid}/fd`).length;
}

async function seedMembers(databaseUrl, count, passwordHash) {
  const sql = new pg.Client({ connectionString: databaseUrl });
  await sql.connect();
  try {
    const series = `FROM generate_series(0, $1::int - 1) AS i`;
    await sql.query(
      // Keyed by the current rule, so that identity has no name keys to give at start.
      `INSERT INTO identity.users (id, email, user_name, user_name_key, user_name_key_version, password_hash, verified_at)
       SELECT ${memberIdSql('i')}, 'citizen' || i || '@example.org', 'Citizen ' || i, 'citizen ' || i, $3, $2, now() ${series}`,
      [count, passwordHash, USER_NAME_KEY_VERSION],
    );
    await sql.query(`INSERT INTO decisions.citizen (user_id, registered_at, verified_at) SELECT ${memberIdSql('i')}, now(), now() ${series}`, [count]);
    await sql.query(`INSERT INTO chat.member (user_id, user_name, registered_at) SELECT ${memberIdSql('i')}, 'Citizen ' || i, now() ${series}`, [count]);
    await sql.query(`INSERT INTO notifications.member (user_id, user_name, registered_at) SELECT ${memberIdSql('i')}, 'Citizen ' || i, now() ${series}`, [count]);
    for (const table of ['identity.users', 'decisions.citizen', 'chat.member', 'notifications.member']) await sql.query(`ANALYZE ${table}`);
  } finally {
    await sql.end();
  }
}

export async function startPeakStack({ label, gateways = 3, members = 10000, chatPods = 1, chatRedis = chatPods > 1, env = {} }) {
  const componentEnv = (name) => {
    const shared = Object.fromEntries(Object.entries(env).filter(([, value]) => typeof value !== 'object'));
    return { ...shared, ...(env[name] ?? {}) };
  };
  const database = await createBenchDatabase(label, SERVICES);
  const nats = benchNatsPrefix(label);
  const redisPrefix = `bench:${label}:${runId}:`;
  const tokens = await TestTokens.start();
  const started = [];
  let bus = null;
  const chatRedisUrl = env.chat?.REDIS_URL ?? env.REDIS_URL ?? (chatRedis ? REDIS_URL : null);

  const stop = async () => {
    await Promise.all(started.splice(0).map((service) => service.stop().catch(() => undefined)));
    await bus?.close().catch(() => undefined);
    bus = null;
    await tokens.close().catch(() => undefined);
    await nats.cleanup().catch(() => undefined);
    await database.drop().catch(() => undefined);
    if (chatRedisUrl) await removeRedisKeys(chatRedisUrl, redisPrefix);
  };

  try {
    const password = 'peak-load-password';
    const argon2 = createRequire(path.join(root, 'services/identity/package.json'))('argon2');
    // One hash for everyone: seeding stays a few SQL statements, logging in stays possible.
    const passwordHash = await argon2.hash(password, { type: argon2.argon2id });
    await seedMembers(database.url, members, passwordHash);

    // Gateways are started last but their origins are known now: chat accepts them as page origins.
    const gatewayPorts = await Promise.all(Array.from({ length: gateways }, () => freePort()));
    const gatewayUrls = gatewayPorts.map((port) => `http://127.0.0.1:${port}`);
    const common = { DATABASE_URL: database.url, NATS_PREFIX: nats.prefix, JWKS_URL: tokens.jwksUrl, PUBLIC_URL: gatewayUrls[0], SHUTDOWN_DRAIN_MS: '0', SHUTDOWN_GRACE_MS: '3000' };
    const services = {};
    const chatProcesses = [];
    for (const name of SERVICES) {
      if (name === 'chat') {
        const chatEnv = { ...common, CORS_ORIGINS: gatewayUrls.join(','), REDIS_PREFIX: redisPrefix, ...(chatRedisUrl ? { REDIS_URL: chatRedisUrl } : {}), ...componentEnv(name) };
        for (let pod = 0; pod < chatPods; pod++) {
          const chat = await startService(name, chatEnv);
          chatProcesses.push(chat);
          started.push(chat);
        }
        services.chat = chatProcesses[0];
        continue;
      }
      services[name] = await startService(name, { ...common, ...componentEnv(name) });
      started.push(services[name]);
    }
    const upstreams = Object.fromEntries(SERVICES.map((name) => [`${name.toUpperCase()}_URL`, services[name].origin]));
    // Elections is not part of this stack: its routes answer 503, the gateway stays ready (degraded).
    upstreams.ELECTIONS_URL = `http://127.0.0.1:${await freePort()}`;
    const gatewayProcesses = [];
    for (const [index, port] of gatewayPorts.entries()) {
      // Every client of the benchmark comes from 127.0.0.1: the per-address limit would count them as one.
      // Each gateway is a site of its own: its pages (the clients' Origin) may post and open sockets.
      const site = { PUBLIC_URL: `http://127.0.0.1:${port}`, CORS_ORIGINS: gatewayUrls.join(',') };
      // Several chat pods: gateway i sends its sockets to pod i mod P, as a Service spreads connections
      // evenly. A balancer in this process would hold two descriptors per socket, past its limit.
      const chat = chatProcesses.length > 1 ? { CHAT_URL: chatProcesses[index % chatProcesses.length].origin } : {};
      const gateway = await startGateway(port, { ...upstreams, ...chat, ...site, RATE_LIMIT_MAX: '100000000', SHUTDOWN_GRACE_MS: '3000', ...componentEnv('gateway') });
      gatewayProcesses.push(gateway);
      started.push(gateway);
    }

    const seeded = await Promise.all(
      Array.from({ length: members }, async (_, i) => {
        const id = memberId(i);
        const name = `Citizen ${i}`;
        const token = await tokens.sign({ id, name, verified: true }, '2h');
        return { id, name, email: `citizen${i}@example.org`, token, cookie: `access_token=${token}` };
      }),
    );
    bus = await kit.connectBus({ url: NATS_URL, prefix: nats.prefix, name: `bench-${label}` });

    return {
      gatewayUrls,
      serviceUrls: Object.fromEntries(SERVICES.map((name) => [name, services[name].origin])),
      databaseUrl: database.url,
      natsPrefix: nats.prefix,
      redisPrefix,
      members: seeded,
      password,
      pids: { gateways: gatewayProcesses.map((gateway) => gateway.child.pid), ...Object.fromEntries(SERVICES.map((name) => [name, services[name].child.pid])), chatPods: chatProcesses.map((chat) => chat.child.pid) },
      async redisStreamEntries() {
        if (!chatRedisUrl) return 0;
        return withRedis(chatRedisUrl, async (redis) => Number(await redis.xLen(`${redisPrefix}socket.io`)));
      },
      async publish(contract, payload) {
        const event = kit.newEvent(contract, payload);
        await bus.js.publish(bus.subject(event.subject), JSON.stringify(event), { msgID: event.id });
        return event;
      },
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** Publishes a phase change of a new (or given) cycle and waits until chat has opened its room. */
export async function openCycle(stack, { cycleId, number = 1, from = null, to = 'proposals' }) {
  const { CyclePhaseChanged } = await import(pathToFileURL(path.join(root, 'packages/contracts/dist/index.js')).href);
  const id = cycleId ?? crypto.randomUUID();
  const room = `cycle:${id}:${to}`;
  await stack.publish(CyclePhaseChanged, { cycleId: id, number, from, to, at: new Date().toISOString(), phaseEndsAt: null });
  for (let i = 0; ; i++) {
    if ((await fetch(`${stack.serviceUrls.chat}/api/chat/rooms/${room}`)).ok) break;
    if (i > 400) throw new Error('the chat service did not open the room');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { cycleId: id, room };
}

/** A gateway on a given port (chat must know the page origins before the gateways exist). */
async function startGateway(port, env) {
  // BENCH_CPU_PROFILE=gateway: V8 CPU profiles in .tmp/profiles, as bench.mjs does for the services.
  const profiled = (process.env.BENCH_CPU_PROFILE ?? '').split(',').includes('gateway');
  const profile = profiled ? ['--cpu-prof', `--cpu-prof-dir=${path.join(root, '.tmp', 'profiles')}`, `--cpu-prof-name=gateway-${port}.cpuprofile`] : [];
  const child = spawn(process.execPath, [...profile, path.join(root, 'services/gateway/dist/server.js')], {
    env: { ...process.env, HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const origin = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`the gateway exited with ${child.exitCode}; run pnpm build first`);
    if (await fetch(`${origin}/readyz`).then((answer) => answer.ok, () => false)) break;
    if (i > 300) throw new Error('the gateway did not become ready');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    origin,
    port,
    child,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** Runs `work` with a Redis client of chat's own dependency (null when Redis cannot be reached: 0). */
async function withRedis(url, work) {
  const { createClient } = await import(pathToFileURL(createRequire(path.join(root, 'services/chat/package.json')).resolve('redis')).href);
  const redis = createClient({ url });
  await redis.connect().catch(() => undefined);
  if (!redis.isOpen) return 0;
  try {
    return await work(redis);
  } finally {
    await redis.close();
  }
}

async function removeRedisKeys(url, prefix) {
  await withRedis(url, async (redis) => {
    for await (const keys of redis.scanIterator({ MATCH: `${prefix}*`, COUNT: 500 })) if (keys.length) await redis.del(keys);
  });
}
