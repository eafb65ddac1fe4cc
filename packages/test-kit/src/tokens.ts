import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK } from 'jose';
import { Role } from '@civic/contracts';

export interface TestUserClaims {
  id: string;
  name?: string;
  role?: Role;
  verified?: boolean;
}

/**
 * Stands in for identity in a service's tests: serves a JWKS over HTTP (set the service's JWKS_URL to
 * `jwksUrl`) and signs access tokens the way identity does (EdDSA, iss/aud/exp, role/name/verified).
 */
export class TestTokens {
  private constructor(
    private readonly server: Server,
    private readonly privateKey: CryptoKey,
    readonly jwksUrl: string,
    readonly issuer: string,
    readonly audience: string,
  ) {}

  static async start({ issuer = 'civic-identity', audience = 'civic-platform' } = {}): Promise<TestTokens> {
    const { publicKey, privateKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519' });
    const jwk: JWK = { ...(await exportJWK(publicKey)), kid: 'test-key', alg: 'EdDSA', use: 'sig' };
    const body = JSON.stringify({ keys: [jwk] });
    const server = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' }).end(body);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    return new TestTokens(server, privateKey, `http://127.0.0.1:${port}/api/auth/jwks`, issuer, audience);
  }

  /** An access token for the user, valid for `expiresIn` (jose time span, default 15 minutes). */
  sign({ id, name = 'Citizen', role = Role.User, verified = true }: TestUserClaims, expiresIn: string | number = '15m'): Promise<string> {
    return new SignJWT({ role, name, verified })
      .setProtectedHeader({ alg: 'EdDSA', kid: 'test-key' })
      .setSubject(id)
      .setIssuer(this.issuer)
      .setAudience(this.audience)
      .setIssuedAt()
      .setExpirationTime(expiresIn)
      .sign(this.privateKey);
  }

  /** `{ authorization: 'Bearer …' }` for inject() or fetch. */
  async headers(claims: TestUserClaims): Promise<{ authorization: string }> {
    return { authorization: `Bearer ${await this.sign(claims)}` };
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
