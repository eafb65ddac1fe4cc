import { randomUUID } from 'node:crypto';
import { decodeJwt } from 'jose';
import { as, createUser, identityEvents, Jar, startHarness, waitForEvent, type Harness } from './support/harness.js';

let h: Harness;

beforeAll(async () => {
  h = await startHarness('users');
});
afterAll(() => h.close());

const MINUTE = 60_000;

/** The first day of the current month in Paris, computed independently of the service. */
function parisMonthStart(date: Date): string {
  const [year, month] = date.toLocaleDateString('sv-SE', { timeZone: 'Europe/Paris' }).split('-');
  return `${year}-${month}-01`;
}
function previousMonthStart(monthStart: string): string {
  const [year, month] = monthStart.split('-').map(Number) as [number, number];
  return month === 1 ? `${year - 1}-12-01` : `${year}-${String(month - 1).padStart(2, '0')}-01`;
}

describe('GET /api/users/{id}: profile', () => {
  it('shows public fields to visitors and other users, and adds email and suspension for the owner', async () => {
    const owner = await createUser(h, { userName: 'Public Person' });
    const other = await createUser(h);
    const visitor = await as(h, null, { url: `/api/users/${owner.id}` });
    expect(visitor.statusCode).toBe(200);
    const profile = visitor.json();
    expect(profile).toEqual({
      id: owner.id,
      userName: 'Public Person',
      memberSince: expect.any(String),
      lawsCreated: 0,
      articlesCreated: 0,
      chatMessages: 0,
      moderator: false,
      scribe: false,
      moderatorCandidateDate: null,
      scribeCandidateDate: null,
      greatWiseCandidateDate: null,
      deleted: false,
    });
    expect((await as(h, other, { url: `/api/users/${owner.id}` })).json()).toEqual(profile);
    const own = (await as(h, owner, { url: `/api/users/${owner.id}` })).json();
    expect(own).toEqual({ ...profile, email: owner.email, suspendedUntil: null });
  });

  it('answers 404 User not found for an unknown id and 400 for a malformed one', async () => {
    const unknown = await as(h, null, { url: `/api/users/${randomUUID()}` });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ statusCode: 404, statusMessage: 'User not found' });
    const malformed = await as(h, null, { url: '/api/users/not-a-uuid' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().statusMessage).toBe('Bad Request');
  });

  it('answers the made-proposal flag, 404 for an unknown user, 400 without an id', async () => {
    const user = await createUser(h);
    expect((await as(h, null, { url: `/api/users/madeProposal?id=${user.id}` })).json()).toEqual({ madeProposal: false });
    await h.db.user.update({ where: { id: user.id }, data: { madeProposal: true } });
    expect((await as(h, null, { url: `/api/users/madeProposal?id=${user.id}` })).json()).toEqual({ madeProposal: true });
    expect((await as(h, null, { url: `/api/users/madeProposal?id=${randomUUID()}` })).json()).toEqual({ statusCode: 404, statusMessage: 'User not found' });
    expect((await as(h, null, { url: '/api/users/madeProposal' })).json()).toMatchObject({ statusCode: 400, statusMessage: 'Missing required fields' });
  });
});

describe('PUT /api/users/{id}: candidacy', () => {
  it('stands for each role with the first day of the current month, withdraws with null, and publishes each change', async () => {
    const user = await createUser(h);
    const month = parisMonthStart(h.clock.now());
    for (const [field, candidateTo] of [['moderatorCandidateDate', 1], ['scribeCandidateDate', 2], ['greatWiseCandidateDate', 3]] as const) {
      const res = await as(h, user, { method: 'PUT', url: `/api/users/${user.id}`, payload: { [field]: month } });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ id: user.id, [field]: month });
      await waitForEvent(h.bus, 'identity.user.candidacy-changed', (p) => p['userId'] === user.id && p['candidateTo'] === candidateTo && p['candidateDate'] === month);
    }
    expect((await as(h, null, { url: `/api/users/${user.id}` })).json()).toMatchObject({ moderatorCandidateDate: month, scribeCandidateDate: month, greatWiseCandidateDate: month });

    const cancel = await as(h, user, { method: 'PUT', url: `/api/users/${user.id}`, payload: { scribeCandidateDate: null } });
    expect(cancel.statusCode).toBe(200);
    expect(cancel.json()).toMatchObject({ moderatorCandidateDate: month, scribeCandidateDate: null, greatWiseCandidateDate: month });
    const event = await waitForEvent(h.bus, 'identity.user.candidacy-changed', (p) => p['userId'] === user.id && p['candidateDate'] === null);
    expect(event.payload).toEqual({ userId: user.id, userName: user.userName, candidateTo: 2, candidateDate: null });

    // Standing again for the same month changes nothing and publishes nothing.
    const before = (await identityEvents(h.bus)).length;
    expect((await as(h, user, { method: 'PUT', url: `/api/users/${user.id}`, payload: { moderatorCandidateDate: month } })).statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await identityEvents(h.bus)).length).toBe(before);
  });

  it.each([
    ['a past month', () => ({ moderatorCandidateDate: previousMonthStart(parisMonthStart(new Date())) })],
    ['another day of the month', () => ({ moderatorCandidateDate: parisMonthStart(new Date()).replace(/01$/, '15') })],
    ['a date in another format', () => ({ moderatorCandidateDate: parisMonthStart(new Date()).split('-').reverse().join('/') })],
    ['two fields at once', () => ({ moderatorCandidateDate: null, scribeCandidateDate: null })],
    ['no field', () => ({})],
    ['an unknown field', () => ({ adminCandidateDate: null })],
    ['a number', () => ({ scribeCandidateDate: 20250101 })],
    ['a boolean', () => ({ scribeCandidateDate: true })],
  ])('refuses %s with 400 and changes nothing', async (_label, body) => {
    const user = await createUser(h);
    const res = await as(h, user, { method: 'PUT', url: `/api/users/${user.id}`, payload: body() });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ statusCode: 400, statusMessage: 'Bad Request' });
    const stored = await h.db.user.findUniqueOrThrow({ where: { id: user.id } });
    expect([stored.moderatorCandidateDate, stored.scribeCandidateDate, stored.greatWiseCandidateDate]).toEqual([null, null, null]);
  });

  it('follows the elections time zone: on the evening of the last day in UTC it is already the next month in Paris', async () => {
    const user = await createUser(h);
    const now = h.clock.now();
    // Move the clock to 22:30 UTC on the last day of this month (00:30 or 23:30 in Paris, depending on DST).
    const lastDay = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 0, 23, 30));
    const saved = h.clock.offsetMs;
    h.clock.offsetMs = lastDay.getTime() - Date.now();
    try {
      const paris = parisMonthStart(h.clock.now());
      const jar = new Jar().take((await h.app.inject({ method: 'POST', url: '/api/login', payload: { email: user.email, password: user.password } })).headers);
      const res = await as(h, { jar }, { method: 'PUT', url: `/api/users/${user.id}`, payload: { moderatorCandidateDate: paris } });
      expect(res.statusCode).toBe(200);
      expect(res.json().moderatorCandidateDate).toBe(paris);
    } finally {
      h.clock.offsetMs = saved;
    }
  });

  it("refuses another user's candidacy (403 Unauthorized action) and visitors (401)", async () => {
    const owner = await createUser(h);
    const other = await createUser(h);
    const month = parisMonthStart(h.clock.now());
    const res = await as(h, other, { method: 'PUT', url: `/api/users/${owner.id}`, payload: { moderatorCandidateDate: month } });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ statusCode: 403, statusMessage: 'Unauthorized action' });
    expect((await as(h, null, { method: 'PUT', url: `/api/users/${owner.id}`, payload: { moderatorCandidateDate: month } })).statusCode).toBe(401);
    expect((await h.db.user.findUniqueOrThrow({ where: { id: owner.id } })).moderatorCandidateDate).toBeNull();
  });

  it('needs a verified account that is not suspended to stand, but always lets a user withdraw', async () => {
    const month = parisMonthStart(h.clock.now());
    const unverified = await createUser(h, { verified: false });
    const refused = await as(h, unverified, { method: 'PUT', url: `/api/users/${unverified.id}`, payload: { scribeCandidateDate: month } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ statusCode: 403, statusMessage: 'Unauthorized action', data: { reason: 'notVerified' } });

    const suspended = await createUser(h);
    expect((await as(h, suspended, { method: 'PUT', url: `/api/users/${suspended.id}`, payload: { scribeCandidateDate: month } })).statusCode).toBe(200);
    await h.db.user.update({ where: { id: suspended.id }, data: { suspendedUntil: new Date(h.clock.now().getTime() + 10 * MINUTE) } });
    const whileSuspended = await as(h, suspended, { method: 'PUT', url: `/api/users/${suspended.id}`, payload: { moderatorCandidateDate: month } });
    expect(whileSuspended.json()).toEqual({ statusCode: 403, statusMessage: 'Unauthorized action', data: { reason: 'suspended' } });
    expect((await as(h, suspended, { method: 'PUT', url: `/api/users/${suspended.id}`, payload: { scribeCandidateDate: null } })).statusCode).toBe(200);
    // The suspension ends by itself.
    h.clock.advance(11 * MINUTE);
    await as(h, suspended, { method: 'POST', url: '/api/login/auth-user' });
    expect((await as(h, suspended, { method: 'PUT', url: `/api/users/${suspended.id}`, payload: { moderatorCandidateDate: month } })).statusCode).toBe(200);
  });
});

describe('PUT /api/users/edit-profile/{id}', () => {
  it('renames (publishing identity.user.renamed) and changes the mail language; later tokens carry the new name', async () => {
    const user = await createUser(h);
    const res = await as(h, user, { method: 'PUT', url: `/api/users/edit-profile/${user.id}`, payload: { userName: '  New   Name ', locale: 'fr' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: user.id, userName: 'New Name', locale: 'fr' });
    await waitForEvent(h.bus, 'identity.user.renamed', (p) => p['userId'] === user.id && p['userName'] === 'New Name');
    const login = await h.app.inject({ method: 'POST', url: '/api/login', payload: { email: user.email, password: user.password } });
    expect(decodeJwt(new Jar().take(login.headers).cookies.get('access_token')!).name).toBe('New Name');

    const localeOnly = await as(h, user, { method: 'PUT', url: `/api/users/edit-profile/${user.id}`, payload: { locale: 'en' } });
    expect(localeOnly.json()).toMatchObject({ userName: 'New Name', locale: 'en' });
  });

  it("refuses another user's edit and changes nothing", async () => {
    const owner = await createUser(h, { userName: 'Original' });
    const other = await createUser(h);
    const res = await as(h, other, { method: 'PUT', url: `/api/users/edit-profile/${owner.id}`, payload: { userName: 'Hijacked' } });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ statusCode: 403, statusMessage: 'Unauthorized action' });
    expect((await h.db.user.findUniqueOrThrow({ where: { id: owner.id } })).userName).toBe('Original');
  });

  it.each([
    ['an empty body', {}],
    ['a short name', { userName: 'Al' }],
    ['an oversize name', { userName: 'x'.repeat(65) }],
    ['a name of the wrong type', { userName: ['Bob'] }],
    ['an unknown locale', { locale: 'es' }],
    ['an unexpected field', { moderator: true }],
  ])('refuses %s with 400 and changes nothing', async (label, payload) => {
    const user = await createUser(h, { userName: `Unchanged Name (${label})` });
    const res = await as(h, user, { method: 'PUT', url: `/api/users/edit-profile/${user.id}`, payload });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ statusCode: 400, statusMessage: 'Bad Request' });
    const stored = await h.db.user.findUniqueOrThrow({ where: { id: user.id } });
    expect([stored.userName, stored.moderator, stored.locale]).toEqual([`Unchanged Name (${label})`, false, 'en']);
  });
});

describe('DELETE /api/users/{id}: account deletion', () => {
  it('anonymizes the profile, ends the sessions, clears the cookies and publishes identity.user.deleted', async () => {
    const user = await createUser(h, { userName: 'Leaving Soon' });
    const month = parisMonthStart(h.clock.now());
    await as(h, user, { method: 'PUT', url: `/api/users/${user.id}`, payload: { moderatorCandidateDate: month } });
    await h.db.user.update({ where: { id: user.id }, data: { chatMessages: 7, scribe: true } });
    const secondDevice = new Jar().take((await h.app.inject({ method: 'POST', url: '/api/login', payload: { email: user.email, password: user.password } })).headers);
    const saved = user.jar.clone();

    const res = await as(h, user, { method: 'DELETE', url: `/api/users/${user.id}`, payload: { password: user.password } });
    expect(res.statusCode).toBe(204);
    expect(user.jar.cookies.size).toBe(0);

    const stored = await h.db.user.findUniqueOrThrow({ where: { id: user.id } });
    expect(stored).toMatchObject({ email: null, userName: 'Deleted user', passwordHash: null, moderatorCandidateDate: null, chatMessages: 7 });
    expect(stored.deletedAt).not.toBeNull();
    expect(await h.db.sessionFamily.count({ where: { userId: user.id, revokedAt: null } })).toBe(0);
    expect(await h.db.userToken.count({ where: { userId: user.id } })).toBe(0);
    await waitForEvent(h.bus, 'identity.user.deleted', (p) => p['userId'] === user.id);
    // Followers of roles and candidacies only (elections, chat) learn that both are gone.
    await waitForEvent(h.bus, 'identity.user.role-changed', (p) => p['userId'] === user.id && p['scribe'] === false);
    await waitForEvent(h.bus, 'identity.user.candidacy-changed', (p) => p['userId'] === user.id && p['candidateTo'] === 1 && p['candidateDate'] === null);
    expect(stored.scribe).toBe(false);

    // The profile stays (content keeps its author), anonymized.
    expect((await as(h, null, { url: `/api/users/${user.id}` })).json()).toMatchObject({ id: user.id, userName: 'Deleted user', deleted: true, chatMessages: 7 });
    // No way back in.
    expect((await h.app.inject({ method: 'POST', url: '/api/login', payload: { email: user.email, password: user.password } })).statusCode).toBe(401);
    expect((await as(h, { jar: saved }, { method: 'POST', url: '/api/login/auth-user' })).body).toBe('null');
    h.clock.advance(16 * MINUTE);
    expect((await as(h, { jar: secondDevice }, { method: 'POST', url: '/api/login/auth-user' })).body).toBe('null');
    // The address is free again.
    expect((await createUser(h, { email: user.email })).id).not.toBe(user.id);
  });

  it("refuses another user's deletion (403) and visitors (401)", async () => {
    const owner = await createUser(h);
    const other = await createUser(h);
    const res = await as(h, other, { method: 'DELETE', url: `/api/users/${owner.id}`, payload: { password: other.password } });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ statusCode: 403, statusMessage: 'Unauthorized action' });
    expect((await as(h, null, { method: 'DELETE', url: `/api/users/${owner.id}`, payload: { password: owner.password } })).json()).toEqual({ statusCode: 401, statusMessage: 'Unauthorized' });
    expect((await h.db.user.findUniqueOrThrow({ where: { id: owner.id } })).deletedAt).toBeNull();
  });

  it('checks a typed confirmation email when one is sent', async () => {
    const user = await createUser(h);
    const res = await as(h, user, { method: 'DELETE', url: `/api/users/${user.id}`, payload: { password: user.password, email: 'someone.else@example.org' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ statusCode: 400, statusMessage: 'User not found or email did not match' });
    expect((await h.db.user.findUniqueOrThrow({ where: { id: user.id } })).deletedAt).toBeNull();
    expect((await as(h, user, { method: 'DELETE', url: `/api/users/${user.id}`, payload: { password: user.password, email: user.email.toUpperCase() } })).statusCode).toBe(204);
  });
});
