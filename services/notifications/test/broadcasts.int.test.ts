import { randomUUID } from 'node:crypto';
import { CyclePhaseChanged, UserDeleted, type EventEnvelope } from '@civic/contracts';
import { sql } from '@civic/service-kit';
import { waitFor } from '@civic/test-kit';
import { EventSourceParserStream } from 'eventsource-parser/stream';
import type { AlertView } from '../src/store/alert.repository.js';
import { tables } from '../src/store/tables.js';
import { base, service, startHarness, type Harness, type Member } from './support/harness.js';

/**
 * Alerts for everyone stored once (src/domain/broadcasts.ts), against real PostgreSQL and NATS: one
 * row per phase change whatever the number of members, each member's count and list as if each had
 * their own copy, marks of one member touching no one else, and no broadcast for a member who
 * registered after it.
 */
let h: Harness;
let alice: Member;
let bob: Member;
let carol: Member;

/** Members seeded by SQL next to the three registered ones. */
const SEEDED = 200;

const list = async (member: Member, query = '?limit=100') => {
  const answer = await h.app.inject({ url: `${base}/${member.id}${query}`, headers: member.headers });
  expect(answer.statusCode).toBe(200);
  return answer.json<AlertView[]>();
};
const unread = async (member: Member) => (await h.app.inject({ url: `${base}/unread/${member.id}`, headers: member.headers })).json<{ count: number }>().count;
const put = (member: Member, id: number) => h.app.inject({ method: 'PUT', url: `${base}/${id}`, headers: member.headers });
const remove = (member: Member, id: number) => h.app.inject({ method: 'DELETE', url: `${base}/${id}`, headers: member.headers });
const rows = async () => ({ alerts: await h.db.alert.count(), broadcasts: await h.db.broadcastAlert.count(), marks: await h.db.broadcastMark.count() });

async function deliver(event: Promise<EventEnvelope>): Promise<EventEnvelope> {
  const envelope = await event;
  await h.applied_(envelope);
  return envelope;
}

let cycleNumber = 100;
const phaseChange = () =>
  deliver(h.publish(CyclePhaseChanged, { cycleId: randomUUID(), number: ++cycleNumber, from: 'proposals', to: 'voting', at: new Date().toISOString(), phaseEndsAt: new Date().toISOString() }));

/** A personal alert for the member (POST as another service); answers its id. */
async function personal(member: Member, text: string): Promise<number> {
  const answer = await h.app.inject({ method: 'POST', url: base, headers: service, payload: { userId: member.id, messageKey: 'notice', params: { text } } });
  expect(answer.statusCode).toBe(201);
  return answer.json<AlertView>().id;
}

/** The newest alert of the member: the broadcast just delivered. */
const newestId = async (member: Member) => (await list(member, '?limit=1'))[0]!.id;

beforeAll(async () => {
  h = await startHarness();
  alice = await h.member({ name: 'Alice' });
  bob = await h.member({ name: 'Bob' });
  carol = await h.member({ name: 'Carol' });
  await h.db.$executeRaw(sql`INSERT INTO ${tables.member} (user_id, user_name) SELECT gen_random_uuid(), 'Seeded ' || i FROM generate_series(1, ${SEEDED}::int) AS i`);
});

afterAll(async () => {
  await h.close();
});

describe('a phase change for every member', () => {
  let id: number;
  let event: EventEnvelope;

  it('writes one row, whatever the number of members, and every member has one more unread', async () => {
    expect(await h.db.member.count({ where: { deletedAt: null } })).toBe(SEEDED + 3);
    const before = await rows();
    const counts = await Promise.all([alice, bob, carol].map(unread));
    event = await phaseChange();
    expect(await rows()).toEqual({ alerts: before.alerts, broadcasts: before.broadcasts + 1, marks: before.marks });
    expect(await Promise.all([alice, bob, carol].map(unread))).toEqual(counts.map((count) => count + 1));
    id = await newestId(alice);
    for (const member of [alice, bob, carol]) {
      expect((await list(member, '?limit=1'))[0]).toMatchObject({ id, userId: member.id, messageKey: 'phaseChanged', params: { number: cycleNumber, from: 'proposals', to: 'voting' }, viewed: 0 });
    }
  });

  it('is applied once when delivered again', async () => {
    const before = await rows();
    const counts = await Promise.all([alice, bob, carol].map(unread));
    await h.redeliver(event);
    await waitFor(() => h.applied.filter((applied) => applied === event.id).length === 2, 15_000);
    expect(await rows()).toEqual(before);
    expect(await Promise.all([alice, bob, carol].map(unread))).toEqual(counts);
  });

  it('viewed by one member, changes only that member\'s count and list', async () => {
    const [a, b] = [await unread(alice), await unread(bob)];
    const viewed = await put(alice, id);
    expect(viewed.statusCode).toBe(200);
    expect(viewed.json()).toMatchObject({ id, userId: alice.id, messageKey: 'phaseChanged', viewed: 1 });
    expect(await unread(alice)).toBe(a - 1);
    expect(await unread(bob)).toBe(b);
    expect((await list(alice)).find((alert) => alert.id === id)).toMatchObject({ viewed: 1 });
    expect((await list(bob)).find((alert) => alert.id === id)).toMatchObject({ viewed: 0 });
    // Again: harmless.
    expect((await put(alice, id)).json()).toMatchObject({ id, viewed: 1 });
    expect(await unread(alice)).toBe(a - 1);
    expect(await h.db.broadcastMark.count()).toBe(1);
  });

  it('deleted by one member, is gone for that member only', async () => {
    const [a, b] = [await unread(alice), await unread(bob)];
    expect((await remove(bob, id)).statusCode).toBe(204);
    expect(await unread(bob)).toBe(b - 1);
    expect(await unread(alice)).toBe(a);
    expect((await list(bob)).some((alert) => alert.id === id)).toBe(false);
    expect((await list(alice)).some((alert) => alert.id === id)).toBe(true);
    expect((await list(carol)).some((alert) => alert.id === id)).toBe(true);
    for (const call of [remove, put]) {
      const again = await call(bob, id);
      expect(again.statusCode).toBe(404);
      expect(again.json()).toMatchObject({ statusCode: 404, statusMessage: 'Not Found' });
    }
    // Deleting a viewed one leaves the count alone.
    expect((await remove(alice, id)).statusCode).toBe(204);
    expect(await unread(alice)).toBe(a);
  });

  it('is not shown to a member who registered after it', async () => {
    const dave = await h.member({ name: 'Dave' });
    expect(await unread(dave)).toBe(0);
    expect(await list(dave)).toEqual([]);
    expect((await put(dave, id)).statusCode).toBe(404);
    expect((await remove(dave, id)).statusCode).toBe(404);
    const before = await rows();
    await phaseChange();
    expect(await unread(dave)).toBe(1);
    expect((await list(dave)).map((alert) => alert.messageKey)).toEqual(['phaseChanged']);
    expect(await rows()).toMatchObject({ marks: before.marks });
  });
});

describe('a member\'s page', () => {
  it('mixes personal alerts and alerts for everyone newest first, by every kind of page', async () => {
    const erin = await h.member({ name: 'Erin' });
    const expected: number[] = [];
    for (let i = 0; i < 4; i++) {
      expected.push(await personal(erin, `personal ${i}`), await personal(erin, `personal ${i}b`));
      await phaseChange();
      expected.push(await newestId(erin));
    }
    const newestFirst = [...expected].reverse();
    expect((await list(erin)).map((alert) => alert.id)).toEqual(newestFirst);
    expect(await unread(erin)).toBe(12);

    // Keyset pages of 5, then offsets, then newer-than.
    const pages: number[] = [];
    let page = await list(erin, '?limit=5');
    while (page.length > 0) {
      pages.push(...page.map((alert) => alert.id));
      page = await list(erin, `?limit=5&before=${page.at(-1)!.id}`);
    }
    expect(pages).toEqual(newestFirst);
    expect((await list(erin, '?limit=5&offset=5')).map((alert) => alert.id)).toEqual(newestFirst.slice(5, 10));
    expect((await list(erin, `?limit=3&before=${newestFirst[2]}&offset=2`)).map((alert) => alert.id)).toEqual(newestFirst.slice(5, 8));
    expect((await list(erin, `?getNewsAlertsFromId=${expected[3]}`)).map((alert) => alert.id)).toEqual(newestFirst.slice(0, 8));
    // Newer ones are taken from the oldest up: a full page means "ask again".
    expect((await list(erin, `?getNewsAlertsFromId=${expected[3]}&limit=3`)).map((alert) => alert.id)).toEqual(expected.slice(4, 7).reverse());
  });
});

describe('mark all as read', () => {
  it('covers alerts for everyone, without touching other members or later broadcasts', async () => {
    const frank = await h.member({ name: 'Frank' });
    await personal(frank, 'hello');
    await phaseChange();
    await phaseChange();
    const broadcastId = await newestId(frank);
    expect((await put(frank, broadcastId)).statusCode).toBe(200);
    await phaseChange();
    expect(await unread(frank)).toBe(3);
    const carolBefore = await unread(carol);

    const all = await h.app.inject({ method: 'PUT', url: `${base}/mark-all-as-read/${frank.id}`, headers: frank.headers });
    expect(all.json()).toEqual({ updated: 3, count: 0 });
    expect((await list(frank)).every((alert) => alert.viewed === 1)).toBe(true);
    expect(await unread(carol)).toBe(carolBefore);
    // The marks the watermark covers are gone; again, nothing changes.
    expect(await h.db.broadcastMark.count({ where: { userId: frank.id } })).toBe(0);
    expect((await h.app.inject({ method: 'PUT', url: `${base}/mark-all-as-read/${frank.id}`, headers: frank.headers })).json()).toEqual({ updated: 0, count: 0 });

    await phaseChange();
    expect(await unread(frank)).toBe(1);
    expect((await list(frank, '?limit=1'))[0]).toMatchObject({ messageKey: 'phaseChanged', viewed: 0 });
    // A deleted one stays deleted after marking all read.
    const deleted = await newestId(frank);
    expect((await remove(frank, deleted)).statusCode).toBe(204);
    await h.app.inject({ method: 'PUT', url: `${base}/mark-all-as-read/${frank.id}`, headers: frank.headers });
    expect((await list(frank)).some((alert) => alert.id === deleted)).toBe(false);
    expect(await unread(frank)).toBe(0);
  });
});

describe('a deleted account', () => {
  it('loses its marks and sees no alert for everyone', async () => {
    const gina = await h.member({ name: 'Gina' });
    await phaseChange();
    expect((await put(gina, await newestId(gina))).statusCode).toBe(200);
    expect(await h.db.broadcastMark.count({ where: { userId: gina.id } })).toBe(1);
    await deliver(h.publish(UserDeleted, { userId: gina.id, deletedAt: new Date().toISOString() }));
    expect(await h.db.broadcastMark.count({ where: { userId: gina.id } })).toBe(0);
    await phaseChange();
    expect(await unread(gina)).toBe(0);
    expect(await list(gina)).toEqual([]);
  });
});

describe('the live count', () => {
  it('reaches every open stream when a broadcast is written', async () => {
    const url = await h.listen();
    const members = [alice, bob, carol];
    const latest = new Map<string, number>();
    const controllers: AbortController[] = [];
    for (const member of members) {
      const controller = new AbortController();
      controllers.push(controller);
      const response = await fetch(`${url}${base}/stream`, { headers: member.headers, signal: controller.signal });
      const reader = response.body!.pipeThrough(new TextDecoderStream()).pipeThrough(new EventSourceParserStream()).getReader();
      void (async () => {
        try {
          for (;;) {
            const { value, done } = await reader.read();
            if (done) return;
            if (value.event === 'unread') latest.set(member.id, (JSON.parse(value.data) as { count: number }).count);
          }
        } catch {
          // aborted
        }
      })();
    }
    const counts = await Promise.all(members.map(unread));
    await waitFor(() => members.every((member, i) => latest.get(member.id) === counts[i]));
    await phaseChange();
    await waitFor(() => members.every((member, i) => latest.get(member.id) === counts[i]! + 1), 10_000);
    for (const controller of controllers) controller.abort();
  });
});
