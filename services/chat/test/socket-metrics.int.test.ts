/**
 * The chat pod's socket gauges at /metrics: chat_sockets_connected follows connects and disconnects,
 * and chat_socket_capacity tells the saturation alert what one pod is sized for.
 */
import { hostname } from 'node:os';
import { waitFor } from '@civic/test-kit';
import { startHarness, type Harness } from './support/harness.js';

let h: Harness;

beforeAll(async () => {
  h = await startHarness({ CHAT_SOCKET_CAPACITY: '1200' });
});

afterAll(async () => {
  await h.close();
});

/** The value of one series in a /metrics answer, undefined when the series is absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = Object.fromEntries([...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((pair) => [pair[1], pair[2]]));
    if (Object.entries(labels).every(([key, value]) => found[key] === value)) return Number(match[3]);
  }
  return undefined;
}

const pod = { service: 'chat', pod: process.env.HOSTNAME || hostname() };
const connected = async () => sample((await h.a.app.inject({ url: '/metrics' })).body, 'chat_sockets_connected', pod);

describe('socket gauges', () => {
  it('counts the sockets connected to this pod, up on connect and down on disconnect, next to the configured capacity', async () => {
    const text = (await h.a.app.inject({ url: '/metrics' })).body;
    expect(sample(text, 'chat_socket_capacity', { service: 'chat' })).toBe(1200);
    expect(await connected()).toBe(0);

    const member = await h.member({ name: 'Counted' });
    const first = await h.client(member);
    const visitor = await h.client(null);
    expect(await connected()).toBe(2);

    first.disconnect();
    await waitFor(async () => (await connected()) === 1);
    visitor.disconnect();
    await waitFor(async () => (await connected()) === 0);
  });
});
