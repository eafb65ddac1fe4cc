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
    const token = await tokens.sign({ id: 'a1b2', name: 'Ada', role: Role.Moderator, verified: false });
    expect(await verifier.verify(token)).toEqual({ id: 'a1b2', name: 'Ada', role: Role.Moderator, verified: false });
  });

  it('signs expired tokens on request, which the verifier refuses', async () => {
    const verifier = createJwksVerifier(tokens.jwksUrl, { issuer: tokens.issuer, audience: tokens.audience });
    const token = await tokens.sign({ id: 'a1b2' }, Math.floor(Date.now() / 1000) - 60);
    await expect(verifier.verify(token)).rejects.toThrow(/exp/);
  });
});
