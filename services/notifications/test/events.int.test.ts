import { randomUUID } from 'node:crypto';
import * as events from '@civic/contracts';
import type { EventEnvelope } from '@civic/contracts';
import { waitFor } from '@civic/test-kit';
import type { AlertView } from '../src/store/alert.repository.js';
import { startHarness, type Harness, type Member } from './support/harness.js';

/**
 * Every event the service consumes, published on NATS as its owner would: each makes its alert
 * (message key, parameters, link) for the right users, once, even when delivered again.
 */
let h: Harness;
let alice: Member;
let bob: Member;
let carol: Member;

const alertsOf = async (member: Member): Promise<AlertView[]> =>
  (await h.app.inject({ url: `/api/users/notifications/${member.id}?limit=100`, headers: member.headers })).json<AlertView[]>();
const unread = async (member: Member) =>
  (await h.app.inject({ url: `/api/users/notifications/unread/${member.id}`, headers: member.headers })).json<{ count: number }>().count;
const newest = async (member: Member) => (await alertsOf(member))[0];

/** Publishes, waits until applied, answers the event. */
async function deliver(event: Promise<EventEnvelope>): Promise<EventEnvelope> {
  const envelope = await event;
  await h.applied_(envelope);
  return envelope;
}

beforeAll(async () => {
  h = await startHarness();
  alice = await h.member({ name: 'Alice' });
  bob = await h.member({ name: 'Bob' });
  carol = await h.member({ name: 'Carol' });
});

afterAll(async () => {
  await h.close();
});

const id = () => randomUUID();
const now = () => new Date().toISOString();

describe('alerts for named users', () => {
  const cycleId = id();
  const lawId = id();

  it.each([
    ['decisions.proposal.selected', () => h.publish(events.ProposalSelected, { proposalId: id(), userId: alice.id, cycleId, rank: 2 }), 'proposalSelected', { rank: 2 }, `/decisions/${cycleId}`],
    ['decisions.proposal.second-chance', () => h.publish(events.ProposalSecondChance, { proposalId: id(), userId: alice.id, cycleId, rank: 4 }), 'proposalSecondChance', { rank: 4 }, '/decisions/voting-on-proposals'],
    ['decisions.proposal.edited by a moderator', () => h.publish(events.ProposalEdited, { proposalId: id(), userId: alice.id, editorId: bob.id, byModerator: true }), 'proposalEditedByModerator', {}, '/decisions/proposals'],
    ['decisions.proposal.deleted by a moderator', () => h.publish(events.ProposalDeleted, { proposalId: id(), userId: alice.id, deletedBy: bob.id, byModerator: true }), 'proposalDeletedByModerator', {}, '/decisions/proposals'],
    ['decisions.proposal.signalled', () => h.publish(events.ProposalSignalled, { proposalId: id(), userId: alice.id, signalledBy: bob.id }), 'proposalSignalled', {}, '/decisions/proposals'],
    ['decisions.content.signalled', () => h.publish(events.ContentSignalled, { kind: 'article', contentId: id(), lawId, userId: alice.id, signalledBy: bob.id, to: 'moderator' }), 'contentSignalled', { kind: 'article', to: 'moderator' }, '/decisions/creations'],
    ['decisions.content.moderated', () => h.publish(events.ContentModerated, { kind: 'amendment', contentId: id(), lawId, userId: alice.id, editorId: bob.id, role: 'scribe', action: 'edited' }), 'contentModerated', { kind: 'amendment', role: 'scribe', action: 'edited' }, '/decisions/creations'],
    ['chat.message.replied', () => h.publish(events.ChatMessageReplied, { messageId: id(), userId: bob.id, repliedToMessageId: id(), repliedToUserId: alice.id, room: 'decision-1' }), 'chatReplied', { room: 'decision-1' }, '/decisions'],
    ['chat.message.signalled', () => h.publish(events.ChatMessageSignalled, { messageId: id(), userId: alice.id, signalledBy: bob.id, room: 'decision-1' }), 'chatMessageSignalled', { room: 'decision-1' }, '/decisions'],
    ['chat.message.moderated', () => h.publish(events.ChatMessageModerated, { messageId: id(), userId: alice.id, moderatorId: bob.id, action: 'deleted', room: 'decision-1' }), 'chatMessageModerated', { action: 'deleted', room: 'decision-1' }, '/decisions'],
    ['identity.user.suspended', () => h.publish(events.UserSuspended, { userId: alice.id, until: '2026-12-01T10:00:00.000Z' }), 'suspended', { until: '2026-12-01T10:00:00.000Z' }, null],
    ['identity.user.suspension-lifted', () => h.publish(events.UserSuspensionLifted, { userId: alice.id }), 'suspensionLifted', {}, null],
  ] as const)('%s makes its alert for the one concerned', async (_name, publish, messageKey, params, link) => {
    const before = await unread(alice);
    const othersBefore = (await alertsOf(bob)).length;
    await deliver(publish());
    expect(await newest(alice)).toMatchObject({ userId: alice.id, messageKey, params, link, viewed: 0 });
    expect(await unread(alice)).toBe(before + 1);
    expect(await alertsOf(bob)).toHaveLength(othersBefore);
  });

  it('decisions.law.creators-drawn tells each creator', async () => {
    await deliver(h.publish(events.LawCreatorsDrawn, { lawId, cycleId, title: 'Free buses', creators: [alice.id, bob.id] }));
    for (const member of [alice, bob]) {
      expect(await newest(member)).toMatchObject({ messageKey: 'creatorDrawn', params: { title: 'Free buses' }, link: `/decisions/creators/${lawId}` });
    }
  });

  it('decisions.law.archived tells the voters of each chunk whether the law was adopted', async () => {
    await deliver(h.publish(events.LawArchived, { lawId, cycleId, title: 'Free buses', adopted: true, voterIds: [alice.id], chunk: 1, chunks: 2 }));
    await deliver(h.publish(events.LawArchived, { lawId, cycleId, title: 'Free buses', adopted: true, voterIds: [bob.id], chunk: 2, chunks: 2 }));
    expect(await newest(alice)).toMatchObject({ messageKey: 'lawAdopted', params: { title: 'Free buses' }, link: `/archive/${lawId}` });
    expect(await newest(bob)).toMatchObject({ messageKey: 'lawAdopted', link: `/archive/${lawId}` });
    await deliver(h.publish(events.LawArchived, { lawId: id(), cycleId, title: 'Night trains', adopted: false, voterIds: [carol.id], chunk: 1, chunks: 1 }));
    expect(await newest(carol)).toMatchObject({ messageKey: 'lawRejected', params: { title: 'Night trains' } });
  });

  it('elections.election.closed tells the elected and those who lost their role', async () => {
    await deliver(
      h.publish(events.ElectionClosed, {
        electionId: id(),
        month: '2026-12',
        elected: { moderators: [alice.id], scribes: [], greatWises: [bob.id] },
        removed: { moderators: [alice.id], scribes: [carol.id], greatWises: [] },
      }),
    );
    const aliceAlerts = await alertsOf(alice);
    expect(aliceAlerts[0]).toMatchObject({ messageKey: 'elected', params: { role: 'moderator', month: '2026-12' }, link: '/elections/elected' });
    // Re-elected: no "lost the role" alert.
    expect(aliceAlerts.filter((alert) => alert.messageKey === 'roleLost')).toEqual([]);
    expect(await newest(bob)).toMatchObject({ messageKey: 'elected', params: { role: 'greatWise' } });
    expect(await newest(carol)).toMatchObject({ messageKey: 'roleLost', params: { role: 'scribe', month: '2026-12' } });
  });

  it('makes no alert for what users did themselves', async () => {
    const before = (await alertsOf(alice)).length;
    const own = [
      h.publish(events.ProposalEdited, { proposalId: id(), userId: alice.id, editorId: alice.id, byModerator: false }),
      h.publish(events.ProposalDeleted, { proposalId: id(), userId: alice.id, deletedBy: alice.id, byModerator: false }),
      h.publish(events.ContentSignalled, { kind: 'article', contentId: id(), lawId, userId: alice.id, signalledBy: alice.id, to: 'scribe' }),
      h.publish(events.ChatMessageReplied, { messageId: id(), userId: alice.id, repliedToMessageId: id(), repliedToUserId: alice.id, room: 'r' }),
    ];
    for (const event of own) await deliver(event);
    expect(await alertsOf(alice)).toHaveLength(before);
  });
});

describe('idempotence', () => {
  it('makes one alert of an event delivered twice', async () => {
    const before = (await alertsOf(carol)).length;
    const event = await deliver(h.publish(events.ProposalSelected, { proposalId: id(), userId: carol.id, cycleId: id(), rank: 1 }));
    await h.redeliver(event);
    await waitFor(() => h.applied.filter((applied) => applied === event.id).length === 2, 15_000);
    expect(await alertsOf(carol)).toHaveLength(before + 1);
    expect(await h.db.inboxEvent.count({ where: { eventId: event.id } })).toBe(1);
  });

  it('makes one alert per member of a phase change delivered twice', async () => {
    const event = await deliver(h.publish(events.CyclePhaseChanged, { cycleId: id(), number: 7, from: 'proposals', to: 'voting', at: now(), phaseEndsAt: now() }));
    await h.redeliver(event);
    await waitFor(() => h.applied.filter((applied) => applied === event.id).length === 2, 15_000);
    for (const member of [alice, bob, carol]) {
      expect((await alertsOf(member)).filter((alert) => alert.params['number'] === 7)).toHaveLength(1);
    }
  });
});

describe('alerts for everyone', () => {
  it('tells every member that a decision opened, and that a phase ended and the next started', async () => {
    const cycleId = id();
    const dave = await h.member({ name: 'Dave' });
    await deliver(h.publish(events.CyclePhaseChanged, { cycleId, number: 3, from: null, to: 'proposals', at: now(), phaseEndsAt: now() }));
    for (const member of [alice, bob, carol, dave]) {
      expect(await newest(member)).toMatchObject({ messageKey: 'cycleOpened', params: { number: 3, to: 'proposals' }, link: `/decisions/${cycleId}` });
    }
    await deliver(h.publish(events.CyclePhaseChanged, { cycleId, number: 3, from: 'creation', to: 'final-vote', at: now(), phaseEndsAt: now() }));
    expect(await newest(dave)).toMatchObject({ messageKey: 'phaseChanged', params: { number: 3, from: 'creation', to: 'final-vote' } });
    // Stored once each, whatever the number of members.
    expect(await h.db.broadcastAlert.count({ where: { params: { path: ['number'], equals: 3 } } })).toBe(2);
    expect(await h.db.alert.count({ where: { messageKey: { in: ['cycleOpened', 'phaseChanged'] } } })).toBe(0);
  });
});

describe('deleted accounts', () => {
  it('lose their alerts and get none afterwards, not even alerts for everyone', async () => {
    const erin = await h.member({ name: 'Erin' });
    await deliver(h.publish(events.ProposalSignalled, { proposalId: id(), userId: erin.id, signalledBy: alice.id }));
    expect(await unread(erin)).toBe(1);
    await deliver(h.publish(events.UserDeleted, { userId: erin.id, deletedAt: now() }));
    expect(await h.db.alert.count({ where: { userId: erin.id } })).toBe(0);
    expect(await h.db.unreadCounter.count({ where: { userId: erin.id } })).toBe(0);
    await deliver(h.publish(events.ProposalSelected, { proposalId: id(), userId: erin.id, cycleId: id(), rank: 1 }));
    await deliver(h.publish(events.LawArchived, { lawId: id(), cycleId: id(), title: 'Law', adopted: true, voterIds: [erin.id, alice.id], chunk: 1, chunks: 1 }));
    await deliver(h.publish(events.CyclePhaseChanged, { cycleId: id(), number: 9, from: null, to: 'proposals', at: now(), phaseEndsAt: now() }));
    expect(await h.db.alert.count({ where: { userId: erin.id } })).toBe(0);
    expect(await newest(alice)).toMatchObject({ messageKey: 'cycleOpened', params: { number: 9 } });
  });

  it('stay deleted when their registration arrives late', async () => {
    const frank = id();
    await deliver(h.publish(events.UserDeleted, { userId: frank, deletedAt: now() }));
    await h.member({ id: frank, name: 'Frank' });
    await deliver(h.publish(events.CyclePhaseChanged, { cycleId: id(), number: 10, from: null, to: 'proposals', at: now(), phaseEndsAt: now() }));
    expect(await h.db.alert.count({ where: { userId: frank } })).toBe(0);
  });
});
