import { freePort, OwnServerProcess } from './own-server.js';

/**
 * A redis-server of the test's own (no persistence, a free port) that the test can kill and restart
 * on the same port, to prove a service rides out a Redis outage without touching the shared one.
 * A restart comes back empty, as a Redis without persistence does.
 */
export class OwnRedisServer extends OwnServerProcess {
  static async start(binary = process.env['REDIS_SERVER_BIN'] ?? 'redis-server'): Promise<OwnRedisServer> {
    const server = new OwnRedisServer(await freePort(), binary);
    await server.restart();
    return server;
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  protected arguments(): string[] {
    return ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'];
  }
}
