/**
 * Processes for the fault tests: a PostgreSQL server of the test's own (embedded, so it can be stopped
 * and restarted) and built services started the way `pnpm start` does, each killable.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '@civic/test-kit';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');


function exited(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
  });
}

const running = new Set<ChildProcess>();
// A test that fails half-way must not leave its servers running after its worker ends.
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

/** A child process the test started, which it ends by a signal and waits for. */
abstract class OwnedProcess {
  protected child: ChildProcess | null = null;

  /** Takes `child` as this process, ended with the test's worker at the latest. */
  protected own(child: ChildProcess): void {
    running.add(child);
    child.once('exit', () => running.delete(child));
    this.child = child;
  }

  protected async end(signal: 'SIGTERM' | 'SIGKILL'): Promise<void> {
    if (!this.child) return;
    const child = this.child;
    this.child = null;
    child.kill(signal);
    await exited(child);
  }
}

/** An embedded PostgreSQL in a temporary folder; stop() and start() keep its data, remove() deletes it. */
export class OwnPostgres extends OwnedProcess {
  readonly dataDir = mkdtempSync(path.join(tmpdir(), 'civic-fault-pg-'));
  url = '';

  private constructor(readonly port: number) {
    super();
  }

  static async start(): Promise<OwnPostgres> {
    const postgres = new OwnPostgres(await freePort());
    await postgres.start();
    return postgres;
  }

  async start(): Promise<void> {
    const child = spawn(process.execPath, [path.join(root, 'scripts/embedded-postgres.mjs'), this.dataDir, String(this.port)], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.own(child);
    this.url = await new Promise<string>((resolve, reject) => {
      let output = '';
      child.stdout!.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        const ready = output.match(/READY (\S+)/);
        if (ready) resolve(ready[1]!);
      });
      child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.once('exit', (code) => reject(new Error(`embedded PostgreSQL exited (${code}): ${output}`)));
    });
  }

  /** A clean stop (SIGTERM: the server shuts down and terminates its connections). */
  stop(): Promise<void> {
    return this.end('SIGTERM');
  }

  async remove(): Promise<void> {
    await this.stop();
    rmSync(this.dataDir, { recursive: true, force: true });
  }
}

/** A built service (`services/<name>/dist/server.js`) on a free port. */
export class ServiceProcess extends OwnedProcess {
  readonly origin: string;
  output = '';

  private constructor(
    readonly name: string,
    readonly port: number,
    private readonly env: Record<string, string>,
  ) {
    super();
    this.origin = `http://127.0.0.1:${port}`;
  }

  static async start(name: string, env: Record<string, string>): Promise<ServiceProcess> {
    const service = new ServiceProcess(name, await freePort(), env);
    try {
      await service.start();
    } catch (error) {
      // The caller gets no process to stop.
      await service.kill();
      throw error;
    }
    return service;
  }

  async start(): Promise<void> {
    const child = spawn(process.execPath, [path.join(root, `services/${this.name}/dist/server.js`)], {
      env: { ...process.env, PORT: String(this.port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...this.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.on('data', (chunk: Buffer) => (this.output += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (this.output += chunk.toString()));
    this.own(child);
    await this.waitReady();
  }

  // Generous: on a loaded machine a service with its migrations checked can take over 20 s to start.
  async waitReady(timeoutMs = 60_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      if (!this.child || this.child.exitCode !== null) throw new Error(`${this.name} exited: ${this.output}`);
      try {
        if ((await fetch(`${this.origin}/readyz`)).ok) return;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) throw new Error(`${this.name} not ready after ${timeoutMs} ms: ${this.output}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  /** kill -9: no shutdown hooks run. */
  kill(): Promise<void> {
    return this.end('SIGKILL');
  }

  stop(): Promise<void> {
    return this.end('SIGTERM');
  }
}
