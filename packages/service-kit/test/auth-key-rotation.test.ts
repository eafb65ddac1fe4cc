import { errors as joseErrors, exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK } from 'jose';
import { cachedVerifier, createJwksVerifier, createServiceApp, installAuth, JWKS_DEFAULTS, type JwksVerifierOptions, type VerifierLogger } from '@civic/service-kit';

const settings = { issuer: 'civic-identity', audience: 'civic-platform' };

/** Stands in for identity's JWKS: keys are published, retired, and the endpoint can go down. */
class FakeJwks {
  readonly published = new Map<string, JWK>();
  private readonly privateKeys = new Map<string, CryptoKey>();
  fetches = 0;
  down = false;

  async addKey(kid: string): Promise<void> {
    const { privateKey, publicKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519' });
    this.privateKeys.set(kid, privateKey);
    this.published.set(kid, { ...(await exportJWK(publicKey)), kid, alg: 'EdDSA', use: 'sig' });
  }

  retire(kid: string): void {
    this.published.delete(kid);
  }

  readonly fetchKeySet = async (): Promise<unknown> => {
    this.fetches += 1;
    if (this.down) throw new Error('connect ECONNREFUSED');
    return { keys: [...this.published.values()] };
  };

  /** A token signed by the key of `kid` (published or not), or without a kid. */
  sign(kid: string | null, sub = 'user-1'): Promise<string> {
    const key = this.privateKeys.get(kid ?? 'k1');
    if (!key) throw new Error(`no key ${kid}`);
    return new SignJWT({ role: 0, name: 'Ada', verified: true })
      .setProtectedHeader(kid ? { alg: 'EdDSA', kid } : { alg: 'EdDSA' })
      .setSubject(sub)
      .setIssuer(settings.issuer)
      .setAudience(settings.audience)
      .setExpirationTime('15m')
      .sign(key);
  }
}

/** The background refresh, run by hand instead of by a timer. */
class ManualSchedule {
  task: (() => void) | null = null;
  everyMs = 0;
  stopped = false;
  readonly every = (task: () => void, ms: number) => {
    this.task = task;
    this.everyMs = ms;
    return () => {
      this.stopped = true;
    };
  };

  /** Runs one refresh and lets it settle. */
  async tick(): Promise<void> {
    if (!this.task) throw new Error('the refresh was never started');
    this.task();
    await new Promise((resolve) => setImmediate(resolve));
  }
}

class RecordingLogger implements VerifierLogger {
  readonly lines: { level: 'info' | 'warn'; message: string }[] = [];
  info = (_object: unknown, message?: string) => void this.lines.push({ level: 'info', message: message ?? '' });
  warn = (_object: unknown, message?: string) => void this.lines.push({ level: 'warn', message: message ?? '' });
}

async function setup(options: JwksVerifierOptions = {}) {
  const jwks = new FakeJwks();
  await jwks.addKey('k1');
  const schedule = new ManualSchedule();
  const clock = { now: 1_000_000 };
  const log = new RecordingLogger();
  const verifier = createJwksVerifier('http://identity.test/api/auth/jwks', settings, {
    fetchKeySet: jwks.fetchKeySet,
    every: schedule.every,
    clock: () => clock.now,
    ...options,
  });
  verifier.attachLogger?.(log);
  return { jwks, schedule, clock, log, verifier };
}

const noMatchingKey = { code: new joseErrors.JWKSNoMatchingKey().code };

describe('JWKS verifier with key retirement', () => {
  it('fetches the key set once on first use, then refreshes it every JWKS_DEFAULTS.refreshMs in the background', async () => {
    const { jwks, schedule, verifier } = await setup();
    expect(schedule.task).toBeNull();
    await expect(verifier.verify(await jwks.sign('k1'))).resolves.toEqual({ id: 'user-1', role: 0, name: 'Ada', verified: true });
    await verifier.verify(await jwks.sign('k1', 'user-2'));
    expect(jwks.fetches).toBe(1);
    expect(schedule.everyMs).toBe(JWKS_DEFAULTS.refreshMs);
    await schedule.tick();
    expect(jwks.fetches).toBe(2);
  });

  it('refuses the tokens of a retired key from the first refresh after its retirement', async () => {
    const { jwks, schedule, log, verifier } = await setup();
    await jwks.addKey('k2');
    const old = await jwks.sign('k1');
    await verifier.verify(old);
    jwks.retire('k1');
    await expect(verifier.verify(old)).resolves.toMatchObject({ id: 'user-1' }); // not refreshed yet
    await schedule.tick();
    await expect(verifier.verify(old)).rejects.toMatchObject(noMatchingKey);
    expect(verifier.isCurrent?.('k1')).toBe(false);
    expect(verifier.isCurrent?.('k2')).toBe(true);
    await expect(verifier.verify(await jwks.sign('k2'))).resolves.toMatchObject({ id: 'user-1' });
    expect(log.lines).toContainEqual({ level: 'info', message: 'signing keys retired: their tokens are refused from now on' });
  });

  it('fetches again at once for a key it does not know; a fetch that did not find the key holds back the next for the cooldown', async () => {
    const { jwks, clock, verifier } = await setup({ unknownKeyCooldownMs: 1_000 });
    await verifier.verify(await jwks.sign('k1'));
    await jwks.addKey('k2');
    await expect(verifier.verify(await jwks.sign('k2'))).resolves.toMatchObject({ id: 'user-1' });
    expect(jwks.fetches).toBe(2);

    // Tokens naming keys that are not published cannot make it hammer identity.
    await jwks.addKey('k3');
    jwks.retire('k3');
    for (let i = 0; i < 5; i++) await expect(verifier.verify(await jwks.sign('k3'))).rejects.toMatchObject(noMatchingKey);
    expect(jwks.fetches).toBe(3);
    clock.now += 999;
    await expect(verifier.verify(await jwks.sign('k3'))).rejects.toMatchObject(noMatchingKey);
    expect(jwks.fetches).toBe(3);
    clock.now += 1;
    await expect(verifier.verify(await jwks.sign('k3'))).rejects.toMatchObject(noMatchingKey);
    expect(jwks.fetches).toBe(4);
  });

  it('shares one fetch between tokens verified at the same time', async () => {
    const { jwks, verifier } = await setup();
    const tokens = await Promise.all(['a', 'b', 'c', 'd'].map((sub) => jwks.sign('k1', sub)));
    const users = await Promise.all(tokens.map((token) => verifier.verify(token)));
    expect(users.map((user) => user.id)).toEqual(['a', 'b', 'c', 'd']);
    expect(jwks.fetches).toBe(1);
  });

  it('keeps the last good key set while identity cannot be reached, logging once per outage', async () => {
    const { jwks, schedule, log, verifier } = await setup();
    const token = await jwks.sign('k1');
    await verifier.verify(token);
    jwks.down = true;
    await schedule.tick();
    await schedule.tick();
    await expect(verifier.verify(token)).resolves.toMatchObject({ id: 'user-1' });
    expect(log.lines.filter((line) => line.level === 'warn')).toEqual([{ level: 'warn', message: 'JWKS fetch failed: keeping the last key set' }]);
    jwks.down = false;
    jwks.retire('k1');
    await schedule.tick();
    await expect(verifier.verify(token)).rejects.toMatchObject(noMatchingKey);
    expect(log.lines).toContainEqual({ level: 'info', message: 'JWKS fetched again after failures' });
  });

  it('refuses every token while it has never fetched a key set, without a fetch per token', async () => {
    const { jwks, clock, verifier } = await setup();
    jwks.down = true;
    const token = await jwks.sign('k1');
    await expect(verifier.verify(token)).rejects.toMatchObject(noMatchingKey);
    await expect(verifier.verify(token)).rejects.toMatchObject(noMatchingKey);
    expect(jwks.fetches).toBe(1);
    jwks.down = false;
    clock.now += JWKS_DEFAULTS.unknownKeyCooldownMs;
    await expect(verifier.verify(token)).resolves.toMatchObject({ id: 'user-1' });
  });

  it('refuses a token that names no key, and one whose key set answer is not a key set', async () => {
    const { jwks, verifier } = await setup();
    await expect(verifier.verify(await jwks.sign(null))).rejects.toMatchObject(noMatchingKey);
    const broken = createJwksVerifier('http://identity.test/api/auth/jwks', settings, { fetchKeySet: async () => ({ keys: 'none' }), every: new ManualSchedule().every });
    await expect(broken.verify(await jwks.sign('k1'))).rejects.toMatchObject(noMatchingKey);
  });

  it('stops refreshing when the app that installed it closes', async () => {
    const { jwks, schedule, verifier } = await setup();
    const app = await createServiceApp({ name: 'jwks-close-test', logger: false });
    installAuth(app, cachedVerifier(verifier));
    app.get('/me', async (request) => ({ user: request.user?.id ?? null }));
    const res = await app.inject({ url: '/me', headers: { authorization: `Bearer ${await jwks.sign('k1')}` } });
    expect(res.json()).toEqual({ user: 'user-1' });
    expect(schedule.stopped).toBe(false);
    await app.close();
    expect(schedule.stopped).toBe(true);
  });
});

describe('cached verifier over a JWKS verifier', () => {
  it('drops a cached token once its key is retired, so it is refused from the next refresh on', async () => {
    const { jwks, schedule, verifier } = await setup();
    const cached = cachedVerifier(verifier, { ttlMs: 60_000 });
    const token = await jwks.sign('k1');
    await cached.verify(token);
    await cached.verify(token);
    jwks.retire('k1');
    await expect(cached.verify(token)).resolves.toMatchObject({ id: 'user-1' }); // cached, key set not refreshed yet
    await schedule.tick();
    await expect(cached.verify(token)).rejects.toMatchObject(noMatchingKey);
    expect(cached.isCurrent?.('k1')).toBe(false);
  });
});
