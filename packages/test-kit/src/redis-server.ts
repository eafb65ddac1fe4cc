import { spawn, type ChildProcess } from 'node:child_process';
import { connect as connectTcp } from 'node:net';
import { freePort } from './nats-server.js';
import { waitFor } from './wait.js';

function portAnswers(port: number, timeoutMs: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connectTcp({ host: '127.0.0.1', port });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

/**
 * A redis-server of the test's own (no persistence, a free port) that the test can kill and restart
 * on the same port, to prove a service rides out a Redis outage without touching the shared one.
 * A restart comes back empty, as a Redis without persistence does.
 */
export class OwnRedisServer {
  private process: ChildProcess | null = null;
  private constructor(
    readonly port: number,
    private readonly binary: string,
  ) {}

  static async start(binary = process.env['REDIS_SERVER_BIN'] ?? 'redis-server'): Promise<OwnRedisServer> {
    const server = new OwnRedisServer(await freePort(), binary);
    await server.restart();
    return server;
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  async restart(): Promise<void> {
    if (this.process) return;
    const child = spawn(this.binary, ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
    this.process = child;
    child.once('exit', () => {
      if (this.process === child) this.process = null;
    });
    await waitFor(() => portAnswers(this.port, 200), 10_000);
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
  }
}
