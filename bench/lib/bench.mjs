// What every benchmark shares: load loops with latency percentiles, a database and NATS prefix of its
// own, built services started as child processes, their memory, and one result format that
// `pnpm bench` (bench/run-all.mjs) gathers into docs/benchmarks.md.
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { appendFileSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import pg from 'pg';
import { freePort, startStack } from '../../scripts/stack.mjs';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const DURATION_MS = Number(process.env.BENCH_DURATION_MS ?? 5000);
export const DATABASE_URL = process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
export const NATS_URL = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
export const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

export const runId = randomBytes(3).toString('hex');

// The stack's port picker: below the ephemeral range, so no outgoing connection takes it meanwhile.
export { freePort };

/** Latency list (ms) -> throughput and percentiles. */
export function summarize(latencies, durationMs, errors = 0) {
  latencies.sort((a, b) => a - b);
  const at = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? NaN;
  return { perSecond: latencies.length / (durationMs / 1000), p50: at(0.5), p99: at(0.99), count: latencies.length, errors };
}

/**
 * Runs `task(worker, iteration)` in `concurrency` parallel loops for `durationMs` (or `count` times in
 * all). A task answers true when the call succeeded.
 */
export async function measure(task, { concurrency = 32, durationMs = DURATION_MS, count = Infinity } = {}) {
  const latencies = [];
  let errors = 0;
  let started = 0;
  const deadline = Date.now() + durationMs;
  const begin = Date.now();
  await Promise.all(
    Array.from({ length: concurrency }, async (_, worker) => {
      while (Date.now() < deadline && started < count) {
        const iteration = started++;
        const t0 = process.hrtime.bigint();
        try {
          if (!(await task(worker, iteration))) errors += 1;
        } catch {
          errors += 1;
        }
        latencies.push(Number(process.hrtime.bigint() - t0) / 1e6);
      }
    }),
  );
  return summarize(latencies, Date.now() - begin, errors);
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

/** A database of the benchmark's own with the services' migrations applied; drop() removes it. */
export async function createBenchDatabase(label, services) {
  const name = `bench_${label}_${runId}`;
  await admin(`CREATE DATABASE "${name}"`);
  const url = new URL(DATABASE_URL);
  url.pathname = `/${name}`;
  const { applyMigrations } = await import(pathToFileURL(path.join(root, 'packages/db-migrate/dist/index.js')).href).catch(() => {
    throw new Error('packages/db-migrate/dist is missing: run pnpm build first');
  });
  for (const service of services) {
    await applyMigrations({ databaseUrl: url.toString(), schema: service, migrationsDir: path.join(root, `services/${service}/prisma/migrations`) });
  }
  return {
    url: url.toString(),
    async drop() {
      await admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    },
  };
}

/**
 * What a service's benchmark starts from: a database of its own with the services' migrations, a
 * NATS prefix, the test kit's stand-in for identity (a JWKS over HTTP and access tokens signed like
 * identity's) and a pg client on the database; close() releases them all.
 */
export async function benchResources(label, services) {
  const { TestTokens } = await import(pathToFileURL(path.join(root, 'packages/test-kit/dist/tokens.js')).href);
  const database = await createBenchDatabase(label, services);
  const nats = benchNatsPrefix(label);
  const tokens = await TestTokens.start();
  const sql = new pg.Client({ connectionString: database.url });
  await sql.connect();
  return {
    database,
    nats,
    tokens,
    sql,
    async close() {
      await sql.end();
      await tokens.close();
      await nats.cleanup();
      await database.drop();
    },
  };
}

/** Starts a built service (`services/<name>/dist/server.js`) on a free port and waits for /readyz. */
export function startService(name, env, { ready = '/readyz' } = {}) {
  return startProcess(name, path.join(root, `services/${name}/dist/server.js`), env, ready);
}

/**
 * Starts a baseline server of bench/lib (`<name>.mjs`, listening on PORT with /readyz and /metrics) in
 * a process of its own, like the service it is compared with.
 */
export function startBaseline(name, env) {
  return startProcess(name, path.join(root, `bench/lib/${name}.mjs`), env, '/readyz');
}

/**
 * The Node.js that runs the services: this one, or BENCH_SERVICE_NODE (a path) to measure them on the
 * release the images ship, e.g. when this machine's Node is older than the images' (docs/benchmarks.md).
 */
const serviceNode = process.env.BENCH_SERVICE_NODE || process.execPath;

async function startProcess(name, script, env, ready) {
  const port = await freePort();
  // BENCH_CPU_PROFILE=gateway,decisions: those services write V8 CPU profiles to .tmp/profiles/<name> on
  // exit, under Node's default names, which hold the thread id: with tracing on, the loader hooks run in
  // a thread of their own, whose profile must not overwrite the main thread's.
  const profiled = (process.env.BENCH_CPU_PROFILE ?? '').split(',').includes(name);
  const profile = profiled ? ['--cpu-prof', `--cpu-prof-dir=${path.join(root, '.tmp', 'profiles', name)}`] : [];
  const child = spawn(serviceNode, [...profile, script], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', NATS_URL, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const origin = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`${name} exited with ${child.exitCode}; run pnpm build first`);
    try {
      if ((await fetch(`${origin}${ready}`)).ok) break;
    } catch {
      // not listening yet
    }
    if (i > 300) throw new Error(`${name} did not become ready`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    origin,
    port,
    child,
    /** Resident memory (bytes) from the service's Prometheus metrics. */
    async rss() {
      const text = await (await fetch(`${origin}/metrics`)).text();
      return Number(text.match(/^process_resident_memory_bytes(?:\{[^}]*\})? (\d+(?:\.\d+)?(?:e\+\d+)?)/m)?.[1] ?? NaN);
    },
    stop() {
      return new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      });
    },
  };
}

const mib = (bytes) => `${(bytes / 1048576).toFixed(0)} MiB`;
const ms = (value) => `${value.toFixed(value < 10 ? 2 : 1)} ms`;
const has = (value) => value !== undefined && value !== null && !Number.isNaN(value);
const figure = (value) => (Math.abs(value) >= 100 ? value.toFixed(0) : Math.abs(value) >= 10 ? value.toFixed(1) : value.toFixed(2));

/**
 * The columns a result row may fill, in order. A table shows only the columns that one of its rows
 * fills, so a tally has no rate and a paint time no memory.
 * - `perSecond` is a rate, in `rateUnit` ('/s' unless said: 'deliveries/s', 'citizens/min' with the
 *   value already per minute...);
 * - `value` with its `unit` is any other figure ('KiB/citizen', 'µs CPU/request', '% CPU');
 * - `p50`/`p99` are milliseconds, `peakRss` bytes, `ratio` the row against the benchmark's baseline
 *   (each benchmark's notes say which figure it compares), `errors` a count.
 */
export const COLUMNS = [
  { header: 'rate', align: 'right', cell: (row) => (has(row.perSecond) ? `${row.perSecond.toFixed(0)} ${row.rateUnit ?? '/s'}` : '') },
  { header: 'figure', align: 'right', cell: (row) => (has(row.value) ? `${figure(row.value)} ${row.unit ?? ''}`.trim() : '') },
  { header: 'p50', align: 'right', cell: (row) => (has(row.p50) ? ms(row.p50) : '') },
  { header: 'p99', align: 'right', cell: (row) => (has(row.p99) ? ms(row.p99) : '') },
  { header: 'peak memory', align: 'right', cell: (row) => (has(row.peakRss) ? mib(row.peakRss) : '') },
  { header: 'ratio to baseline', align: 'right', cell: (row) => (has(row.ratio) ? `${row.ratio.toFixed(2)}x` : '') },
  { header: 'errors', align: 'right', cell: (row) => (row.errors ? String(row.errors) : '') },
  { header: 'target', align: 'left', cell: (row) => (row.target ? `${row.target}: ${row.met ? 'met' : '**missed**'}` : '') },
];

/** The columns that at least one of `rows` fills. */
export function usedColumns(rows) {
  return COLUMNS.filter((column) => rows.some((row) => column.cell(row) !== ''));
}

/**
 * One result table: rows as described at COLUMNS, plus `name`, `target` (text) and whether it is
 * `met`. Printed and, under `pnpm bench`, appended as JSON for the Markdown report.
 */
export function report(benchmark, rows, notes = []) {
  console.log(`\n${benchmark}`);
  const columns = usedColumns(rows);
  for (const row of rows) {
    const cells = columns.map((column) => column.cell(row).replaceAll('**', '')).map((text, i) => (text ? `${columns[i].header} ${text}` : ''));
    console.log(`  ${row.name.padEnd(48)}   ${cells.filter(Boolean).join('   ')}`);
  }
  for (const note of notes) console.log(`  ${note}`);
  if (process.env.BENCH_RESULTS) appendFileSync(process.env.BENCH_RESULTS, `${JSON.stringify({ benchmark, rows, notes })}\n`);
}

// CPU time of a process (user + system) from /proc/<pid>/stat, in µs; NaN where there is no /proc.
const TICK_US = 1e6 / (Number(String(execFileSync('getconf', ['CLK_TCK'])).trim()) || 100);
function cpuMicros(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * TICK_US;
  } catch {
    return NaN;
  }
}

/**
 * `measure(task, options)` against one started server (startService, startBaseline): the figures, the
 * server's peak memory, and the CPU time (µs) it spent per request.
 */
export async function measureServer(server, task, options) {
  const before = cpuMicros(server.child.pid);
  const [measured, peakRss] = await withPeak(server.rss, () => measure(task, options));
  return { measured, peakRss, cpuPerRequest: (cpuMicros(server.child.pid) - before) / measured.count };
}

/** Samples a function (e.g. a service's rss) every 200 ms while `work` runs; answers [result, peak]. */
export async function withPeak(sample, work) {
  let peak = 0;
  let stopped = false;
  const sampler = (async () => {
    while (!stopped) {
      try {
        peak = Math.max(peak, await sample());
      } catch {
        // a sample that fails is skipped
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  })();
  try {
    const result = await work();
    return [result, peak];
  } finally {
    stopped = true;
    await sampler;
  }
}

/**
 * The whole stack (scripts/stack.mjs: the services, and the gateway serving the built front ends) on
 * a benchmark's database, with a NATS prefix and a data folder of its own; `envFor(component)` adds
 * settings, `replicas` runs several of a component (`{ identity: 2 }`), whose `deployments` entry can
 * then roll. stop() stops it and removes both.
 */
export async function startBenchStack(label, databaseUrl, envFor, replicas) {
  const nats = benchNatsPrefix(label);
  const dataDir = path.join(os.tmpdir(), `civic-bench-${label}-${randomBytes(3).toString('hex')}`);
  const release = async () => {
    await nats.cleanup().catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
  };
  const options = { natsUrl: NATS_URL, natsPrefix: nats.prefix, redisUrl: REDIS_URL, ports: 'free', host: '127.0.0.1', dataDir, build: false };
  const stack = await startStack({ ...options, databaseUrl, envFor, replicas, log: () => undefined }).catch(async (error) => {
    await release();
    throw error;
  });
  return {
    origin: `http://127.0.0.1:${stack.ports.gateway}`,
    deployments: stack.deployments,
    async stop() {
      await stack.stop().catch(() => undefined);
      await release();
    },
  };
}

/** A NATS prefix of the benchmark's own; cleanup() deletes the streams created under it. */
export function benchNatsPrefix(label) {
  const prefix = `bench_${label}_${runId}.`;
  return {
    prefix,
    async cleanup() {
      const { connectBus } = await import(pathToFileURL(path.join(root, 'packages/service-kit/dist/index.js')).href);
      const bus = await connectBus({ url: NATS_URL, prefix, name: 'bench-cleanup' }).catch(() => null);
      if (!bus) return;
      const streamPrefix = prefix.replace(/\./g, '_').toUpperCase();
      for await (const name of bus.jsm.streams.names()) {
        if (name.startsWith(streamPrefix)) await bus.jsm.streams.delete(name).catch(() => undefined);
      }
      await bus.close();
    },
  };
}
