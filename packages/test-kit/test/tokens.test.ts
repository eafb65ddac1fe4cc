import { Role } from '@civic/contracts';
import { createJwksVerifier } from '@civic/service-kit';
import { TestTokens } from '@civic/test-kit';

describe('TestTokens', () => {
  let tokens: TestTokens;
  beforeAll(async () => {
    tokens = await TestTokens.start();
  });
  afterAll(() => tokens.close());

  it('signs tokens that the services verify through its JWKS', async () => {
    const verifier = createJwksVerifier(tokens.jwksUrl, { issuer: tokens.issuer, audience: tokens.audience });
    const before = Date.now();
    const token = await tokens.sign({ id: 'a1b2', name: 'Ada', role: Role.Moderator, verified: false });
    expect(await verifier.verify(token)).toEqual({ id: 'a1b2', name: 'Ada', role: Role.Moderator, verified: false, issuedAtMs: expect.any(Number) });
    // Seconds in the token: its issue time is read back to within the second it was signed in.
    expect((await verifier.verify(token)).issuedAtMs).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000);
  });

  it('signs expired tokens on request, which the verifier refuses', async () => {
    const verifier = createJwksVerifier(tokens.jwksUrl, { issuer: tokens.issuer, audience: tokens.audience });
    const token = await tokens.sign({ id: 'a1b2' }, Math.floor(Date.now() / 1000) - 60);
    await expect(verifier.verify(token)).rejects.toThrow(/exp/);
  });
});
