import { randomUUID } from 'node:crypto';
import {
  FinalVoteClosing,
  LawArchived,
  ProposalVoteClosed,
  Role,
  TextVersioned,
  UserSuspended,
  type EventEnvelope,
  type FollowList,
  type FollowPreferences,
} from '@civic/contracts';
import { sql } from '@civic/service-kit';
import { waitFor } from '@civic/test-kit';
import { DAY_MS, unsubscribeToken, verifyUnsubscribeToken } from '../src/domain/digest.js';
import type { AlertView } from '../src/store/alert.repository.js';
import { tables } from '../src/store/tables.js';
import { base, startHarness, type Harness, type Member } from './support/harness.js';

/**
 * Following proposals and laws (docs/product.md#following) against real PostgreSQL and NATS: the
 * calls role by role, the preferences, the alerts each event gives followers only, once across two
 * replicas, the digest composed once per due member, and the one-click unsubscribe.
 */
let h: Harness;
let alice: Member;
let bob: Member;
let carol: Member;
let moderator: Member;

const id = () => randomUUID();
const hash = 'c'.repeat(64);

const alertsOf = async (member: Member): Promise<AlertView[]> => (await h.app.inject({ url: `${base}/${member.id}?limit=100`, headers: member.headers })).json<AlertView[]>();
const followAlerts = async (member: Member) => (await alertsOf(member)).filter((alert) => alert.messageKey.startsWith('followed'));
const follow = (member: Member, documentId: string) => h.app.inject({ method: 'PUT', url: `${base}/follows/${documentId}`, headers: member.headers });
const preferences = (member: Member, body: unknown) => h.app.inject({ method: 'PUT', url: `${base}/preferences`, headers: member.headers, payload: body as object });
const outboxDigests = async () => (await h.db.outboxEvent.findMany({ where: { subject: 'notifications.digest.composed' }, orderBy: { seq: 'asc' } })).map((row) => row.payload as Record<string, unknown>);

async function deliver(event: Promise<EventEnvelope>): Promise<EventEnvelope> {
  const envelope = await event;
  await h.applied_(envelope);
  return envelope;
}

/** A document known to the service through its first text version, as decisions writes it. */
async function document(title: string, { kind = 'proposal' as 'proposal' | 'law', editorId = id() } = {}): Promise<string> {
  const documentId = id();
  await deliver(
    h.publish(TextVersioned, {
      textKind: kind,
      textId: documentId,
      documentId,
      documentTitle: title,
      lawId: kind === 'law' ? documentId : null,
      seq: 1,
      change: 'created',
      role: 'author',
      editorId,
      hash,
      at: new Date().toISOString(),
    } as never),
  );
  return documentId;
}

const edit = (documentId: string, title: string, editorId: string, textKind: 'proposal' | 'article' = 'proposal', textId = documentId) =>
  h.publish(TextVersioned, {
    textKind,
    textId,
    documentId,
    documentTitle: title,
    lawId: textKind === 'article' ? documentId : null,
    seq: 2,
    change: 'edited',
    role: 'author',
    editorId,
    hash,
    at: new Date().toISOString(),
  } as never);

beforeAll(async () => {
  h = await startHarness();
  alice = await h.member({ name: 'Alice' });
  bob = await h.member({ name: 'Bob' });
  carol = await h.member({ name: 'Carol' });
  moderator = await h.member({ name: 'Moderator', role: Role.Moderator });
});

afterAll(async () => {
  await h.close();
});

describe('following, role by role', () => {
  let documentId: string;
  beforeAll(async () => {
    documentId = await document('Free buses');
  });

  it('refuses visitors on every member call', async () => {
    for (const [method, url] of [
      ['GET', `${base}/follows`],
      ['GET', `${base}/follows/${documentId}`],
      ['PUT', `${base}/follows/${documentId}`],
      ['DELETE', `${base}/follows/${documentId}`],
      ['GET', `${base}/preferences`],
    ] as const) {
      const answer = await h.app.inject({ method, url });
      expect({ url, method, status: answer.statusCode, body: answer.json() }).toEqual({ url, method, status: 401, body: expect.objectContaining({ statusCode: 401 }) });
    }
    const put = await h.app.inject({ method: 'PUT', url: `${base}/preferences`, payload: { edits: true, results: true, closing: true, digest: 'off' } });
    expect(put.statusCode).toBe(401);
    expect(await h.db.follow.count()).toBe(0);
    expect(await h.db.followPreference.count()).toBe(0);
  });

  it('lets a member follow, see it, list it and unfollow, idempotently', async () => {
    expect((await h.app.inject({ url: `${base}/follows/${documentId}`, headers: alice.headers })).json()).toEqual({ following: false });
    for (let i = 0; i < 2; i++) {
      const answer = await follow(alice, documentId);
      expect([answer.statusCode, answer.json()]).toEqual([200, { following: true }]);
    }
    expect((await h.app.inject({ url: `${base}/follows/${documentId}`, headers: alice.headers })).json()).toEqual({ following: true });
    // Someone else's state is theirs.
    expect((await h.app.inject({ url: `${base}/follows/${documentId}`, headers: bob.headers })).json()).toEqual({ following: false });

    const later = await document('Night trains', { kind: 'law' });
    await follow(alice, later);
    const list = (await h.app.inject({ url: `${base}/follows`, headers: alice.headers })).json<FollowList>();
    expect(list.follows.map(({ documentId: followed, kind, title }) => ({ followed, kind, title }))).toEqual([
      { followed: later, kind: 'law', title: 'Night trains' },
      { followed: documentId, kind: 'proposal', title: 'Free buses' },
    ]);
    expect(new Date(list.follows[0]!.followedAt).getTime()).toBeGreaterThanOrEqual(new Date(list.follows[1]!.followedAt).getTime());
    expect((await h.app.inject({ url: `${base}/follows`, headers: bob.headers })).json()).toEqual({ follows: [] });

    for (let i = 0; i < 2; i++) {
      const answer = await h.app.inject({ method: 'DELETE', url: `${base}/follows/${later}`, headers: alice.headers });
      expect([answer.statusCode, answer.json()]).toEqual([200, { following: false }]);
    }
    expect((await h.app.inject({ url: `${base}/follows`, headers: alice.headers })).json<FollowList>().follows.map((f) => f.documentId)).toEqual([documentId]);
  });

  it('answers 404 for an unknown or deleted document and 400 for a malformed id, following nothing', async () => {
    const before = await h.db.follow.count();
    const unknown = await follow(alice, id());
    expect([unknown.statusCode, unknown.json()]).toEqual([404, { statusCode: 404, statusMessage: 'Not Found' }]);

    const gone = await document('Gone');
    await follow(bob, gone);
    await deliver(h.publish(TextVersioned, { textKind: 'proposal', textId: gone, documentId: gone, documentTitle: 'Gone', lawId: null, seq: 2, change: 'deleted', role: 'moderator', editorId: moderator.id, hash, at: new Date().toISOString() } as never));
    expect((await follow(alice, gone)).statusCode).toBe(404);
    // A deleted document leaves the lists.
    expect((await h.app.inject({ url: `${base}/follows`, headers: bob.headers })).json()).toEqual({ follows: [] });

    const malformed = await follow(alice, 'not-a-uuid');
    expect(malformed.statusCode).toBe(400);
    expect(await h.db.follow.count()).toBe(before + 1);
  });

  it('lets moderators and suspended members follow: following is reading, not taking part', async () => {
    expect((await follow(moderator, documentId)).json()).toEqual({ following: true });
    const suspended = await h.member({ name: 'Suspended' });
    await deliver(h.publish(UserSuspended, { userId: suspended.id, until: new Date(Date.now() + 86_400_000).toISOString() }));
    expect((await follow(suspended, documentId)).json()).toEqual({ following: true });
  });
});

describe('preferences', () => {
  it('answers the defaults, then the stored value', async () => {
    expect((await h.app.inject({ url: `${base}/preferences`, headers: carol.headers })).json()).toEqual({ edits: true, results: true, closing: true, digest: 'off' });
    const chosen: FollowPreferences = { edits: false, results: true, closing: false, digest: 'weekly' };
    const answer = await preferences(carol, chosen);
    expect([answer.statusCode, answer.json()]).toEqual([200, chosen]);
    expect((await h.app.inject({ url: `${base}/preferences`, headers: carol.headers })).json()).toEqual(chosen);
    const row = await h.db.followPreference.findUnique({ where: { userId: carol.id } });
    expect(row?.digestFrom).not.toBeNull();
    expect(row!.nextDigestAt!.getTime()).toBeGreaterThan(Date.now());
  });

  it.each([
    ['a missing field', { edits: true, results: true, closing: true }],
    ['an unknown field', { edits: true, results: true, closing: true, digest: 'off', extra: 1 }],
    ['a string for a boolean', { edits: 'true', results: true, closing: true, digest: 'off' }],
    ['an unknown digest', { edits: true, results: true, closing: true, digest: 'hourly' }],
    ['no object', [true]],
  ])('refuses %s with 400, changing nothing', async (_name, body) => {
    const before = await h.db.followPreference.findUnique({ where: { userId: carol.id } });
    const answer = await preferences(carol, body);
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({ statusCode: 400 });
    expect(await h.db.followPreference.findUnique({ where: { userId: carol.id } })).toEqual(before);
  });
});

describe('alerts to followers', () => {
  const everyoneOn: FollowPreferences = { edits: true, results: true, closing: true, digest: 'off' };

  it('tells followers of an edit (not the editor, not non-followers), once until they view it', async () => {
    const documentId = await document('Clean air');
    for (const member of [alice, bob]) await follow(member, documentId);
    await preferences(alice, everyoneOn);
    const articleId = id();
    await deliver(edit(documentId, 'Clean air act', bob.id, 'article', articleId));
    const [alert] = await followAlerts(alice);
    expect(alert).toMatchObject({ messageKey: 'followedEdited', params: { title: 'Clean air act' }, link: `/decisions/history/article/${articleId}`, viewed: 0 });
    expect((await followAlerts(bob)).filter((a) => a.params['title'] === 'Clean air act')).toEqual([]);
    expect((await followAlerts(carol)).filter((a) => a.params['title'] === 'Clean air act')).toEqual([]);

    // Another edit while the first is unread: still one alert for that document.
    await deliver(edit(documentId, 'Clean air act', carol.id));
    expect((await followAlerts(alice)).filter((a) => a.params['title'] === 'Clean air act')).toHaveLength(1);
    expect((await followAlerts(bob)).filter((a) => a.params['title'] === 'Clean air act')).toHaveLength(1);
    await h.app.inject({ method: 'PUT', url: `${base}/${alert!.id}`, headers: alice.headers });
    await deliver(edit(documentId, 'Clean air act', carol.id));
    expect((await followAlerts(alice)).filter((a) => a.params['title'] === 'Clean air act')).toHaveLength(2);
  });

  it('tells the result of a vote on proposals to their followers, honouring the results preference', async () => {
    const [selected, second, rejected] = [await document('Selected one'), await document('Second one'), await document('Rejected one')];
    for (const documentId of [selected, second, rejected]) {
      await follow(alice, documentId);
      await follow(carol, documentId);
    }
    await preferences(carol, { edits: true, results: false, closing: true, digest: 'off' });
    await deliver(h.publish(ProposalVoteClosed, { cycleId: id(), closedAt: new Date().toISOString(), seed: 's', selected: [id(), selected], secondChance: [second], rejected: [rejected] }));
    const mine = await followAlerts(alice);
    expect(mine.slice(0, 3).map(({ messageKey, params, link }) => ({ messageKey, params, link })).reverse()).toEqual([
      { messageKey: 'followedSelected', params: { title: 'Selected one', rank: 2 }, link: '/decisions/creations' },
      { messageKey: 'followedSecondChance', params: { title: 'Second one' }, link: '/decisions/voting-on-proposals' },
      { messageKey: 'followedNotSelected', params: { title: 'Rejected one' }, link: '/decisions/voting-on-proposals' },
    ]);
    expect((await followAlerts(carol)).filter((a) => String(a.params['title']).endsWith(' one'))).toEqual([]);
    await preferences(carol, everyoneOn);
  });

  it('tells a law archived (first chunk only, v1 and v2) and a final vote closing', async () => {
    const lawId = await document('Solar roofs', { kind: 'law' });
    await follow(alice, lawId);
    await follow(bob, lawId);
    await preferences(bob, { edits: true, results: true, closing: false, digest: 'off' });
    const endsAt = new Date(Date.now() + 86_400_000).toISOString();
    await deliver(h.publish(FinalVoteClosing, { cycleId: id(), number: 3, endsAt, laws: [{ lawId, title: 'Solar roofs' }] }));
    expect(await followAlerts(alice).then((a) => a[0])).toMatchObject({ messageKey: 'followedFinalVoteClosing', params: { title: 'Solar roofs', endsAt }, link: '/decisions/final-vote' });
    expect((await followAlerts(bob)).filter((a) => a.messageKey === 'followedFinalVoteClosing')).toEqual([]);

    const cycleId = id();
    // Version 1 (published by a producer not upgraded yet) reads with no seal.
    await deliver(h.publish(LawArchived, { lawId, cycleId, title: 'Solar roofs', adopted: true, voterIds: [], chunk: 1, chunks: 2 }));
    await deliver(h.publish(LawArchived, { lawId, cycleId, title: 'Solar roofs', adopted: true, voterIds: [], chunk: 2, chunks: 2 }));
    for (const member of [alice, bob]) {
      const adopted = (await followAlerts(member)).filter((a) => a.messageKey === 'followedAdopted');
      expect(adopted.map(({ params, link }) => ({ params, link }))).toEqual([{ params: { title: 'Solar roofs', seal: '' }, link: `/archive/${lawId}` }]);
    }
  });

  it('gives one alert per follower per event with two replicas consuming the same stream', async () => {
    await h.replica();
    const documentId = await document('Shared');
    const followers = [alice, bob, carol];
    for (const member of followers) await follow(member, documentId);
    const events: EventEnvelope[] = [];
    for (let i = 0; i < 6; i++) {
      events.push(await h.publish(LawArchived, { lawId: documentId, cycleId: id(), title: `Shared ${i}`, adopted: false, voterIds: [], chunk: 1, chunks: 1, seal: null } as never));
    }
    // Each also delivered again (a relay retry after a lost ack): either replica may get either copy.
    // Two consumers read law.archived (voters, followers): four applications of each event in all.
    for (const event of events) await h.redeliver(event);
    await waitFor(() => events.every((event) => h.applied.filter((applied) => applied === event.id).length === 4), 20_000);
    for (const member of followers) {
      const rejected = (await followAlerts(member)).filter((a) => a.messageKey === 'followedRejected' && String(a.params['title']).startsWith('Shared '));
      expect(rejected.map((a) => a.params['title']).sort()).toEqual(events.map((_e, i) => `Shared ${i}`));
    }
  });
});

describe('the digest', () => {
  it('is composed once per due member across two replicas, with the period’s follow alerts, and moves the period on', async () => {
    const replica = await h.replica();
    const reader = await h.member({ name: 'Reader' });
    const quiet = await h.member({ name: 'Quiet' });
    await preferences(reader, { edits: true, results: true, closing: true, digest: 'daily' });
    await preferences(quiet, { edits: true, results: true, closing: true, digest: 'weekly' });
    const documentId = await document('Digest law', { kind: 'law' });
    await follow(reader, documentId);
    await deliver(h.publish(FinalVoteClosing, { cycleId: id(), number: 9, endsAt: new Date(Date.now() + 3_600_000).toISOString(), laws: [{ lawId: documentId, title: 'Digest law' }] }));
    await deliver(edit(documentId, 'Digest law', alice.id, 'article', id()));

    const due = new Date(Date.now() - 1000);
    await h.db.followPreference.updateMany({ where: { userId: { in: [reader.id, quiet.id] } }, data: { nextDigestAt: due } });
    const before = (await outboxDigests()).length;
    const [mine, theirs] = await Promise.all([h.digests.tick(), replica.digests.tick()]);
    expect([...mine, ...theirs].map((digest) => digest.userId)).toEqual([reader.id]);
    const digests = (await outboxDigests()).slice(before);
    expect(digests).toHaveLength(1);
    expect(digests[0]).toMatchObject({
      userId: reader.id,
      period: 'daily',
      more: 0,
      unsubscribeToken: expect.stringMatching(new RegExp(`^${reader.id}\\.`)),
      items: [
        { messageKey: 'followedEdited', params: { title: 'Digest law' } },
        { messageKey: 'followedFinalVoteClosing', params: { title: 'Digest law' }, link: '/decisions/final-vote' },
      ],
    });
    // Its link is signed for the reader's preferences as they are, today.
    const claim = verifyUnsubscribeToken(h.config.DIGEST_UNSUBSCRIBE_KEY, digests[0]!['unsubscribeToken'] as string);
    const { version } = (await h.db.followPreference.findUniqueOrThrow({ where: { userId: reader.id } }));
    expect(claim).toEqual({ userId: reader.id, version, issuedAt: expect.any(Date) });
    expect(Math.abs(claim!.issuedAt.getTime() - Date.now())).toBeLessThan(60_000);
    // Both periods moved on, the quiet member's without a digest.
    for (const member of [reader, quiet]) {
      const row = await h.db.followPreference.findUnique({ where: { userId: member.id } });
      expect(row!.nextDigestAt!.getTime()).toBeGreaterThan(Date.now());
    }
    expect(await h.digests.tick()).toEqual([]);
  });

  it('lists the newest 50 and counts the rest', async () => {
    const reader = await h.member({ name: 'Busy reader' });
    await preferences(reader, { edits: true, results: true, closing: true, digest: 'weekly' });
    const from = new Date(Date.now() - 60_000);
    await h.db.followPreference.update({ where: { userId: reader.id }, data: { digestFrom: from } });
    await h.db.$executeRaw(
      sql`INSERT INTO ${tables.alert} (user_id, message_key, params, link, created_at)
          SELECT ${reader.id}::uuid, 'followedRejected', jsonb_build_object('title', 'Law ' || i), NULL, ${from}::timestamptz + i * interval '1 millisecond' FROM generate_series(1, 55) AS i ORDER BY i`,
    );
    await h.db.followPreference.update({ where: { userId: reader.id }, data: { nextDigestAt: new Date(Date.now() - 1000) } });
    expect(await h.digests.tick()).toEqual([{ userId: reader.id, period: 'weekly', items: 50, more: 5 }]);
    const [digest] = (await outboxDigests()).filter((payload) => payload['userId'] === reader.id);
    expect((digest!['items'] as { params: { title: string } }[])[0]!.params.title).toBe('Law 55');
  });
});

describe('the one-click unsubscribe', () => {
  const key = () => h.config.DIGEST_UNSUBSCRIBE_KEY;
  /** The link of a digest mail composed `daysAgo` for the member's preferences as they are now. */
  const linkOf = async (member: Member, daysAgo = 0) => {
    const { version } = await h.db.followPreference.findUniqueOrThrow({ where: { userId: member.id } });
    return unsubscribeToken(key(), { userId: member.id, version, issuedAt: new Date(Date.now() - daysAgo * DAY_MS) });
  };
  const fromPage = (token: string) => h.app.inject({ method: 'POST', url: `${base}/digest/unsubscribe`, payload: { token } });
  const oneClick = (token: string, body: string, contentType = 'application/x-www-form-urlencoded') =>
    h.app.inject({ method: 'POST', url: `${base}/digest/one-click?token=${encodeURIComponent(token)}`, headers: { 'content-type': contentType }, payload: body });
  const digestOf = async (member: Member) => (await h.db.followPreference.findUnique({ where: { userId: member.id } }))?.digest;
  const invalid = (reason?: string) => ({ statusCode: 400, statusMessage: 'Invalid unsubscribe link', ...(reason ? { data: { reason } } : {}) });

  it('turns the digest off with a good token, without login, and a second click finds it off again', async () => {
    await preferences(bob, { edits: false, results: true, closing: false, digest: 'daily' });
    const token = await linkOf(bob);
    const answer = await fromPage(token);
    expect([answer.statusCode, answer.json()]).toEqual([200, { digest: 'off' }]);
    expect((await h.app.inject({ url: `${base}/preferences`, headers: bob.headers })).json()).toEqual({ edits: false, results: true, closing: false, digest: 'off' });
    expect((await h.db.followPreference.findUnique({ where: { userId: bob.id } }))?.nextDigestAt).toBeNull();
    expect((await fromPage(token)).json()).toEqual({ digest: 'off' });
  });

  it.each([
    ['another key', () => unsubscribeToken('another-key-that-is-long-enough-to-sign', { userId: alice.id, version: 1, issuedAt: new Date() })],
    ['a forged user', async () => (await linkOf(bob)).replace(bob.id, alice.id)],
    ['a token of the first version (the member and a signature of the member alone)', async () => `${alice.id}.${(await linkOf(alice)).split('.')[3]}`],
    ['garbage', () => 'garbage'],
  ])('refuses %s with 400 invalidUnsubscribeLink, changing nothing', async (_name, token) => {
    await preferences(alice, { edits: true, results: true, closing: true, digest: 'weekly' });
    const answer = await fromPage(await token());
    expect([answer.statusCode, answer.json()]).toEqual([400, invalid()]);
    expect(await digestOf(alice)).toBe('weekly');
  });

  it('refuses a link of a mail sent before the member last changed their preferences', async () => {
    await preferences(carol, { edits: true, results: true, closing: true, digest: 'daily' });
    const before = await linkOf(carol);
    await preferences(carol, { edits: true, results: false, closing: true, digest: 'weekly' });
    for (const answer of [await fromPage(before), await oneClick(before, 'List-Unsubscribe=One-Click')]) {
      expect([answer.statusCode, answer.json()]).toEqual([400, invalid('changed')]);
    }
    expect(await digestOf(carol)).toBe('weekly');
    // The link of the next mail works.
    expect((await fromPage(await linkOf(carol))).statusCode).toBe(200);
    expect(await digestOf(carol)).toBe('off');
  });

  it('refuses a link older than 60 days', async () => {
    await preferences(carol, { edits: true, results: true, closing: true, digest: 'daily' });
    expect((await fromPage(await linkOf(carol, 61))).json()).toEqual(invalid('expired'));
    expect(await digestOf(carol)).toBe('daily');
    expect((await fromPage(await linkOf(carol, 59))).statusCode).toBe(200);
  });

  it('refuses a body without a token with 400', async () => {
    expect((await h.app.inject({ method: 'POST', url: `${base}/digest/unsubscribe`, payload: {} })).statusCode).toBe(400);
  });

  describe('posted by the mail client (RFC 8058)', () => {
    it('turns the digest off from the urlencoded or the multipart form, without login', async () => {
      await preferences(bob, { edits: true, results: false, closing: true, digest: 'weekly' });
      const answer = await oneClick(await linkOf(bob), 'List-Unsubscribe=One-Click');
      expect([answer.statusCode, answer.json()]).toEqual([200, { digest: 'off' }]);
      expect((await h.app.inject({ url: `${base}/preferences`, headers: bob.headers })).json()).toEqual({ edits: true, results: false, closing: true, digest: 'off' });

      await preferences(bob, { edits: true, results: false, closing: true, digest: 'daily' });
      const multipart = ['--b0undary', 'Content-Disposition: form-data; name="List-Unsubscribe"', '', 'One-Click', '--b0undary--', ''].join('\r\n');
      const posted = await oneClick(await linkOf(bob), multipart, 'multipart/form-data; boundary=b0undary');
      expect([posted.statusCode, posted.json()]).toEqual([200, { digest: 'off' }]);
    });

    it.each([
      ['no body', '', 'application/x-www-form-urlencoded'],
      ['another field', 'List-Unsubscribe=Later', 'application/x-www-form-urlencoded'],
      ['a multipart body without its boundary', 'List-Unsubscribe=One-Click', 'multipart/form-data'],
      ['a multipart body with a part without a name', '--b\r\nContent-Type: text/plain\r\n\r\nOne-Click\r\n--b--', 'multipart/form-data; boundary=b'],
      ['a body over the size of one field', `List-Unsubscribe=One-Click&x=${'y'.repeat(4000)}`, 'application/x-www-form-urlencoded'],
    ])('refuses %s with a 4xx in the catalogue shape, changing nothing', async (_name, body, contentType) => {
      await preferences(alice, { edits: true, results: true, closing: true, digest: 'weekly' });
      const answer = await oneClick(await linkOf(alice), body, contentType);
      expect(answer.statusCode).toBeGreaterThanOrEqual(400);
      expect(answer.statusCode).toBeLessThan(500);
      expect(answer.json()).toMatchObject({ statusCode: answer.statusCode, statusMessage: expect.any(String) });
      expect(await digestOf(alice)).toBe('weekly');
    });

    it('refuses a forged token, and a link opened in a browser is sent to the unsubscribe page', async () => {
      await preferences(alice, { edits: true, results: true, closing: true, digest: 'weekly' });
      const forged = (await linkOf(bob)).replace(bob.id, alice.id);
      expect((await oneClick(forged, 'List-Unsubscribe=One-Click')).json()).toEqual(invalid());
      expect(await digestOf(alice)).toBe('weekly');
      const token = await linkOf(alice);
      const opened = await h.app.inject({ url: `${base}/digest/one-click?token=${encodeURIComponent(token)}` });
      expect([opened.statusCode, opened.headers.location]).toEqual([303, `/unsubscribe?token=${encodeURIComponent(token)}`]);
      // Opening the link changes nothing by itself: the page asks the service.
      expect(await digestOf(alice)).toBe('weekly');
    });
  });
});
