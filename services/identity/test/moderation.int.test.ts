import { randomUUID } from 'node:crypto';
import { decodeJwt } from 'jose';
import { ArticleCreated, ChatMessagePosted, ElectionClosed, IdentityApi, LawCreated, ProposalCreated } from '@civic/contracts';
import { newEvent } from '@civic/service-kit';
import { deadLettered, parkedFor, waitFor } from '@civic/test-kit';
import { as, createUser, identityEvents, Jar, publish, startHarness, waitForEvent, type Harness, type TestUser } from './support/harness.js';

let h: Harness;

beforeAll(async () => {
  h = await startHarness('moderation');
});
afterAll(() => h.close());

const MINUTE = 60_000;
const NO_OFFICIALS = { moderators: [], scribes: [], greatWises: [] };

async function moderator(): Promise<TestUser> {
  const user = await createUser(h, { loggedIn: false });
  await h.db.user.update({ where: { id: user.id }, data: { moderator: true } });
  const login = await h.app.inject({ method: 'POST', url: '/api/login', payload: { email: user.email, password: user.password } });
  user.jar.take(login.headers);
  return user;
}

const suspend = (actor: TestUser | null, targetId: string, minutes: unknown) =>
  as(h, actor, { method: 'POST', url: `/api/users/${targetId}/suspension`, payload: { minutes } });
const lift = (actor: TestUser | null, targetId: string) => as(h, actor, { method: 'DELETE', url: `/api/users/${targetId}/suspension` });

describe('suspension', () => {
  it.each([
    [10, 10],
    [60, 60],
    [120, 120],
    [1440, 1440],
  ])('lets a moderator suspend a user for %i minutes, publishing identity.user.suspended', async (minutes, expected) => {
    const mod = await moderator();
    const target = await createUser(h);
    const before = h.clock.now().getTime();
    const res = await suspend(mod, target.id, minutes);
    expect(res.statusCode).toBe(200);
    const until = new Date(res.json().suspendedUntil).getTime();
    expect(until - before).toBeGreaterThanOrEqual(expected * MINUTE);
    expect(until - before).toBeLessThan(expected * MINUTE + 5000);
    await waitForEvent(h.bus, 'identity.user.suspended', (p) => p['userId'] === target.id && p['until'] === res.json().suspendedUntil);
    // The user still logs in and sees the suspension; the owner's profile shows it, the public one does not.
    const session = await as(h, target, { method: 'POST', url: '/api/login/auth-user' });
    expect(session.json().suspendedUntil).toBe(res.json().suspendedUntil);
    expect((await as(h, target, { url: `/api/users/${target.id}` })).json().suspendedUntil).toBe(res.json().suspendedUntil);
    expect((await as(h, null, { url: `/api/users/${target.id}` })).json()).not.toHaveProperty('suspendedUntil');
    expect((await as(h, mod, { url: `/api/users/${target.id}` })).json().suspendedUntil).toBe(res.json().suspendedUntil);
  });

  it('ends by itself when its time is over', async () => {
    const mod = await moderator();
    const target = await createUser(h);
    await suspend(mod, target.id, 10);
    h.clock.advance(11 * MINUTE);
    const session = await as(h, target, { method: 'POST', url: '/api/login/auth-user' });
    expect(session.json().suspendedUntil).toBeNull();
  });

  it('can be lifted by a moderator, publishing identity.user.suspension-lifted', async () => {
    const mod = await moderator();
    const target = await createUser(h);
    await suspend(mod, target.id, 1440);
    const res = await lift(mod, target.id);
    expect(res.statusCode).toBe(204);
    expect((await h.db.user.findUniqueOrThrow({ where: { id: target.id } })).suspendedUntil).toBeNull();
    await waitForEvent(h.bus, 'identity.user.suspension-lifted', (p) => p['userId'] === target.id);
    // Lifting again changes nothing and publishes nothing more.
    expect((await lift(mod, target.id)).statusCode).toBe(204);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await identityEvents(h.bus)).filter((e) => e.subject === 'identity.user.suspension-lifted' && e.payload['userId'] === target.id)).toHaveLength(1);
  });

  it('is refused to plain users and visitors, and changes nothing', async () => {
    const user = await createUser(h);
    const target = await createUser(h);
    const res = await suspend(user, target.id, 60);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ statusCode: 403, statusMessage: 'Unauthorized action' });
    expect((await suspend(null, target.id, 60)).json()).toEqual({ statusCode: 401, statusMessage: 'Unauthorized' });
    expect((await lift(user, target.id)).statusCode).toBe(403);
    expect((await h.db.user.findUniqueOrThrow({ where: { id: target.id } })).suspendedUntil).toBeNull();
  });

  it('takes the role from the users table, not from the token', async () => {
    const target = await createUser(h);
    // Token issued while a plain user; the table says moderator now (elected meanwhile).
    const newlyElected = await createUser(h);
    await h.db.user.update({ where: { id: newlyElected.id }, data: { moderator: true } });
    expect(decodeJwt(newlyElected.jar.cookies.get('access_token')!).role).toBe(0);
    expect((await suspend(newlyElected, target.id, 10)).statusCode).toBe(200);
    // Token issued while moderator; the role was lost since.
    const former = await moderator();
    expect(decodeJwt(former.jar.cookies.get('access_token')!).role).toBe(1);
    await h.db.user.update({ where: { id: former.id }, data: { moderator: false } });
    expect((await suspend(former, target.id, 10)).statusCode).toBe(403);
  });

  it('refuses a moderator suspending themself or another moderator (Suspension error)', async () => {
    const mod = await moderator();
    const other = await moderator();
    const self = await suspend(mod, mod.id, 10);
    expect(self.statusCode).toBe(403);
    expect(self.json()).toEqual({ statusCode: 403, statusMessage: 'Suspension error', data: { reason: 'self' } });
    const peer = await suspend(mod, other.id, 10);
    expect(peer.json()).toEqual({ statusCode: 403, statusMessage: 'Suspension error', data: { reason: 'targetIsModerator' } });
    expect(await h.db.user.count({ where: { id: { in: [mod.id, other.id] }, suspendedUntil: { not: null } } })).toBe(0);
  });

  it.each([[5], [30], [0], [-10], ['ten'], [null]])('refuses a length of %p minutes with 400', async (minutes) => {
    const mod = await moderator();
    const target = await createUser(h);
    const res = await suspend(mod, target.id, minutes);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ statusCode: 400, statusMessage: 'Bad Request' });
    expect((await h.db.user.findUniqueOrThrow({ where: { id: target.id } })).suspendedUntil).toBeNull();
  });

  it('answers 404 User not found for an unknown user and Missing required fields without minutes', async () => {
    const mod = await moderator();
    expect((await suspend(mod, randomUUID(), 10)).json()).toEqual({ statusCode: 404, statusMessage: 'User not found' });
    const missing = await as(h, mod, { method: 'POST', url: `/api/users/${randomUUID()}/suspension`, payload: {} });
    expect(missing.json()).toMatchObject({ statusCode: 400, statusMessage: 'Missing required fields' });
  });
});

describe('roles from elections (elections.election.closed)', () => {
  it('sets moderator and scribe flags to exactly the elected sets, announces each change, and later tokens carry the role', async () => {
    const previousModerator = await moderator();
    const reelected = await moderator();
    const newModerator = await createUser(h);
    const newScribe = await createUser(h);
    const both = await createUser(h);
    const bystander = await createUser(h);

    const electionId = randomUUID();
    const event = await publish(h.bus, ElectionClosed, {
      electionId,
      month: '2030-05',
      elected: { moderators: [reelected.id, newModerator.id, both.id], scribes: [newScribe.id, both.id], greatWises: [bystander.id] },
      removed: { moderators: [previousModerator.id], scribes: [], greatWises: [] },
    });
    await waitFor(async () => (await h.db.appliedElection.count({ where: { electionId } })) === 1);
    const flags = async (user: TestUser) => {
      const row = await h.db.user.findUniqueOrThrow({ where: { id: user.id } });
      return [row.moderator, row.scribe];
    };
    expect(await flags(previousModerator)).toEqual([false, false]);
    expect(await flags(reelected)).toEqual([true, false]);
    expect(await flags(newModerator)).toEqual([true, false]);
    expect(await flags(newScribe)).toEqual([false, true]);
    expect(await flags(both)).toEqual([true, true]);
    expect(await flags(bystander)).toEqual([false, false]);

    await waitForEvent(h.bus, 'identity.user.role-changed', (p) => p['userId'] === previousModerator.id && p['moderator'] === false);
    await waitForEvent(h.bus, 'identity.user.role-changed', (p) => p['userId'] === newScribe.id && p['scribe'] === true);
    const changes = (await identityEvents(h.bus)).filter((e) => e.subject === 'identity.user.role-changed');
    expect(changes.some((e) => e.payload['userId'] === reelected.id)).toBe(false); // unchanged: not announced

    // A token issued afterwards has the new role: 1 moderator (wins over scribe), 2 scribe.
    const roleAfterLogin = async (user: TestUser) => {
      const res = await h.app.inject({ method: 'POST', url: '/api/login', payload: { email: user.email, password: user.password } });
      expect(res.json()).toMatchObject({ moderator: expect.any(Boolean), scribe: expect.any(Boolean) });
      return decodeJwt(new Jar().take(res.headers).cookies.get('access_token')!).role;
    };
    expect(await roleAfterLogin(newModerator)).toBe(1);
    expect(await roleAfterLogin(both)).toBe(1);
    expect(await roleAfterLogin(newScribe)).toBe(2);
    expect(await roleAfterLogin(previousModerator)).toBe(0);
    // A restored session gets the new role too.
    h.clock.advance(16 * MINUTE);
    await as(h, newModerator, { method: 'POST', url: '/api/login/auth-user' });
    expect(decodeJwt(newModerator.jar.cookies.get('access_token')!).role).toBe(1);

    // Redelivery of the same event (another Nats-Msg-Id) changes nothing.
    const eventsBefore = (await identityEvents(h.bus)).length;
    await publish(h.bus, ElectionClosed, event.payload as never, { envelope: event, msgID: randomUUID() });
    await waitFor(async () => (await h.db.inboxEvent.count({ where: { eventId: event.id } })) === 1);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await identityEvents(h.bus)).length).toBe(eventsBefore);

    // A late older election does not undo the newer one.
    const old = randomUUID();
    await publish(h.bus, ElectionClosed, { electionId: old, month: '2030-04', elected: { moderators: [bystander.id], scribes: [], greatWises: [] }, removed: NO_OFFICIALS });
    await waitFor(async () => (await h.db.appliedElection.count({ where: { electionId: old } })) === 1);
    expect(await flags(bystander)).toEqual([false, false]);
    expect(await flags(newModerator)).toEqual([true, false]);

    // After an election, the seeded moderator rule no longer applies.
    const seeded = await h.buildOther({ SEED_MODERATOR_EMAIL: previousModerator.email });
    await seeded.ready();
    expect(await flags(previousModerator)).toEqual([false, false]);
  });

  it('parks and counts an election event that fails its schema, without applying it', async () => {
    const count = await h.db.appliedElection.count();
    const bad = { ...newEvent(ElectionClosed, { electionId: randomUUID(), month: '2030-06', elected: NO_OFFICIALS, removed: NO_OFFICIALS }) };
    bad.payload = { electionId: 'nope', month: 'June' };
    await h.bus.js.publish(h.bus.subject(bad.subject), JSON.stringify(bad), { msgID: bad.id });
    await waitFor(async () => (await parkedFor(h.bus, 'identity-election-closed')).some((parked) => parked.detail.includes('/electionId')));
    expect(await deadLettered(h.app.metrics, 'identity-election-closed', 'invalid-payload')).toBe(1);
    expect(await h.db.appliedElection.count()).toBe(count);
  });
});

describe('profile projections from decisions and chat events', () => {
  it('counts laws, articles and chat messages and sets the made-proposal flag, once per event even when redelivered', async () => {
    const user = await createUser(h);
    const proposal = await publish(h.bus, ProposalCreated, { proposalId: randomUUID(), userId: user.id });
    const law = await publish(h.bus, LawCreated, { lawId: randomUUID(), userId: user.id });
    await publish(h.bus, LawCreated, { lawId: randomUUID(), userId: user.id });
    const article = await publish(h.bus, ArticleCreated, { articleId: randomUUID(), userId: user.id });
    const messages = [];
    for (let i = 0; i < 3; i++) messages.push(await publish(h.bus, ChatMessagePosted, { messageId: randomUUID(), userId: user.id }));
    // The same events again (a producer's retry after a lost ack: new Nats-Msg-Id, same event id).
    for (const event of [proposal, law, article, ...messages]) {
      await publish(h.bus, ProposalCreated, event.payload as never, { envelope: event, msgID: randomUUID() });
    }
    // Unknown user: nothing breaks.
    await publish(h.bus, ChatMessagePosted, { messageId: randomUUID(), userId: randomUUID() });

    const expected = { lawsCreated: 2, articlesCreated: 1, chatMessages: 3 };
    await waitFor(async () => {
      const profile = (await as(h, null, { url: `/api/users/${user.id}` })).json();
      return profile.lawsCreated === 2 && profile.articlesCreated === 1 && profile.chatMessages === 3 ? profile : undefined;
    });
    await waitFor(async () => (await h.db.inboxEvent.count({ where: { eventId: { in: messages.map((m) => m.id) } } })) === 3);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await as(h, null, { url: `/api/users/${user.id}` })).json()).toMatchObject(expected);
    expect((await as(h, null, { url: `/api/users/madeProposal?id=${user.id}` })).json()).toEqual({ madeProposal: true });
    expect((await as(h, user, { method: 'POST', url: '/api/login/auth-user' })).json().madeProposal).toBe(true);
  });
});

describe('OpenAPI', () => {
  it('documents every call of the identity contract with its schemas', async () => {
    const res = await h.app.inject({ url: '/api/auth/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    for (const call of Object.values(IdentityApi)) {
      const [method, path] = call.split(' ') as [string, string];
      const route = path.split('?')[0]!;
      if (route === '/api/auth/openapi.json') continue;
      const operation = doc.paths[route]?.[method.toLowerCase()];
      expect({ call, documented: Boolean(operation) }).toEqual({ call, documented: true });
      expect(Object.keys(operation.responses).length).toBeGreaterThan(0);
      if (['POST', 'PUT'].includes(method) && !route.endsWith('/auth-user')) expect({ call, body: Boolean(operation.requestBody) }).toEqual({ call, body: true });
      if (route.includes('{id}')) expect(operation.parameters.some((p: { name: string; in: string }) => p.name === 'id' && p.in === 'path')).toBe(true);
    }
    expect(doc.paths['/api/users/madeProposal'].get.parameters.some((p: { name: string; in: string }) => p.name === 'id' && p.in === 'query')).toBe(true);
  });
});
