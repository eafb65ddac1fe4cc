import argon2 from 'argon2';
import { loadConfig, type EventBus, type ServiceApp } from '@civic/service-kit';
import { serviceEnv, setupServiceTest, startTestProcess, waitFor, type ServiceTestContext, type TestProcess } from '@civic/test-kit';
import { buildApp } from '../src/app.js';
import { IdentityConfig } from '../src/config.js';
import { createPrisma, type IdentityPrisma } from '../src/store/prisma.js';

let context: ServiceTestContext;
let db: IdentityPrisma;
let bus: EventBus;
let app: ServiceApp;
let main: TestProcess<IdentityPrisma, { app: ServiceApp }>;

beforeAll(async () => {
  context = await setupServiceTest(['identity']);
  const config = loadConfig(IdentityConfig, { ...serviceEnv(context), OUTBOX_POLL_MS: '20' });
  main = await startTestProcess(context, 'identity-test', createPrisma, async (db, bus) => ({ app: await buildApp({ config, db, bus, logger: false }) }));
  ({ db, bus } = main);
  app = main.service.app;
});

afterAll(async () => {
  await main.close();
  await context.cleanup();
});

const register = (payload: Record<string, unknown>) => app.inject({ method: 'POST', url: '/api/auth/register', payload });

describe('registration', () => {
  it('creates the user with an argon2id hash and publishes identity.user.registered', async () => {
    const res = await register({ email: ' Ada@Example.org ', userName: '  Ada   Lovelace ', password: 'correct horse battery' });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ userName: 'Ada Lovelace' });

    const stored = await db.user.findUniqueOrThrow({ where: { id: body.id } });
    expect(stored.email).toBe('ada@example.org');
    expect(stored.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await argon2.verify(stored.passwordHash, 'correct horse battery')).toBe(true);

    const stream = bus.streamName('identity');
    await waitFor(async () => (await bus.jsm.streams.info(stream)).state.messages === 1);
    const message = await bus.jsm.streams.getMessage(stream, { seq: 1 });
    const envelope = message!.json() as { subject: string; version: number; payload: { userId: string; userName: string } };
    expect(message!.subject).toBe(`${context.natsPrefix}identity.user.registered`);
    expect(envelope).toMatchObject({ subject: 'identity.user.registered', version: 1, payload: { userId: body.id, userName: 'Ada Lovelace' } });
  });

  it('refuses an email registered before, whatever its case, and changes nothing', async () => {
    const before = await db.user.count();
    const res = await register({ email: 'ADA@example.org', userName: 'Someone Else', password: 'another password' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ statusCode: 409, statusMessage: 'Email already registered' });
    expect(await db.user.count()).toBe(before);
  });

  it('refuses an address that keeps probing taken emails, so registration cannot enumerate accounts', async () => {
    const probe = (index: number) =>
      app.inject({ method: 'POST', url: '/api/auth/register', remoteAddress: '10.77.0.1', payload: { email: 'ada@example.org', userName: `Probe ${index}`, password: 'probing password' } });
    // REGISTRATION_MAX_CONFLICTS_PER_IP (30 by default) conflicts are answered, then the address waits.
    for (let index = 0; index < 30; index++) expect((await probe(index)).statusCode).toBe(409);
    const blocked = await probe(30);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({ statusCode: 429, statusMessage: 'Too Many Requests' });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // Even a fresh address from there waits; other addresses are unaffected.
    const fresh = await app.inject({ method: 'POST', url: '/api/auth/register', remoteAddress: '10.77.0.1', payload: { email: 'fresh@example.org', userName: 'Fresh', password: 'fresh password' } });
    expect(fresh.statusCode).toBe(429);
    expect(await db.user.count({ where: { email: 'fresh@example.org' } })).toBe(0);
    const elsewhere = await app.inject({ method: 'POST', url: '/api/auth/register', remoteAddress: '10.77.0.2', payload: { email: 'ada@example.org', userName: 'Other', password: 'probing password' } });
    expect(elsewhere.statusCode).toBe(409);
  });

  it.each([
    ['a missing password', { email: 'b@example.org', userName: 'Bob' }, 'Missing required fields'],
    ['an invalid email', { email: 'not-an-email', userName: 'Bob', password: 'long enough' }, 'Bad Request'],
    ['a short password', { email: 'b@example.org', userName: 'Bob', password: 'short' }, 'Bad Request'],
    ['a short user name', { email: 'b@example.org', userName: 'Bo', password: 'long enough' }, 'Bad Request'],
    ['an unexpected field', { email: 'b@example.org', userName: 'Bob', password: 'long enough', moderator: true }, 'Bad Request'],
  ])('answers %s with 400 and stores nothing', async (_label, payload, message) => {
    const before = await db.user.count();
    const res = await register(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ statusCode: 400, statusMessage: message });
    expect(await db.user.count()).toBe(before);
  });

  it('serves its public signing keys as a JWKS, the same on every call', async () => {
    const first = (await app.inject({ url: '/api/auth/jwks' })).json();
    const second = (await app.inject({ url: '/api/auth/jwks' })).json();
    expect(first.keys).toHaveLength(1);
    expect(first.keys[0]).toMatchObject({ kty: 'OKP', crv: 'Ed25519', alg: 'EdDSA', use: 'sig' });
    expect(first.keys[0]).not.toHaveProperty('d');
    expect(second).toEqual(first);
  });

  it('is ready when PostgreSQL and NATS answer', async () => {
    const res = await app.inject({ url: '/readyz' });
    expect(res.json()).toEqual({ status: 'ready', checks: { postgres: 'ok', nats: 'ok' } });
  });
});
