import type { AuthUser, TokenVerifier } from '@civic/service-kit';
import { cachedVerifier } from '../src/cached-verifier.js';

const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
/** A token-shaped string whose payload carries `exp` (seconds), signed (in its header) by `kid` when given. */
const token = (exp: number, tag = 'a', kid?: string) => `${kid ? part({ alg: 'EdDSA', kid }) : 'h'}.${part({ sub: tag, exp })}.sig-${tag}`;

function countingVerifier(): TokenVerifier & { calls: number } {
  const verifier = {
    calls: 0,
    async verify(value: string): Promise<AuthUser> {
      verifier.calls += 1;
      if (value.includes('bad')) throw new Error('invalid signature');
      return { id: value, name: 'Citizen', role: 0, verified: true };
    },
  };
  return verifier;
}

describe('cached token verifier', () => {
  it('verifies a token once, then trusts it until the earlier of its expiry and the time to live', async () => {
    let now = 1_000_000;
    const inner = countingVerifier();
    const verifier = cachedVerifier(inner, { ttlMs: 60_000, clock: () => now });
    const valid = token(now / 1000 + 600);
    await verifier.verify(valid);
    await verifier.verify(valid);
    expect(inner.calls).toBe(1);
    now += 60_001;
    await verifier.verify(valid);
    expect(inner.calls).toBe(2);

    const expiring = token(now / 1000 + 5, 'b');
    await verifier.verify(expiring);
    now += 5_001;
    await verifier.verify(expiring);
    expect(inner.calls).toBe(4);
  });

  it('never caches a failure, and keeps at most maxEntries tokens', async () => {
    const inner = countingVerifier();
    const verifier = cachedVerifier(inner, { maxEntries: 2, clock: () => 0 });
    await expect(verifier.verify('bad-token')).rejects.toThrow('invalid signature');
    await expect(verifier.verify('bad-token')).rejects.toThrow('invalid signature');
    expect(inner.calls).toBe(2);
    const [a, b, c] = [token(100, 'a'), token(100, 'b'), token(100, 'c')];
    for (const value of [a, b, c]) await verifier.verify(value);
    await verifier.verify(c);
    expect(inner.calls).toBe(5);
    await verifier.verify(a); // the oldest was dropped
    expect(inner.calls).toBe(6);
  });

  it('verifies a cached token again once the inner verifier says its key is no longer current', async () => {
    const retired = new Set<string>();
    const inner = Object.assign(countingVerifier(), { isCurrent: (kid: string) => !retired.has(kid) });
    const verifier = cachedVerifier(inner, { clock: () => 0 });
    const [old, fresh] = [token(100, 'a', 'k1'), token(100, 'b', 'k2')];
    await verifier.verify(old);
    await verifier.verify(fresh);
    await verifier.verify(old);
    expect(inner.calls).toBe(2);
    retired.add('k1');
    await verifier.verify(old);
    await verifier.verify(fresh);
    expect(inner.calls).toBe(3);
    expect(verifier.isCurrent?.('k1')).toBe(false);
    expect(verifier.isCurrent?.('k2')).toBe(true);
  });

  it('hands the logger and the closing to the inner verifier', () => {
    const events: string[] = [];
    const inner = Object.assign(countingVerifier(), {
      attachLogger: () => void events.push('logger'),
      close: () => void events.push('close'),
    });
    const verifier = cachedVerifier(inner);
    verifier.attachLogger?.({ info: () => undefined, warn: () => undefined });
    verifier.close?.();
    expect(events).toEqual(['logger', 'close']);
  });
});
