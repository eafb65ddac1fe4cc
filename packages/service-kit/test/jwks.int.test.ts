import Fastify from 'fastify';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { createJwksVerifier } from '@civic/service-kit';

const settings = { issuer: 'civic-identity', audience: 'civic-platform' };

describe('JWKS verifier', () => {
  it('verifies tokens with keys fetched from identity, fetching the key set once for many tokens', async () => {
    const { privateKey, publicKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519' });
    const jwk = { ...(await exportJWK(publicKey)), kid: 'key-1', alg: 'EdDSA', use: 'sig' };
    let fetches = 0;
    const identity = Fastify();
    identity.get('/api/auth/jwks', async () => {
      fetches += 1;
      return { keys: [jwk] };
    });
    await identity.listen({ port: 0, host: '127.0.0.1' });
    const address = identity.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;

    const verifier = createJwksVerifier(`http://127.0.0.1:${port}/api/auth/jwks`, settings);
    const sign = (sub: string) =>
      new SignJWT({ role: 1, name: 'Louise', verified: true })
        .setProtectedHeader({ alg: 'EdDSA', kid: 'key-1' })
        .setSubject(sub)
        .setIssuer(settings.issuer)
        .setAudience(settings.audience)
        .setExpirationTime('15m')
        .sign(privateKey);

    for (let i = 0; i < 5; i++) {
      await expect(verifier.verify(await sign(`user-${i}`))).resolves.toEqual({ id: `user-${i}`, role: 1, name: 'Louise', verified: true });
    }
    expect(fetches).toBe(1);

    const stranger = await generateKeyPair('EdDSA', { crv: 'Ed25519' });
    const forged = await new SignJWT({ role: 1 })
      .setProtectedHeader({ alg: 'EdDSA', kid: 'key-1' })
      .setSubject('mallory')
      .setIssuer(settings.issuer)
      .setAudience(settings.audience)
      .setExpirationTime('15m')
      .sign(stranger.privateKey);
    await expect(verifier.verify(forged)).rejects.toThrow();
    verifier.close?.();
    await identity.close();
  });
});
