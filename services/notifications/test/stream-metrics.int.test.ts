/** notifications_streams_open at /metrics: one more per open unread stream on this pod, one less when it ends. */
import { hostname } from 'node:os';
import { waitFor } from '@civic/test-kit';
import { startHarness, type Harness } from './support/harness.js';

let h: Harness;
let baseUrl: string;

beforeAll(async () => {
  h = await startHarness();
  baseUrl = await h.listen();
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

const streamsOpen = async () =>
  sample((await h.app.inject({ url: '/metrics' })).body, 'notifications_streams_open', { service: 'notifications', pod: process.env.HOSTNAME || hostname() });

/** Opens the stream and waits for its first frame; `close` aborts it as a leaving browser does. */
async function openStream(headers: Record<string, string>): Promise<() => void> {
  const controller = new AbortController();
  const response = await fetch(`${baseUrl}/api/users/notifications/stream`, { headers, signal: controller.signal });
  expect(response.status).toBe(200);
  const reader = response.body!.getReader();
  await reader.read();
  return () => {
    controller.abort();
    reader.cancel().catch(() => undefined);
  };
}

test('counts the open streams of this pod, and not the refused ones', async () => {
  expect(await streamsOpen()).toBe(0);
  const alice = await h.member({ name: 'Alice' });
  const bob = await h.member({ name: 'Bob' });
  const closeAlice = await openStream(alice.headers);
  const closeBob = await openStream(bob.headers);
  expect(await streamsOpen()).toBe(2);

  // A visitor's stream is refused (401): never counted.
  expect((await fetch(`${baseUrl}/api/users/notifications/stream`)).status).toBe(401);
  expect(await streamsOpen()).toBe(2);

  closeAlice();
  await waitFor(async () => (await streamsOpen()) === 1);
  closeBob();
  await waitFor(async () => (await streamsOpen()) === 0);
});
