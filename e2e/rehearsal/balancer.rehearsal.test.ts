/** The local stand-in for a Kubernetes Service (scripts/balancer.mjs): per connection, round robin, no stickiness. */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startBalancer } from '../../scripts/balancer.mjs';

const servers: Server[] = [];

async function backend(name: string): Promise<number> {
  const server = createServer((_request, response) => response.end(name));
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return (server.address() as AddressInfo).port;
}

afterAll(async () => {
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
});

/** A request on a connection of its own (no keep-alive), answered with the backend's name. */
const ask = async (port: number) => (await fetch(`http://127.0.0.1:${port}/`, { headers: { connection: 'close' } })).text();

test('connections spread round robin over the ready backends, and a removed backend gets no new one', async () => {
  const balancer = startBalancer({ port: 0 });
  await balancer.listening;
  const [a, b] = [await backend('a'), await backend('b')];
  balancer.add(a);
  balancer.add(b);
  const answers = [];
  for (let index = 0; index < 4; index++) answers.push(await ask(balancer.port));
  expect(answers).toEqual(['a', 'b', 'a', 'b']);

  balancer.remove(a);
  expect(await Promise.all([ask(balancer.port), ask(balancer.port)])).toEqual(['b', 'b']);
  await balancer.close();
});

test('a backend that refuses the connection (just stopped) is skipped for the next one', async () => {
  const balancer = startBalancer({ port: 0 });
  await balancer.listening;
  const live = await backend('live');
  const gone = await backend('gone');
  await new Promise((resolve) => servers.pop()!.close(resolve));
  balancer.add(gone);
  balancer.add(live);
  expect(await Promise.all([ask(balancer.port), ask(balancer.port), ask(balancer.port)])).toEqual(['live', 'live', 'live']);
  await balancer.close();
});
