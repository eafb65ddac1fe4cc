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

/**
 * Ports for the servers a test starts are drawn below the kernel's ephemeral range (32768 and up on
 * Linux): a port that listen(0) picked and released is an ephemeral one, which an outgoing connection
 * of any process can take before the server it was meant for binds it.
 */
const LISTEN_PORTS = { from: 20_000, to: 32_000 };
const handedOut = new Set<number>();

function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** A port nothing listens on now, never the same twice in this process. */
export async function freePort(): Promise<number> {
  for (let attempt = 0; attempt < 200; attempt++) {
    const port = LISTEN_PORTS.from + Math.floor(Math.random() * (LISTEN_PORTS.to - LISTEN_PORTS.from));
    if (handedOut.has(port) || !(await canListen(port))) continue;
    handedOut.add(port);
    return port;
  }
  throw new Error(`no free port between ${LISTEN_PORTS.from} and ${LISTEN_PORTS.to}`);
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
    // A native server starts in well under a second, but a starved machine can take many more.
    await waitFor(() => portAnswers(this.port, 200), 30_000);
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
