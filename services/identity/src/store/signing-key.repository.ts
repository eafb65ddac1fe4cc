import type { JWK } from 'jose';
import { generateSigningKey, type SigningKeyPair } from '../domain/signing-key.js';
import type { IdentityPrisma } from './prisma.js';

/** Keeps the token signing keys in the database so every replica and restart signs alike. */
export class SigningKeyRepository {
  private current: Promise<SigningKeyPair> | null = null;
  private readonly publicByKid = new Map<string, JWK>();

  constructor(private readonly prisma: IdentityPrisma) {}

  /** The newest key, created on first use (concurrent first starts agree through the primary key). */
  activeKey(): Promise<SigningKeyPair> {
    this.current ??= this.loadOrCreate().catch((error: unknown) => {
      this.current = null;
      throw error;
    });
    return this.current;
  }

  async publicKeys(): Promise<JWK[]> {
    await this.activeKey();
    const rows = await this.prisma.signingKey.findMany({ orderBy: { createdAt: 'desc' }, select: { publicJwk: true } });
    return rows.map((row) => row.publicJwk as JWK);
  }

  /** When the newest key was made, or null before the first (the key-age alert reads it). */
  async newestCreatedAt(): Promise<Date | null> {
    const row = await this.prisma.signingKey.findFirst({ orderBy: { createdAt: 'desc' }, select: { createdAt: true } });
    return row?.createdAt ?? null;
  }

  /** The public key of a kid (cached; keys never change once stored), or null when unknown. */
  async publicKey(kid: string): Promise<JWK | null> {
    const cached = this.publicByKid.get(kid);
    if (cached) return cached;
    const row = await this.prisma.signingKey.findUnique({ where: { kid }, select: { publicJwk: true } });
    if (!row) return null;
    const jwk = row.publicJwk as JWK;
    this.publicByKid.set(kid, jwk);
    return jwk;
  }

  private async loadOrCreate(): Promise<SigningKeyPair> {
    const existing = await this.prisma.signingKey.findFirst({ orderBy: { createdAt: 'desc' } });
    if (existing) return { kid: existing.kid, privateJwk: existing.privateJwk as JWK, publicJwk: existing.publicJwk as JWK };
    const created = await generateSigningKey();
    await this.prisma.signingKey.create({ data: { kid: created.kid, privateJwk: { ...created.privateJwk }, publicJwk: { ...created.publicJwk } } });
    return created;
  }
}
