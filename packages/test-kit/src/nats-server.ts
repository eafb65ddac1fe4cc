import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { connect as connectTcp } from 'node:net';
import { waitFor } from './wait.js';

function portAnswers(host: string, port: number, timeoutMs: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connectTcp({ host, port });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/**
 * A nats-server of the test's own (JetStream, its own store directory, a free port) that the test
 * can kill and restart on the same port and store, to prove delivery survives an outage.
 */
export class OwnNatsServer {
  private process: ChildProcess | null = null;
  private constructor(
    readonly port: number,
    readonly storeDir: string,
    private readonly binary: string,
  ) {}

  static async start(binary = process.env['NATS_SERVER_BIN'] ?? 'nats-server'): Promise<OwnNatsServer> {
    const server = new OwnNatsServer(await freePort(), await mkdtemp(path.join(tmpdir(), 'civic-nats-')), binary);
    await server.restart();
    return server;
  }

  get url(): string {
    return `nats://127.0.0.1:${this.port}`;
  }

  async restart(): Promise<void> {
    if (this.process) return;
    const child = spawn(this.binary, ['-a', '127.0.0.1', '-p', String(this.port), '-js', '-sd', this.storeDir], { stdio: 'ignore' });
    this.process = child;
    child.once('exit', () => {
      if (this.process === child) this.process = null;
    });
    await waitFor(() => portAnswers('127.0.0.1', this.port, 200), 10_000);
  }

  async kill(): Promise<void> {
    const child = this.process;
    if (!child) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
    this.process = null;
  }

  async dispose(): Promise<void> {
    await this.kill();
    await rm(this.storeDir, { recursive: true, force: true });
  }
}
