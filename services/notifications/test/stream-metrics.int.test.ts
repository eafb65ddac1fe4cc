/** notifications_streams_open at /metrics: one more per open unread stream on this pod, one less when it ends. */
import { hostname } from 'node:os';
import { metricSample, waitFor } from '@civic/test-kit';
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

const streamsOpen = async () =>
  metricSample((await h.app.inject({ url: '/metrics' })).body, 'notifications_streams_open', { service: 'notifications', pod: process.env.HOSTNAME || hostname() });

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
