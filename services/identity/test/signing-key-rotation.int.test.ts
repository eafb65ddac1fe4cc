import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { decodeProtectedHeader, errors as joseErrors } from 'jose';
import { cachedVerifier, createJwksVerifier, JWKS_DEFAULTS, type TokenVerifier } from '@civic/service-kit';
import { createUser, Jar, startHarness, type Harness } from './support/harness.js';

const script = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../deploy/scripts/rotate-signing-key.mjs');
const settings = { issuer: 'civic-identity', audience: 'civic-platform' };
const noMatchingKey = { code: new joseErrors.JWKSNoMatchingKey().code };

let h: Harness;
let jwksUrl: string;
let verifier: TokenVerifier;

beforeAll(async () => {
  h = await startHarness('signing-keys');
  await h.app.listen({ port: 0, host: '127.0.0.1' });
  const address = h.app.server.address();
  jwksUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/api/auth/jwks`;
  // As decisions and elections wire it, with the default refresh interval.
  verifier = cachedVerifier(createJwksVerifier(jwksUrl, settings));
});
afterAll(async () => {
  verifier.close?.();
  await h.close();
});

async function rotateSigningKey(...args: string[]): Promise<string> {
  const { stdout } = await promisify(execFile)(process.execPath, [script, ...args], { env: { ...process.env, DATABASE_URL: h.context.databaseUrl } });
  return stdout;
}

const kidOf = (token: string) => decodeProtectedHeader(token).kid;
const editProfile = (app: Harness['app'], userId: string, token: string) =>
  app.inject({ method: 'PUT', url: `/api/users/edit-profile/${userId}`, headers: { authorization: `Bearer ${token}` }, payload: { locale: 'en' } });

describe('signing key rotation and retirement', () => {
  it('stops the tokens of a retired key at once in identity and within the refresh bound in another service, while new tokens work', async () => {
    const user = await createUser(h);
    const oldToken = user.jar.cookies.get('access_token')!;
    const oldKid = kidOf(oldToken);
    await expect(verifier.verify(oldToken)).resolves.toMatchObject({ id: user.id });

    // Rotate, then restart identity (a new app on the same database) so that it signs with the new key.
    const rotated = await rotateSigningKey('rotate');
    const newKid = rotated.match(/new signing key ([0-9a-f-]{36})/)?.[1];
    expect(newKid).toBeDefined();
    const restarted = await h.buildOther({});
    const login = await restarted.inject({ method: 'POST', url: '/api/login', payload: { email: user.email, password: user.password } });
    expect(login.statusCode).toBe(200);
    const newToken = new Jar().take(login.headers).cookies.get('access_token')!;
    expect(kidOf(newToken)).toBe(newKid);

    // Both keys are published: the other service learns the new one at once, the old one still works.
    await expect(verifier.verify(newToken)).resolves.toMatchObject({ id: user.id });
    await expect(verifier.verify(oldToken)).resolves.toMatchObject({ id: user.id });
    expect((await editProfile(restarted, user.id, oldToken)).statusCode).toBe(200);

    // The old key is past the waiting time (moved back rather than waited for), and is retired.
    await h.db.signingKey.update({ where: { kid: oldKid! }, data: { createdAt: new Date(Date.now() - 2 * 60 * 60_000) } });
    expect(await rotateSigningKey('retire', '--older-than-minutes', '60')).toContain(`retired ${oldKid}`);
    const retiredAt = Date.now();

    // identity refuses the old token at once, in every instance, and still accepts the new one.
    for (const app of [h.app, restarted]) {
      const refused = await editProfile(app, user.id, oldToken);
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toEqual({ statusCode: 401, statusMessage: 'Invalid token' });
    }
    expect((await editProfile(restarted, user.id, newToken)).statusCode).toBe(200);
    expect((await h.app.inject({ url: '/api/auth/jwks' })).json<{ keys: { kid: string }[] }>().keys.map((key) => key.kid)).toEqual([newKid]);

    // A signed-in user holding an old token gets a new one from the refresh cookie.
    const renewed = await restarted.inject({ method: 'POST', url: '/api/login/auth-user', headers: { cookie: user.jar.header() } });
    expect(renewed.statusCode).toBe(200);
    expect(kidOf(new Jar().take(renewed.headers).cookies.get('access_token')!)).toBe(newKid);

    // The other service, which had the old token cached, refuses it within one refresh and one fetch.
    let refusal: unknown = null;
    while (refusal === null && Date.now() - retiredAt < JWKS_DEFAULTS.refreshMs + JWKS_DEFAULTS.fetchTimeoutMs + 1_000) {
      refusal = await verifier.verify(oldToken).then(
        () => null,
        (error: unknown) => error,
      );
      if (refusal === null) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(refusal).toMatchObject(noMatchingKey);
    expect(Date.now() - retiredAt).toBeLessThanOrEqual(JWKS_DEFAULTS.refreshMs + JWKS_DEFAULTS.fetchTimeoutMs);
    expect(verifier.isCurrent?.(oldKid!)).toBe(false);
    await expect(verifier.verify(newToken)).resolves.toMatchObject({ id: user.id });
  });
});
