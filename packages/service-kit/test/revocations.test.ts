import { errors as joseErrors } from 'jose';
import { Role } from '@civic/contracts';
import { authenticated, createServiceApp, installAuth, refusingRevoked, RevocationList, RevokedTokenError, type AuthUser, type Revocation, type TokenVerifier } from '@civic/service-kit';

const MINUTE = 60_000;
const member = '00000000-0000-4000-8000-000000000001';
const other = '00000000-0000-4000-8000-000000000002';
const session = '00000000-0000-4000-8000-0000000000a1';
const otherSession = '00000000-0000-4000-8000-0000000000a2';

/** A list on a clock the test moves, tokens living 15 minutes, clocks 1 minute apart at most. */
function listAt(start = Date.parse('2026-11-23T10:00:00.000Z')) {
  let now = start;
  const list = new RevocationList({ tokenLifetimeMs: 15 * MINUTE, clockSkewMs: MINUTE, clock: () => now });
  return { list, start, advance: (ms: number) => (now += ms) };
}

describe('the revocation list', () => {
  it('denies the tokens of an ended session, and only those', () => {
    const { list, start } = listAt();
    list.add({ kind: 'session', sessionId: session, userId: member, revokedAt: start });
    expect(list.denies({ id: member, sessionId: session, issuedAtMs: start - MINUTE })).toBe(true);
    expect(list.denies({ id: member, sessionId: otherSession, issuedAtMs: start - MINUTE })).toBe(false);
    expect(list.denies({ id: member })).toBe(false);
  });

  it("denies a member's tokens issued before the cut-off, not those issued after it, to the millisecond", () => {
    const { list, start } = listAt();
    list.add({ kind: 'issued-before', userId: member, issuedBefore: start + 1 });
    expect(list.denies({ id: member, sessionId: session, issuedAtMs: start - 10 * MINUTE })).toBe(true);
    expect(list.denies({ id: member, sessionId: session, issuedAtMs: start })).toBe(true);
    expect(list.denies({ id: member, sessionId: session, issuedAtMs: start + 1 })).toBe(false);
    expect(list.denies({ id: member, sessionId: session, issuedAtMs: start + 250 })).toBe(false);
    expect(list.denies({ id: other, sessionId: otherSession, issuedAtMs: start - MINUTE })).toBe(false);
    // A token that does not say when it was issued cannot show it came after.
    expect(list.denies({ id: member })).toBe(true);
  });

  it('keeps the latest cut-off of a member whatever order the cut-offs arrive in', () => {
    const { list, start } = listAt();
    list.add({ kind: 'issued-before', userId: member, issuedBefore: start + 5 * MINUTE });
    list.add({ kind: 'issued-before', userId: member, issuedBefore: start });
    expect(list.denies({ id: member, issuedAtMs: start + 4 * MINUTE })).toBe(true);
    expect(list.denies({ id: member, issuedAtMs: start + 5 * MINUTE })).toBe(false);
  });

  it('stops denying once every token a revocation denies has expired, and drops its entries', () => {
    const { list, start, advance } = listAt();
    list.add({ kind: 'session', sessionId: session, userId: member, revokedAt: start });
    list.add({ kind: 'issued-before', userId: member, issuedBefore: start });
    advance(15 * MINUTE + MINUTE - 1); // lifetime and clock skew, less a millisecond
    expect(list.denies({ id: member, sessionId: session, issuedAtMs: start - 1 })).toBe(true);
    advance(1);
    expect(list.denies({ id: member, sessionId: session, issuedAtMs: start - 1 })).toBe(false);
    expect(list.size).toBe(2);
    list.add({ kind: 'session', sessionId: otherSession, userId: other, revokedAt: start + 16 * MINUTE });
    expect(list.size).toBe(1);
  });

  it('ignores a revocation whose tokens have all expired already (a late or replayed one)', () => {
    const { list, start, advance } = listAt();
    const heard: Revocation[] = [];
    list.onRevocation((revocation) => heard.push(revocation));
    advance(30 * MINUTE);
    list.add({ kind: 'session', sessionId: session, userId: member, revokedAt: start });
    list.add({ kind: 'issued-before', userId: member, issuedBefore: start });
    expect(list.size).toBe(0);
    expect(list.denies({ id: member, sessionId: session, issuedAtMs: start - 1 })).toBe(false);
    expect(heard).toEqual([]);
  });

  it('tells its listeners of each revocation taken in, until they stop listening', () => {
    const { list, start } = listAt();
    const heard: Revocation[] = [];
    const stop = list.onRevocation((revocation) => heard.push(revocation));
    const ended: Revocation = { kind: 'session', sessionId: session, userId: member, revokedAt: start };
    list.add(ended);
    stop();
    list.add({ kind: 'issued-before', userId: member, issuedBefore: start });
    expect(heard).toEqual([ended]);
  });
});

describe('a verifier refusing revoked tokens', () => {
  const user: AuthUser = { id: member, name: 'Ada', role: Role.User, verified: true, sessionId: session, issuedAtMs: Date.now() - MINUTE };
  const inner: TokenVerifier = { verify: async () => user, isCurrent: (kid) => kid === 'current' };

  it('refuses what the list denies, after the signature was verified, and passes the rest', async () => {
    const list = new RevocationList();
    const verifier = refusingRevoked(inner, list);
    await expect(verifier.verify('token')).resolves.toEqual(user);
    list.add({ kind: 'session', sessionId: session, userId: member, revokedAt: Date.now() });
    await expect(verifier.verify('token')).rejects.toBeInstanceOf(RevokedTokenError);
    expect(verifier.isCurrent?.('current')).toBe(true);
  });

  it('leaves the inner refusals as they were', async () => {
    const expired = new joseErrors.JWTExpired('"exp" claim timestamp check failed', {});
    const verifier = refusingRevoked({ verify: () => Promise.reject(expired) }, new RevocationList());
    await expect(verifier.verify('token')).rejects.toBe(expired);
  });
});

describe('installAuth with a revocation list', () => {
  const user: AuthUser = { id: member, name: 'Ada', role: Role.User, verified: true, sessionId: session, issuedAtMs: Date.now() - MINUTE };

  it('answers a revoked token 401 Invalid token on guarded routes and as a visitor elsewhere', async () => {
    const list = new RevocationList();
    const app = await createServiceApp({ name: 'revocation-test', logger: false });
    const applied = installAuth(app, { verify: async () => user }, { revocations: list });
    app.get('/public', async (request) => ({ user: request.user?.id ?? null }));
    app.get('/members', { preHandler: authenticated }, async (request) => ({ user: request.user?.id }));
    await app.ready();
    const headers = { authorization: 'Bearer token' };
    expect((await app.inject({ url: '/members', headers })).json()).toEqual({ user: member });

    list.add({ kind: 'issued-before', userId: member, issuedBefore: Date.now() });
    const refused = await app.inject({ url: '/members', headers });
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({ statusCode: 401, statusMessage: 'Invalid token' });
    expect((await app.inject({ url: '/public', headers })).json()).toEqual({ user: null });
    // What installAuth answers applies the same list, for the app's sockets.
    await expect(applied.verify('token')).rejects.toBeInstanceOf(RevokedTokenError);
    await app.close();
  });
});
