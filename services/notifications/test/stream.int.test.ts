import { ProposalSignalled, UserDeleted } from '@civic/contracts';
import type { ServiceApp } from '@civic/service-kit';
import { waitFor } from '@civic/test-kit';
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { EventSourceParserStream } from 'eventsource-parser/stream';
import { base, service, startHarness, type Harness, type Member } from './support/harness.js';

/**
 * The live unread count (server-sent events): pushed at once, after every change made by an event or
 * by a call, to every replica's browsers (through NATS), and only to the user concerned.
 */
let h: Harness;
let baseUrl: string;
let replica: { app: ServiceApp; url: string };

interface Listener {
  counts: number[];
  events: string[];
  ended: Promise<void>;
  close(): void;
}

/** Opens the stream and records every `unread` count it pushes. */
async function listen(url: string, member: Member | null): Promise<Listener | { status: number; body: unknown }> {
  const controller = new AbortController();
  const response = await fetch(`${url}/api/users/notifications/stream`, { headers: member?.headers ?? {}, signal: controller.signal });
  if (response.status !== 200) return { status: response.status, body: await response.json() };
  expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
  const counts: number[] = [];
  const events: string[] = [];
  const reader = response.body!.pipeThrough(new TextDecoderStream()).pipeThrough(new EventSourceParserStream()).getReader();
  const ended = (async () => {
    try {
      for (;;) {
        const { value: message, done } = await reader.read();
        if (done) return;
        if (message.event) events.push(message.event);
        if (message.event === 'unread') counts.push((JSON.parse(message.data) as { count: number }).count);
      }
    } catch {
      // aborted
    }
  })();
  return { counts, events, ended, close: () => controller.abort() };
}

const isListener = (value: Listener | { status: number }): value is Listener => 'counts' in value;

beforeAll(async () => {
  h = await startHarness({ STREAM_HEARTBEAT_MS: '1000' });
  baseUrl = await h.listen();
  // The replica shares the durable consumers: the harness counts what it applies too, and closes it.
  const { app } = await h.replica();
  await app.listen({ port: 0, host: '127.0.0.1' });
  replica = { app, url: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}` };
});

afterAll(async () => {
  await h.close();
});

test('a visitor gets 401 in the spec shape', async () => {
  const answer = await listen(baseUrl, null);
  expect(answer).toEqual({ status: 401, body: { statusCode: 401, statusMessage: 'Unauthorized' } });
});

test('a member holds at most 5 streams at once on a replica: the 6th is 429 in the catalogue shape, and one closed frees a place', async () => {
  const member = await h.member({ name: 'Many tabs' });
  const other = await h.member({ name: 'One tab' });
  const open = await Promise.all(Array.from({ length: 5 }, () => listen(baseUrl, member)));
  expect(open.every(isListener)).toBe(true);
  const sixth = await listen(baseUrl, member);
  expect(sixth).toEqual({ status: 429, body: { statusCode: 429, statusMessage: 'Too Many Requests', data: { reason: 'too-many-streams', limit: 5 } } });
  // Opened all at once, they still stop at the limit.
  const rush = await Promise.all(Array.from({ length: 4 }, () => listen(baseUrl, member)));
  expect(rush.filter(isListener)).toHaveLength(0);
  // Another member is not counted with them.
  const others = await listen(baseUrl, other);
  expect(isListener(others)).toBe(true);
  const [first] = open as Listener[];
  first!.close();
  await first!.ended;
  let again: Listener | { status: number } = { status: 0 };
  await waitFor(async () => {
    again = await listen(baseUrl, member);
    return isListener(again);
  });
  for (const listener of [...(open as Listener[]).slice(1), again as Listener, others as Listener]) listener.close();
});

test('the 6th stream answers Retry-After', async () => {
  const member = await h.member({ name: 'Retry' });
  const open = await Promise.all(Array.from({ length: 5 }, () => listen(baseUrl, member)));
  const refused = await fetch(`${baseUrl}/api/users/notifications/stream`, { headers: member.headers });
  expect([refused.status, refused.headers.get('retry-after')]).toEqual([429, '30']);
  await refused.text();
  for (const listener of open as Listener[]) listener.close();
});

test('pushes the count at once, then after each event and call, on every replica, to the owner only', async () => {
  const alice = await h.member({ name: 'Alice' });
  const bob = await h.member({ name: 'Bob' });
  const here = await listen(baseUrl, alice);
  const there = await listen(replica.url, alice);
  const bobs = await listen(replica.url, bob);
  if (!isListener(here) || !isListener(there) || !isListener(bobs)) throw new Error('stream refused');
  await waitFor(() => here.counts.includes(0) && there.counts.includes(0) && bobs.counts.includes(0));

  // An event consumed by either replica reaches both streams.
  await h.publish(ProposalSignalled, { proposalId: randomUUID(), userId: alice.id, signalledBy: bob.id });
  await waitFor(() => here.counts.at(-1) === 1 && there.counts.at(-1) === 1, 10_000);
  const created = await h.app.inject({
    method: 'POST',
    url: base,
    headers: service,
    payload: { userId: alice.id, messageKey: 'notice', params: { text: 'Hello' } },
  });
  expect(created.statusCode).toBe(201);
  await waitFor(() => here.counts.at(-1) === 2 && there.counts.at(-1) === 2);

  // A call on one replica reaches the stream held by the other.
  await replica.app.inject({ method: 'PUT', url: `/api/users/notifications/${created.json<{ id: number }>().id}`, headers: alice.headers });
  await waitFor(() => here.counts.at(-1) === 1);
  await h.app.inject({ method: 'PUT', url: `/api/users/notifications/mark-all-as-read/${alice.id}`, headers: alice.headers });
  await waitFor(() => here.counts.at(-1) === 0 && there.counts.at(-1) === 0);
  expect(bobs.counts.every((count) => count === 0)).toBe(true);

  // Heartbeats keep it open; a deleted account's streams end.
  await h.publish(UserDeleted, { userId: alice.id, deletedAt: new Date().toISOString() });
  await Promise.all([here.ended, there.ended]);
  bobs.close();
  await bobs.ended;
});

test('ends the stream when the access token expires', async () => {
  const carol = await h.member({ name: 'Carol' });
  const headers = { authorization: `Bearer ${await h.tokens.sign({ id: carol.id }, '2s')}` };
  const stream = await listen(baseUrl, { id: carol.id, headers });
  if (!isListener(stream)) throw new Error('stream refused');
  await stream.ended;
  expect(stream.events[0]).toBe('unread');
  expect(stream.events.at(-1)).toBe('expired');
}, 15_000);
