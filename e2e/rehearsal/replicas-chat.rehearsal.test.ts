/**
 * The README's rehearsal command as written, `pnpm start -- --replicas chat=3`, on a machine without
 * REDIS_URL: it starts a redis-server of its own, so the three chat processes share their rooms, and a
 * member's post made on one chat process reaches visitors connected to the other two. Without a
 * redis-server to start, it refuses at once and says what to install.
 *
 * The stack runs in a data folder, ports and database of this test's own (DATA_DIR, <COMPONENT>_PORT,
 * DATABASE_URL), starts its own nats-server and redis-server there, and is stopped as Ctrl-C does.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { io, type Socket } from 'socket.io-client';
import { chatSocketOptions } from '../../packages/frontend-kit/src/socket-options.js';
import { prepareTestRun } from '../../packages/test-kit/jest/infrastructure.mjs';
import { freePort, portFree, root } from '../../scripts/stack.mjs';
import { waitForMailLink } from '../src/mail.js';

const run = process.env.CIVIC_TEST_RUN ?? randomBytes(4).toString('hex');
const database = `t_${run}_start_chat_replicas`;
const COMPONENTS = ['gateway', 'identity', 'decisions', 'elections', 'chat', 'notifications'];
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits for `promise`, at most `ms` (the timer is cleared, so it never holds the test run open). */
async function atMost(promise: Promise<void>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([promise, new Promise((resolve) => (timer = setTimeout(resolve, ms)))]);
  clearTimeout(timer);
}

/** The environment of a developer's shell without REDIS_URL, NATS_URL or SMTP_URL: the start script provides them. */
function startEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, ...extra };
  for (const name of ['REDIS_URL', 'REDIS_SERVER_BIN', 'NATS_URL', 'SMTP_URL', 'ECHO_LOGS']) delete env[name];
  return env;
}

/** Waits for a child's exit, answering its code (null when signalled). */
function exited(child: ChildProcess, timeoutMs: number): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`still running after ${timeoutMs} ms`)), timeoutMs);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve(code);
    });
  });
}

describe('pnpm start -- --replicas chat=3, without REDIS_URL', () => {
  let dataDir: string;
  let adminUrl: string;
  let start: ChildProcess | undefined;
  let output = '';
  /** Resolves once every process that writes to the terminal (pnpm, then the start script) has let go of it. */
  let released: Promise<void> = Promise.resolve();
  const ports: Record<string, number> = {};
  const sockets: Socket[] = [];

  beforeAll(async () => {
    adminUrl = (await prepareTestRun()).databaseUrl;
    dataDir = await mkdtemp(path.join(tmpdir(), 'civic-start-chat-'));
    const template = process.env.CIVIC_TEST_TEMPLATE;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    try {
      await admin.query(`CREATE DATABASE "${database}"${template ? ` TEMPLATE "${template}"` : ''}`);
    } finally {
      await admin.end();
    }
    const databaseUrl = new URL(adminUrl);
    databaseUrl.pathname = `/${database}`;
    for (const component of COMPONENTS) ports[component] = await freePort();

    start = spawn('pnpm', ['start', '--', '--replicas', 'chat=3'], {
      cwd: root,
      // A process group of its own, as a terminal's: stopping it below is a Ctrl-C.
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: startEnv({
        DATABASE_URL: databaseUrl.toString(),
        DATA_DIR: dataDir,
        // Built already by `pnpm test` (and by the rehearsal's other stacks).
        SKIP_BUILD: '1',
        ...Object.fromEntries(COMPONENTS.map((component) => [`${component.toUpperCase()}_PORT`, String(ports[component])])),
      }),
    });
    start.stdout!.on('data', (chunk) => (output += chunk));
    start.stderr!.on('data', (chunk) => (output += chunk));
    const child = start;
    released = new Promise((resolve) => child.once('close', () => resolve()));
    const deadline = Date.now() + 90_000;
    while (!output.includes('Press Ctrl-C to stop.')) {
      if (start.exitCode !== null) throw new Error(`pnpm start exited (code ${start.exitCode}):\n${output}`);
      if (Date.now() > deadline) throw new Error(`pnpm start did not start within 90 s:\n${output}`);
      await pause(200);
    }
  }, 120_000);

  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    if (start?.pid && !output.includes('Stopped.')) {
      try {
        process.kill(-start.pid, 'SIGINT');
      } catch {
        // already gone
      }
      await atMost(released, 60_000);
    }
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
    if (adminUrl) {
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      try {
        await admin.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
      } finally {
        await admin.end();
      }
    }
  }, 90_000);

  const baseUrl = () => `http://127.0.0.1:${ports.gateway}`;

  /** The port each chat process listens on behind the chat balancer, from its log (.data/logs/chat-<n>.log). */
  async function chatProcessPorts(): Promise<number[]> {
    const logDir = path.join(dataDir, 'logs');
    const files = (await readdir(logDir)).filter((file) => /^chat-\d+\.log$/.test(file)).sort();
    const found: number[] = [];
    for (const file of files) {
      const listening = /Server listening at http:\/\/127\.0\.0\.1:(\d+)/.exec(await readFile(path.join(logDir, file), 'utf8'));
      if (listening) found.push(Number(listening[1]));
    }
    return found;
  }

  /** A verified member, logged in: registered through the gateway, its mailed link followed. */
  async function member(): Promise<string> {
    const email = `chatter-${run}-${randomBytes(2).toString('hex')}@example.org`;
    const json = { 'content-type': 'application/json', accept: 'application/json', origin: baseUrl() };
    const registered = await fetch(`${baseUrl()}/api/auth/register`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ email, userName: `Chatter ${run}`, password: 'three-chat-processes-2026', locale: 'en' }),
    });
    expect(registered.status).toBe(201);
    const mailUrl = /mail:\s+(http:\/\/\S+)/.exec(output)![1]!;
    const { link } = await waitForMailLink(mailUrl, email, '/verify-account');
    const verified = await fetch(`${baseUrl()}/api/auth/verify-account`, { method: 'POST', headers: json, body: JSON.stringify({ token: link.searchParams.get('token') }) });
    expect(verified.status).toBe(200);
    return verified.headers
      .getSetCookie()
      .map((line) => line.split(';', 1)[0])
      .join('; ');
  }

  /** A socket.io client of one chat process, as the shipped panel configures it, in `room`. */
  async function joined(port: number, room: string, cookie?: string): Promise<Socket> {
    const socket = io(`http://127.0.0.1:${port}`, { ...chatSocketOptions, reconnection: false, extraHeaders: { origin: baseUrl(), ...(cookie ? { cookie } : {}) } });
    sockets.push(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    // Chat opens a phase's room when it reads the phase change, a moment after decisions made it.
    for (const deadline = Date.now() + 20_000; ; ) {
      const answer = (await socket.timeout(10_000).emitWithAck('room:join', { room })) as { ok?: boolean; statusCode?: number };
      if (answer.ok) return socket;
      if (answer.statusCode !== 404 || Date.now() > deadline) throw new Error(`joining ${room} on :${port} answered ${JSON.stringify(answer)}`);
      await pause(200);
    }
  }

  /** The ids of the messages that reach `socket` live, alone or in a batch frame. */
  function liveIds(socket: Socket): Set<string> {
    const seen = new Set<string>();
    socket.on('message:new', (message: { id: string }) => seen.add(message.id));
    socket.on('batch', (frame: [string, { id: string }][]) => {
      for (const [event, payload] of frame) if (event === 'message:new') seen.add(payload.id);
    });
    return seen;
  }

  it('starts a redis-server of its own under the data folder, and a post made on one chat process reaches visitors on the two others', async () => {
    expect(output).toContain('chat 3');
    expect(output).toMatch(/redis:\s+redis:\/\/127\.0\.0\.1:\d+ \(started here/);
    expect(existsSync(path.join(dataDir, 'redis'))).toBe(true);
    const chatPorts = await chatProcessPorts();
    expect(chatPorts).toHaveLength(3);
    expect(new Set(chatPorts).size).toBe(3);

    const cycles = (await (await fetch(`${baseUrl()}/api/decisions`)).json()) as { cycles: { id: string; phase: string }[] };
    const cycle = cycles.cycles.find((c) => c.phase === 'proposals');
    expect(cycle).toBeDefined();
    const room = `cycle:${cycle!.id}:proposals`;

    const cookie = await member();
    const author = await joined(chatPorts[0]!, room, cookie);
    const visitors = await Promise.all([joined(chatPorts[1]!, room), joined(chatPorts[2]!, room)]);
    const seen = visitors.map(liveIds);
    const answer = (await author.timeout(10_000).emitWithAck('message:post', { room, text: 'Heard on every chat process?', clientMessageId: randomUUID() })) as {
      ok?: boolean;
      data?: { id: string };
    };
    expect(answer.ok).toBe(true);
    const posted = answer.data!.id;
    for (const deadline = Date.now() + 15_000; !seen.every((ids) => ids.has(posted)); await pause(100)) {
      if (Date.now() > deadline) throw new Error(`the post reached the visitors of ${seen.filter((ids) => ids.has(posted)).length} of 2 other chat processes`);
    }
  }, 60_000);

  it('stops everything on Ctrl-C, leaving no port of the stack in use', async () => {
    // Ctrl-C reaches pnpm and the start script alike; pnpm quits at once, the script stops the stack in order.
    process.kill(-start!.pid!, 'SIGINT');
    await released;
    expect(output).toContain('Stopped.');
    for (const port of [...Object.values(ports), ...(await chatProcessPorts())]) expect([port, await portFree(port)]).toEqual([port, true]);
  }, 70_000);
});

describe('pnpm start -- --replicas chat=2, without REDIS_URL nor redis-server', () => {
  it('refuses before starting anything, naming what to install', async () => {
    const emptyDir = await mkdtemp(path.join(tmpdir(), 'civic-start-no-redis-'));
    try {
      // A PATH where no redis-server is found; the script is run by this Node, as pnpm would.
      const child = spawn(process.execPath, ['scripts/start.mjs', '--', '--replicas', 'chat=2'], {
        cwd: root,
        stdio: ['ignore', 'pipe', 'pipe'],
        env: startEnv({ PATH: emptyDir, DATA_DIR: path.join(emptyDir, 'data'), SKIP_BUILD: '1' }),
      });
      let output = '';
      child.stdout!.on('data', (chunk) => (output += chunk));
      child.stderr!.on('data', (chunk) => (output += chunk));
      expect(await exited(child, 15_000)).toBe(1);
      expect(output).toContain('Several chat replicas share their rooms through Redis');
      expect(output).toContain('sudo apt-get install redis-server');
      // Nothing started, nothing left: no server's folder, and no pid file of a start.
      expect(await readdir(path.join(emptyDir, 'data'))).toEqual([]);
    } finally {
      await rm(emptyDir, { recursive: true, force: true });
    }
  }, 20_000);
});

describe('pnpm start with its embedded PostgreSQL, stopped with Ctrl-C and started again at once', () => {
  let dataDir: string;
  const starts: { child: ChildProcess; output: () => string; released: Promise<void> }[] = [];

  /** `pnpm start` in this test's data folder, on ports of its own, with nothing given but the folder. */
  async function pnpmStart(ports: Record<string, number>) {
    const child = spawn('pnpm', ['start'], {
      cwd: root,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: startEnv({
        DATA_DIR: dataDir,
        SKIP_BUILD: '1',
        ...Object.fromEntries(COMPONENTS.map((component) => [`${component.toUpperCase()}_PORT`, String(ports[component])])),
      }),
    });
    let output = '';
    child.stdout!.on('data', (chunk) => (output += chunk));
    child.stderr!.on('data', (chunk) => (output += chunk));
    const start = { child, output: () => output, released: new Promise<void>((resolve) => child.once('close', () => resolve())) };
    starts.push(start);
    return start;
  }

  async function untilOutput(start: (typeof starts)[number], text: string, timeoutMs: number): Promise<void> {
    for (const deadline = Date.now() + timeoutMs; !start.output().includes(text); await pause(100)) {
      if (Date.now() > deadline || start.output().includes('Could not start')) throw new Error(`no "${text}" from pnpm start:\n${start.output()}`);
    }
  }

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'civic-start-restart-'));
    // The embedded PostgreSQL runs as the postgres user when started as root: it must reach its folder.
    await chmod(dataDir, 0o755);
  });

  afterAll(async () => {
    for (const start of starts) {
      if (start.child.pid && !start.output().includes('Stopped.') && !start.output().includes('Could not start')) {
        try {
          process.kill(-start.child.pid, 'SIGINT');
        } catch {
          // already gone
        }
      }
      await atMost(start.released, 60_000);
    }
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  }, 130_000);

  it('the second start waits for the first to stop, then starts on the same data', async () => {
    const ports: Record<string, number> = {};
    for (const component of COMPONENTS) ports[component] = await freePort();
    const first = await pnpmStart(ports);
    await untilOutput(first, 'Press Ctrl-C to stop.', 90_000);
    process.kill(-first.child.pid!, 'SIGINT');
    await untilOutput(first, 'Stopping...', 5_000);

    // As a developer typing it again while the first still stops its services, then its PostgreSQL.
    const second = await pnpmStart(ports);
    await untilOutput(second, 'Press Ctrl-C to stop.', 90_000);
    expect(second.output()).toContain('Waiting for the previous pnpm start');
    expect(first.output()).toContain('Stopped.');
    const answer = await fetch(`http://127.0.0.1:${ports.gateway}/readyz`);
    expect(answer.status).toBe(200);

    process.kill(-second.child.pid!, 'SIGINT');
    await second.released;
    expect(second.output()).toContain('Stopped.');
    expect(existsSync(path.join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false);
    expect(existsSync(path.join(dataDir, 'start.pid'))).toBe(false);
  }, 150_000);
});
