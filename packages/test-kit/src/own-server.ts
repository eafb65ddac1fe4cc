import { spawn, type ChildProcess } from 'node:child_process';
import { connect as connectTcp, createServer } from 'node:net';
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
 * A server process of the test's own on a fixed port, which the test can kill (SIGKILL) and restart
 * on the same port to prove a service rides out its outage, without touching the shared one.
 */
export abstract class OwnServerProcess {
  private process: ChildProcess | null = null;

  protected constructor(
    readonly port: number,
    private readonly binary: string,
  ) {}

  /** The command line arguments that start the server on `port`. */
  protected abstract arguments(): string[];

  async restart(): Promise<void> {
    if (this.process) return;
    const child = spawn(this.binary, this.arguments(), { stdio: 'ignore' });
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
