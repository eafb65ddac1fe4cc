import { randomUUID } from 'node:crypto';
import * as events from '@civic/contracts';
import type { EventEnvelope } from '@civic/contracts';
import { waitFor } from '@civic/test-kit';
import type { AlertView } from '../src/store/alert.repository.js';
import { startHarness, type Harness, type Member } from './support/harness.js';

/**
 * decisions.law.seal-refused (a law archived without a seal, a chain of its texts broken): every
 * moderator of now is alerted, as the role projection knows them, once, and nobody else is.
 */
let h: Harness;

const id = () => randomUUID();
const now = () => new Date().toISOString();

const alertsOf = async (member: Member): Promise<AlertView[]> =>
  (await h.app.inject({ url: `/api/users/notifications/${member.id}?limit=100`, headers: member.headers })).json<AlertView[]>();
const unread = async (member: Member) =>
  (await h.app.inject({ url: `/api/users/notifications/unread/${member.id}`, headers: member.headers })).json<{ count: number }>().count;

async function deliver(event: Promise<EventEnvelope>): Promise<EventEnvelope> {
  const envelope = await event;
  await h.applied_(envelope);
  return envelope;
}

/** Sets a member's role as identity announces it. */
const role = (member: Member, moderator: boolean, scribe = false) => deliver(h.publish(events.UserRoleChanged, { userId: member.id, moderator, scribe }));

beforeAll(async () => {
  h = await startHarness();
});

afterAll(async () => {
  await h.close();
});

it('alerts every moderator of now, and no plain member, scribe, former or deleted moderator, once', async () => {
  const [first, second, plain, scribe, former, gone] = [
    await h.member({ name: 'First moderator' }),
    await h.member({ name: 'Second moderator' }),
    await h.member({ name: 'Plain member' }),
    await h.member({ name: 'Scribe' }),
    await h.member({ name: 'Former moderator' }),
    await h.member({ name: 'Deleted moderator' }),
  ];
  await role(first, true);
  await role(second, true);
  await role(scribe, false, true);
  await role(former, true);
  await role(former, false);
  await role(gone, true);
  await deliver(h.publish(events.UserDeleted, { userId: gone.id, deletedAt: now() }));

  const lawId = id();
  const payload = {
    lawId,
    cycleId: id(),
    title: 'Free buses',
    problems: [
      { problem: 'version-hash' as const, textId: id(), seq: 2 },
      { problem: 'broken-link' as const, textId: id(), seq: 5 },
    ],
    at: now(),
  };
  const event = await deliver(h.publish(events.LawSealRefused, payload));

  for (const moderator of [first, second]) {
    const alerts = await alertsOf(moderator);
    expect(alerts).toEqual([expect.objectContaining({ userId: moderator.id, messageKey: 'lawSealRefused', params: { title: 'Free buses', versions: 2 }, link: `/archive/${lawId}`, viewed: 0 })]);
    expect(await unread(moderator)).toBe(1);
  }
  for (const member of [plain, scribe, former]) {
    expect(await alertsOf(member)).toEqual([]);
    expect(await unread(member)).toBe(0);
  }
  expect(await h.db.alert.count({ where: { userId: gone.id } })).toBe(0);

  // Delivered again (a relay retry past the dedupe window): no second alert.
  await h.redeliver(event);
  await waitFor(() => h.applied.filter((applied) => applied === event.id).length === 2, 15_000);
  expect(await h.db.alert.count({ where: { messageKey: 'lawSealRefused' } })).toBe(2);
  expect(await h.db.inboxEvent.count({ where: { eventId: event.id } })).toBe(1);

  // The moderators of the next refusal are those of then: one lost the role, another gained it.
  await role(second, false);
  await role(plain, true);
  await deliver(h.publish(events.LawSealRefused, { ...payload, lawId: id(), title: 'Night trains', problems: [payload.problems[0]!] }));
  expect((await alertsOf(first)).map((alert) => alert.params['title'])).toEqual(['Night trains', 'Free buses']);
  expect(await alertsOf(plain)).toEqual([expect.objectContaining({ messageKey: 'lawSealRefused', params: { title: 'Night trains', versions: 1 } })]);
  expect(await alertsOf(second)).toHaveLength(1);
  expect(await alertsOf(scribe)).toEqual([]);
});
