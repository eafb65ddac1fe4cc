import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, OwnServerProcess } from './own-server.js';

/**
 * A nats-server of the test's own (JetStream, its own store directory, a free port) that the test
 * can kill and restart on the same port and store, to prove delivery survives an outage.
 */
export class OwnNatsServer extends OwnServerProcess {
  private constructor(
    port: number,
    readonly storeDir: string,
    binary: string,
  ) {
    super(port, binary);
  }

  static async start(binary = process.env['NATS_SERVER_BIN'] ?? 'nats-server'): Promise<OwnNatsServer> {
    const server = new OwnNatsServer(await freePort(), await mkdtemp(path.join(tmpdir(), 'civic-nats-')), binary);
    await server.restart();
    return server;
  }

  get url(): string {
    return `nats://127.0.0.1:${this.port}`;
  }

  protected arguments(): string[] {
    return ['-a', '127.0.0.1', '-p', String(this.port), '-js', '-sd', this.storeDir];
  }

  override async dispose(): Promise<void> {
    await super.dispose();
    await rm(this.storeDir, { recursive: true, force: true });
  }
}
