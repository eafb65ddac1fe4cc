import { exportJWK, generateKeyPair, SignJWT, createLocalJWKSet, type CryptoKey } from 'jose';
import { ACCESS_COOKIE, authenticated, createKeyVerifier, createServiceApp, installAuth, requireRole, sameUserAsPath } from '@civic/service-kit';
import { Role } from '@civic/contracts';

const settings = { issuer: 'civic-identity', audience: 'civic-platform' };
let privateKey: CryptoKey;
let otherKey: CryptoKey;
let publicKey: CryptoKey;
let app: Awaited<ReturnType<typeof createServiceApp>>;

function token(claims: Record<string, unknown>, options: { key?: CryptoKey; exp?: string; aud?: string; alg?: string } = {}) {
  return new SignJWT(claims)
    .setProtectedHeader({ alg: options.alg ?? 'EdDSA', kid: 'k1' })
    .setSubject(String(claims['sub'] ?? 'user-1'))
    .setIssuer(settings.issuer)
    .setAudience(options.aud ?? settings.audience)
    .setIssuedAt()
    .setExpirationTime(options.exp ?? '15m')
    .sign(options.key ?? privateKey);
}

beforeAll(async () => {
  const pair = await generateKeyPair('EdDSA', { crv: 'Ed25519' });
  privateKey = pair.privateKey;
  publicKey = pair.publicKey;
  otherKey = (await generateKeyPair('EdDSA', { crv: 'Ed25519' })).privateKey;
  const jwks = createLocalJWKSet({ keys: [{ ...(await exportJWK(pair.publicKey)), kid: 'k1', alg: 'EdDSA' }] });
  app = await createServiceApp({ name: 'auth-test', logger: false });
  installAuth(app, createKeyVerifier(jwks, settings));
  app.get('/public', async (request) => ({ user: request.user?.id ?? null }));
  app.get('/members', { preHandler: authenticated }, async (request) => ({ user: request.user?.id }));
  app.get('/moderation', { preHandler: requireRole(Role.Moderator) }, async () => ({ ok: true }));
  app.get('/users/:id/settings', { preHandler: sameUserAsPath }, async () => ({ ok: true }));
  await app.ready();
});
afterAll(() => app.close());

const claims = { sub: 'user-1', role: Role.User, name: 'Ada', verified: true };

describe('access tokens', () => {
  it('lets visitors read public routes and refuses them guarded ones', async () => {
    expect((await app.inject({ url: '/public' })).json()).toEqual({ user: null });
    const res = await app.inject({ url: '/members' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ statusCode: 401, statusMessage: 'Unauthorized' });
  });

  it('accepts a valid token from the cookie or the Authorization header', async () => {
    const jwt = await token(claims);
    expect((await app.inject({ url: '/members', cookies: { [ACCESS_COOKIE]: jwt } })).json()).toEqual({ user: 'user-1' });
    expect((await app.inject({ url: '/members', headers: { authorization: `Bearer ${jwt}` } })).json()).toEqual({ user: 'user-1' });
  });

  it('says "Token has expired" for an expired token', async () => {
    const jwt = await token(claims, { exp: '-1m' });
    const res = await app.inject({ url: '/members', cookies: { [ACCESS_COOKIE]: jwt } });
    expect(res.json()).toEqual({ statusCode: 401, statusMessage: 'Token has expired' });
  });

  it.each([
    ['signed by another key', () => token(claims, { key: otherKey })],
    ['for another audience', () => token(claims, { aud: 'someone-else' })],
    ['with an unknown role', () => token({ ...claims, role: 7 })],
    ['that is not a JWT', async () => 'not-a-token'],
    ['with HS256 keyed by the public key (algorithm confusion)', async () => {
      const jwk = JSON.stringify(await exportJWK(publicKey));
      return new SignJWT(claims).setProtectedHeader({ alg: 'HS256', kid: 'k1' }).setIssuer(settings.issuer).setAudience(settings.audience).setExpirationTime('15m').sign(new TextEncoder().encode(jwk));
    }],
    ['whose payload was changed after signing (user made moderator)', async () => {
      const [header, , signature] = (await token(claims)).split('.');
      const forged = Buffer.from(JSON.stringify({ ...claims, role: Role.Moderator, iss: settings.issuer, aud: settings.audience, exp: 9e9 })).toString('base64url');
      return `${header}.${forged}.${signature}`;
    }],
    ['from another issuer', () => new SignJWT(claims).setProtectedHeader({ alg: 'EdDSA', kid: 'k1' }).setIssuer('someone-else').setAudience(settings.audience).setExpirationTime('15m').sign(privateKey)],
    ['with alg none', async () => `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from(JSON.stringify({ sub: 'user-1', role: 0, exp: 9e9, iss: settings.issuer, aud: settings.audience })).toString('base64url')}.`],
  ])('says "Invalid token" for a token %s', async (_label, make) => {
    const res = await app.inject({ url: '/members', cookies: { [ACCESS_COOKIE]: await make() } });
    expect(res.json()).toEqual({ statusCode: 401, statusMessage: 'Invalid token' });
  });

  it('guards roles', async () => {
    const user = await token(claims);
    const moderator = await token({ ...claims, role: Role.Moderator });
    expect((await app.inject({ url: '/moderation', cookies: { [ACCESS_COOKIE]: user } })).json()).toEqual({ statusCode: 403, statusMessage: 'Unauthorized action' });
    expect((await app.inject({ url: '/moderation', cookies: { [ACCESS_COOKIE]: moderator } })).statusCode).toBe(200);
  });

  it('lets a user reach only their own user-scoped routes', async () => {
    const jwt = await token(claims);
    expect((await app.inject({ url: '/users/user-1/settings', cookies: { [ACCESS_COOKIE]: jwt } })).statusCode).toBe(200);
    expect((await app.inject({ url: '/users/user-2/settings', cookies: { [ACCESS_COOKIE]: jwt } })).statusCode).toBe(403);
  });
});
