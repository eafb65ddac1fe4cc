// Runs the whole product on one machine: infrastructure (given by URL or started here), migrations,
// the five services, the gateway serving the three frontends. Used by `pnpm start` and the browser tests.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, createWriteStream, readFileSync, writeFileSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startBalancer } from './balancer.mjs';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const SERVICES = ['identity', 'decisions', 'elections', 'chat', 'notifications'];
export const FRONTENDS = ['shell', 'decisions', 'elections'];
const DEFAULT_PORTS = { gateway: 8080, identity: 4001, decisions: 4002, elections: 4003, chat: 4004, notifications: 4005 };

/**
 * Ports handed to the processes a stack starts are drawn below the kernel's ephemeral range (32768 and
 * up on Linux): a port that listen(0) picked and released is an ephemeral one, which an outgoing
 * connection of any process can take before the service it was meant for binds it.
 */
const LISTEN_PORTS = { from: 20_000, to: 32_000 };
const handedOut = new Set();

function canListen(port) {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** A port nothing listens on now, never the same twice in this process. */
export async function freePort() {
  for (let attempt = 0; attempt < 200; attempt++) {
    const port = LISTEN_PORTS.from + Math.floor(Math.random() * (LISTEN_PORTS.to - LISTEN_PORTS.from));
    if (handedOut.has(port) || !(await canListen(port))) continue;
    handedOut.add(port);
    return port;
  }
  throw new Error(`no free port between ${LISTEN_PORTS.from} and ${LISTEN_PORTS.to}`);
}

function portAnswers(port) {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port }, () => {
      socket.destroy();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
  });
}

export function portFree(port) {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** Runs a build step quietly; its output is shown only when it fails. */
function run(command, args) {
  const result = spawnSync(command, args, { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  if (result.status !== 0) {
    process.stdout.write(result.stdout ?? '');
    process.stderr.write(result.stderr ?? '');
    throw new Error(`${path.basename(command)} ${args.join(' ')} failed with exit code ${result.status}`);
  }
}

/** Generates Prisma clients, compiles the TypeScript projects (incrementally) and the frontends (about a second each). */
export function buildWhatIsNeeded(log = console.log) {
  log('Building (Prisma clients, TypeScript, frontends)...');
  run(process.execPath, ['scripts/prisma-generate.mjs']);
  run(process.execPath, [path.join(root, 'node_modules/typescript-native/bin/tsc'), '-b']);
  run('pnpm', ['--recursive', '--filter', './frontends/*', 'build']);
}

async function waitUntil(probe, timeoutMs, what) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      if (await probe()) return;
    } catch {
      // not yet
    }
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}

const httpOk = (url) => fetch(url, { signal: AbortSignal.timeout(2000) }).then((res) => res.ok);
/** The gateway's /readyz stays 200 while an upstream is down ('degraded'); start-up waits for all. */
const everyServiceReady = (url) =>
  fetch(url, { signal: AbortSignal.timeout(2000) }).then(async (res) => res.ok && (await res.json()).status === 'ready');

const running = new Set();
// Should the runner itself die, its children must not outlive it.
process.once('exit', () => {
  for (const child of running) child.kill('SIGTERM');
});

/** A child process with its output sent to a log file (and optionally the terminal). */
function startProcess(name, command, args, env, { logDir, echo }) {
  mkdirSync(logDir, { recursive: true });
  const logFile = createWriteStream(path.join(logDir, `${name}.log`), { flags: 'a' });
  // Detached: a Ctrl-C reaches only the runner, which then stops everything in order.
  const child = spawn(command, args, { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  running.add(child);
  child.once('exit', () => running.delete(child));
  // The last lines, for the error that says a process died while starting (its log may be gone by then).
  const lastLines = [];
  child.lastOutput = () => lastLines.join('\n');
  const forward = (stream) =>
    stream.on('data', (chunk) => {
      logFile.write(chunk);
      lastLines.push(...String(chunk).split('\n').filter((line) => line.trim()));
      lastLines.splice(0, lastLines.length - 8);
      if (echo) for (const line of String(chunk).split('\n')) if (line.trim()) process.stdout.write(`[${name}] ${line}\n`);
    });
  forward(child.stdout);
  forward(child.stderr);
  child.on('exit', () => logFile.end());
  return child;
}

/** A service drains for up to 5 s (SHUTDOWN_DRAIN_MS) before it closes; past this it is killed. */
const STOP_GRACE_MS = 20_000;

function stopProcess(child, graceMs = STOP_GRACE_MS) {
  if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/** The components `--replicas` may name: the five services and the gateway. */
export const SCALABLE = [...SERVICES, 'gateway'];

/** Parses `chat=3,decisions=2` into { chat: 3, decisions: 2 }; throws a message naming a bad entry. */
export function parseReplicas(text) {
  const replicas = {};
  for (const entry of text.split(',').map((part) => part.trim()).filter(Boolean)) {
    const match = /^([a-z]+)=(\d+)$/.exec(entry);
    if (!match || !SCALABLE.includes(match[1]) || Number(match[2]) < 1 || Number(match[2]) > 16) {
      throw new Error(`--replicas: "${entry}" is not <component>=<1..16>, with a component among ${SCALABLE.join(', ')}`);
    }
    replicas[match[1]] = Number(match[2]);
  }
  return replicas;
}

const replicaCount = (replicas, name) => Math.max(1, replicas?.[name] ?? 1);

/**
 * The replicas of one component, as a Deployment and its Service: with one replica the process
 * listens on the component's port itself; with more, each replica gets a port of its own and a
 * balancer on the component's port spreads connections across the ready ones. `roll(env)` replaces
 * the replicas one at a time (start the new one, wait until ready, take the old one out of the
 * balancer, SIGTERM it and wait for its exit), as a rolling update with maxUnavailable 0 does.
 */
async function startDeployment(name, { script, env, servicePort, replicas, processOptions, balancerHost = '127.0.0.1' }) {
  const balancer = replicas > 1 ? startBalancer({ port: servicePort, host: balancerHost }) : null;
  await balancer?.listening;
  const pods = [];
  const exitListeners = [];
  let started = 0;
  let currentEnv = env;

  async function startPod(podEnv) {
    const port = balancer ? await freePort() : servicePort;
    const podName = balancer ? `${name}-${++started}` : name;
    const child = startProcess(podName, process.execPath, [script], { ...podEnv, PORT: String(port) }, processOptions);
    const pod = { name: podName, port, child, stopping: false };
    child.once('exit', (code, signal) => {
      if (!pod.stopping) for (const listener of exitListeners) listener(podName, code ?? signal, child.lastOutput());
    });
    pods.push(pod);
    const exited = new Promise((_, reject) => child.once('exit', (code) => reject(new Error(`${podName} exited while starting (code ${code}); its last output:\n${child.lastOutput()}`))));
    exited.catch(() => undefined);
    if (balancer) {
      await Promise.race([waitUntil(() => httpOk(`http://127.0.0.1:${port}/readyz`), 60_000, `${podName} to be ready`), exited]);
      balancer.add(port);
    }
    return pod;
  }

  async function stopPod(pod) {
    pod.stopping = true;
    balancer?.remove(pod.port);
    pods.splice(pods.indexOf(pod), 1);
    await stopProcess(pod.child, STOP_GRACE_MS);
  }

  await Promise.all(Array.from({ length: replicas }, () => startPod(currentEnv)));
  return {
    name,
    pods: () => pods.map(({ name: podName, port }) => ({ name: podName, port })),
    onUnexpectedExit(listener) {
      exitListeners.push(listener);
    },
    /** Replaces every replica, one at a time, by one started with `extraEnv` merged into the current settings. */
    async roll(extraEnv = {}) {
      if (!balancer) throw new Error(`${name} runs one replica: start it with --replicas ${name}=2 to roll it`);
      // A setting given as undefined is removed, as a new build that no longer sets it.
      currentEnv = Object.fromEntries(Object.entries({ ...currentEnv, ...extraEnv }).filter(([, value]) => value !== undefined));
      for (const old of [...pods]) {
        await startPod(currentEnv);
        await stopPod(old);
      }
    },
    async stop() {
      await Promise.all([...pods].map((pod) => stopPod(pod)));
      await balancer?.close();
    },
  };
}

/**
 * The key that signs the digest mail's unsubscribe links (notifications' DIGEST_UNSUBSCRIBE_KEY):
 * DIGEST_UNSUBSCRIBE_KEY when set, else one generated once and kept in the data folder, so links
 * mailed before a restart keep working.
 */
function digestUnsubscribeKey(dataDir) {
  if (process.env.DIGEST_UNSUBSCRIBE_KEY) return process.env.DIGEST_UNSUBSCRIBE_KEY;
  const file = path.join(dataDir, 'digest-unsubscribe.key');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const key = randomBytes(32).toString('base64url');
  writeFileSync(file, `${key}\n`, { mode: 0o600 });
  return key;
}

async function startEmbeddedPostgres(dataDir, processOptions, log) {
  const databaseDir = path.join(dataDir, 'postgres');
  const port = (await portFree(54329)) ? 54329 : await freePort();
  if (!existsSync(path.join(databaseDir, 'PG_VERSION'))) log(`Creating the embedded PostgreSQL under ${path.relative(root, databaseDir)}...`);
  const child = startProcess('postgres', process.execPath, ['scripts/embedded-postgres.mjs', databaseDir, String(port)], {}, processOptions);
  const url = await new Promise((resolve, reject) => {
    let output = '';
    let waiting = false;
    child.stdout.on('data', (chunk) => {
      output += chunk;
      const ready = output.match(/^READY (\S+)$/m);
      if (ready) resolve(ready[1]);
      if (!waiting && /^Waiting for the PostgreSQL/m.test(output)) {
        waiting = true;
        log('Waiting for the previous embedded PostgreSQL to stop...');
      }
    });
    child.once('exit', (code) => {
      const failed = output.match(/^FAILED (.+)$/m);
      const reason = failed ? `the embedded PostgreSQL could not start: ${failed[1]}` : `the embedded PostgreSQL stopped (code ${code})`;
      reject(new Error(`${reason}; see ${path.relative(root, processOptions.logDir)}/postgres.log`));
    });
  });
  return { url, stop: () => stopProcess(child, 30_000) };
}

/** What each server `pnpm start` can run itself is called, how to install it, and how to run it under the data folder. */
const LOCAL_SERVERS = {
  nats: {
    binary: 'nats-server',
    binaryEnv: 'NATS_SERVER_BIN',
    port: 14222,
    url: (port) => `nats://127.0.0.1:${port}`,
    args: (port, dir) => ['-a', '127.0.0.1', '-p', String(port), '-js', '-sd', dir],
    help: `No NATS server: set NATS_URL, or install nats-server so it can be started here:
  Debian/Ubuntu: sudo apt-get install nats-server
  macOS:         brew install nats-server
  Docker:        docker run -p 4222:4222 nats:2.10 -js   (then NATS_URL=nats://127.0.0.1:4222)`,
  },
  redis: {
    binary: 'redis-server',
    binaryEnv: 'REDIS_SERVER_BIN',
    port: 16379,
    url: (port) => `redis://127.0.0.1:${port}`,
    // No config file: loopback only, its snapshot kept in its own folder.
    args: (port, dir) => ['--bind', '127.0.0.1', '--port', String(port), '--dir', dir, '--daemonize', 'no', '--loglevel', 'warning'],
    help: `Several chat replicas share their rooms through Redis, and there is none: set REDIS_URL, or install redis-server so it can be started here:
  Debian/Ubuntu: sudo apt-get install redis-server
  macOS:         brew install redis
  Docker:        docker run -p 6379:6379 redis:7   (then REDIS_URL=redis://127.0.0.1:6379)
or run chat as one replica.`,
  },
};

function findOnPath(binary) {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter).concat(['/usr/sbin', '/usr/local/sbin'])) {
    const candidate = path.join(dir, binary);
    if (existsSync(candidate)) return candidate;
  }
  return null;
}

/** The executable of a local server (its *_SERVER_BIN setting, else the PATH); throws its install help when there is none. */
function localServerBinary(kind) {
  const server = LOCAL_SERVERS[kind];
  const binary = process.env[server.binaryEnv] || findOnPath(server.binary);
  if (!binary || !existsSync(binary)) throw new Error(server.help);
  return binary;
}

/** Starts nats-server or redis-server on loopback with its files under `<dataDir>/<kind>`; answers its URL. */
async function startLocalServer(kind, dataDir, options) {
  const server = LOCAL_SERVERS[kind];
  const binary = localServerBinary(kind);
  const port = (await portFree(server.port)) ? server.port : await freePort();
  const dir = path.join(dataDir, kind);
  mkdirSync(dir, { recursive: true });
  const child = startProcess(kind, binary, server.args(port, dir), {}, options);
  const exited = new Promise((_, reject) =>
    child.once('exit', (code) => reject(new Error(`${server.binary} stopped (code ${code}); see ${path.relative(root, options.logDir)}/${kind}.log`))),
  );
  exited.catch(() => undefined);
  await Promise.race([waitUntil(() => portAnswers(port), 10_000, server.binary), exited]);
  return { url: server.url(port), stop: () => stopProcess(child) };
}

/**
 * Starts everything and resolves once the gateway reports every service ready.
 * Options: databaseUrl, natsUrl, natsPrefix, redisUrl (else a local redis-server when chat runs several
 * replicas), smtpUrl, dataDir, ports ('default' | 'free'),
 * echo (print service logs), log (progress lines), build (default true), serviceEnv (extra settings
 * for every service, e.g. limits a test needs raised), envFor(component) (settings of one component),
 * replicas ({ chat: 3, ... }: processes per component, see startDeployment), remoteDist ({ decisions:
 * folder }: a remote's built files elsewhere than its dist/).
 */
export async function startStack(options = {}) {
  const log = options.log ?? console.log;
  const dataDir = options.dataDir ?? path.join(root, '.data');
  const logDir = path.join(dataDir, 'logs');
  const processOptions = { logDir, echo: options.echo ?? false };
  const stops = [];
  const stopAll = async () => {
    for (const stop of stops.splice(0).reverse()) await stop().catch((error) => log(`while stopping: ${error.message}`));
  };

  // Several chat replicas without Redis would each keep their rooms to themselves (a post would reach
  // only its own replica's sockets): a local redis-server is started, and its absence refused before anything starts.
  const chatReplicas = replicaCount(options.replicas, 'chat');
  let redisUrl = options.redisUrl ?? process.env.REDIS_URL;
  if (!redisUrl && chatReplicas > 1) localServerBinary('redis');

  try {
    if (options.build !== false) buildWhatIsNeeded(log);

    let databaseUrl = options.databaseUrl ?? process.env.DATABASE_URL;
    if (!databaseUrl) {
      const pg = await startEmbeddedPostgres(dataDir, processOptions, log);
      stops.push(pg.stop);
      databaseUrl = pg.url;
    }
    let natsUrl = options.natsUrl ?? process.env.NATS_URL;
    if (!natsUrl) {
      const nats = await startLocalServer('nats', dataDir, processOptions);
      stops.push(nats.stop);
      natsUrl = nats.url;
    }
    let smtpUrl = options.smtpUrl ?? process.env.SMTP_URL;
    let mailViewer = null;
    if (!smtpUrl) {
      const { startMailCatcher } = await import('./mail-catcher.mjs');
      const catcher = await startMailCatcher({ dir: path.join(dataDir, 'mail'), freePorts: options.ports === 'free' });
      stops.push(catcher.stop);
      smtpUrl = catcher.smtpUrl;
      mailViewer = catcher.viewerUrl;
    }
    if (!redisUrl && chatReplicas > 1) {
      const redis = await startLocalServer('redis', dataDir, processOptions);
      stops.push(redis.stop);
      redisUrl = redis.url;
    }

    // `migrate: false`: the database is a copy of one already migrated (the tests' template).
    if (options.migrate !== false) {
      log('Applying migrations...');
      const { applyAllServiceMigrations } = await import('../packages/db-migrate/dist/index.js');
      await applyAllServiceMigrations({ databaseUrl, rootDir: root, log: () => undefined });
    }

    const ports = {};
    for (const [name, port] of Object.entries(DEFAULT_PORTS)) {
      ports[name] = options.ports === 'free' ? await freePort() : Number(process.env[`${name.toUpperCase()}_PORT`] ?? port);
    }
    const common = {
      DATABASE_URL: databaseUrl,
      NATS_URL: natsUrl,
      NATS_PREFIX: options.natsPrefix ?? '',
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
      JWKS_URL: `http://127.0.0.1:${ports.identity}/api/auth/jwks`,
      SMTP_URL: smtpUrl,
      // Links in mails point at the gateway the user reaches.
      PUBLIC_URL: process.env.PUBLIC_URL ?? `http://${options.host === '127.0.0.1' ? '127.0.0.1' : 'localhost'}:${ports.gateway}`,
      ...(redisUrl ? { REDIS_URL: redisUrl } : {}),
      ...options.serviceEnv,
    };
    // The gateway answers at localhost and 127.0.0.1 alike: chat accepts both as the socket's Origin.
    const ownOrigins = { CORS_ORIGINS: `http://127.0.0.1:${ports.gateway},http://localhost:${ports.gateway}` };
    const notificationsKeys = { DIGEST_UNSUBSCRIBE_KEY: digestUnsubscribeKey(dataDir) };
    // Chat refuses to run as one of several instances without Redis, as in the chart.
    const chatEnv = { ...ownOrigins, CHAT_MULTI_INSTANCE: String(chatReplicas > 1) };
    const serviceEnv = (service) => ({
      ...common,
      HOST: '127.0.0.1',
      ...(service === 'chat' ? chatEnv : {}),
      ...(service === 'notifications' ? notificationsKeys : {}),
      ...options.envFor?.(service),
    });
    /** @type {Record<string, Awaited<ReturnType<typeof startDeployment>>>} */
    const deployments = {};
    // The services stop together: each drains for up to SHUTDOWN_DRAIN_MS, and one after the other the drains add up.
    const startedServices = [];
    stops.push(() => Promise.all(startedServices.map((deployment) => deployment.stop())));
    for (const service of SERVICES) {
      deployments[service] = await startDeployment(service, {
        script: `services/${service}/dist/server.js`,
        env: serviceEnv(service),
        servicePort: ports[service],
        replicas: replicaCount(options.replicas, service),
        processOptions,
      });
      startedServices.push(deployments[service]);
    }
    const upstreams = Object.fromEntries(SERVICES.map((s) => [`${s.toUpperCase()}_URL`, `http://127.0.0.1:${ports[s]}`]));
    deployments.gateway = await startDeployment('gateway', {
      script: 'services/gateway/dist/server.js',
      env: {
        ...upstreams,
        // The CSRF rule trusts the site's origins as configured, never a request's Host.
        PUBLIC_URL: common.PUBLIC_URL,
        ...ownOrigins,
        HOST: options.host ?? '0.0.0.0',
        LOG_LEVEL: common.LOG_LEVEL,
        SHELL_DIST: path.join(root, 'frontends/shell/dist'),
        DECISIONS_REMOTE_DIST: options.remoteDist?.decisions ?? path.join(root, 'frontends/decisions/dist'),
        ELECTIONS_REMOTE_DIST: options.remoteDist?.elections ?? path.join(root, 'frontends/elections/dist'),
        ...options.envFor?.('gateway'),
      },
      servicePort: ports.gateway,
      replicas: replicaCount(options.replicas, 'gateway'),
      processOptions,
      // Replicas of the gateway listen on loopback behind their balancer, which faces the clients.
      balancerHost: options.host ?? '0.0.0.0',
    });
    stops.push(() => deployments.gateway.stop()); // stops run in reverse: the gateway goes first, PostgreSQL last

    const url = `http://localhost:${ports.gateway}`;
    const crashed = new Promise((_, reject) => {
      for (const deployment of Object.values(deployments)) {
        deployment.onUnexpectedExit((name, code, lastOutput) =>
          reject(new Error(`${name} exited during start-up (code ${code}); see ${path.relative(root, logDir)}/; its last output:\n${lastOutput}`)),
        );
      }
    });
    await Promise.race([waitUntil(() => everyServiceReady(`http://127.0.0.1:${ports.gateway}/readyz`), 60_000, 'the gateway to report every service ready'), crashed]);
    crashed.catch(() => undefined);
    return {
      url,
      ports,
      databaseUrl,
      natsUrl,
      smtpUrl,
      redisUrl,
      /** True when redis-server was started here for several chat replicas. */
      localRedis: !(options.redisUrl ?? process.env.REDIS_URL) && chatReplicas > 1,
      mailViewer,
      logDir,
      deployments,
      /** Calls `listener(name, code)` when a replica stops without being asked to. */
      onUnexpectedExit(listener) {
        for (const deployment of Object.values(deployments)) deployment.onUnexpectedExit(listener);
      },
      stop: stopAll,
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}
