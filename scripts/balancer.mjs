// A Kubernetes Service on one machine: a TCP listener that hands each new connection to the next
// ready replica, round robin, with no stickiness. Replicas join once ready and leave before they are
// stopped, as endpoints do; connections already open stay where they are until either side closes.
import { connect, createServer } from 'node:net';

/**
 * Listens on `port` (127.0.0.1) and forwards each connection to one of the backend ports.
 * Answers { port, add(port), remove(port), backends(), close() }.
 */
export function startBalancer({ port, host = '127.0.0.1' }) {
  const backends = [];
  const open = new Set();
  let next = 0;

  /** Connects to a ready backend; a refused connection (a replica just gone) tries another one. */
  function pipeToBackend(client, refused = new Set()) {
    const candidates = backends.filter((backendPort) => !refused.has(backendPort));
    if (candidates.length === 0) {
      client.destroy();
      return;
    }
    const backendPort = candidates[next++ % candidates.length];
    const upstream = connect({ host: '127.0.0.1', port: backendPort });
    let connected = false;
    upstream.once('connect', () => {
      connected = true;
      client.pipe(upstream);
      upstream.pipe(client);
      client.resume();
    });
    upstream.on('error', () => {
      if (connected) client.destroy();
      else pipeToBackend(client, refused.add(backendPort));
    });
    client.on('error', () => upstream.destroy());
    client.once('close', () => upstream.destroy());
    upstream.once('close', () => {
      if (connected) client.destroy();
    });
  }

  const server = createServer({ pauseOnConnect: true, noDelay: true }, (client) => {
    open.add(client);
    client.once('close', () => open.delete(client));
    pipeToBackend(client);
  });

  const listening = new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });

  return {
    listening,
    get port() {
      return server.address()?.port ?? port;
    },
    add(backendPort) {
      if (!backends.includes(backendPort)) backends.push(backendPort);
    },
    remove(backendPort) {
      const index = backends.indexOf(backendPort);
      if (index !== -1) backends.splice(index, 1);
    },
    backends: () => [...backends],
    close() {
      for (const socket of open) socket.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
