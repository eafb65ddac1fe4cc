import { exportJWK, generateKeyPair, type JWK } from 'jose';
import { randomUUID } from 'node:crypto';
import { ACCESS_TOKEN_ALGORITHM } from '@civic/service-kit';

export interface SigningKeyPair {
  kid: string;
  privateJwk: JWK;
  publicJwk: JWK;
}

/** A fresh Ed25519 key pair for access tokens, its public half ready for the JWKS. */
export async function generateSigningKey(): Promise<SigningKeyPair> {
  const { privateKey, publicKey } = await generateKeyPair(ACCESS_TOKEN_ALGORITHM, { crv: 'Ed25519', extractable: true });
  const kid = randomUUID();
  const publicJwk = { ...(await exportJWK(publicKey)), kid, alg: ACCESS_TOKEN_ALGORITHM, use: 'sig' };
  const privateJwk = { ...(await exportJWK(privateKey)), kid, alg: ACCESS_TOKEN_ALGORITHM };
  return { kid, privateJwk, publicJwk };
}
