import { randomUUID } from 'node:crypto';
import { UserRegistered } from '@civic/contracts';
import { loadConfig } from '@civic/service-kit';
import { consumersWithoutCase, waitFor } from '@civic/test-kit';
import { buildApp } from '../src/app.js';
import { IdentityConfig } from '../src/config.js';
import { identityEvents, startHarness, type Harness } from './support/harness.js';

/** identity as the producer of identity.user.registered, in the version PUBLISH_EVENT_VERSIONS says. */
let h: Harness;

beforeAll(async () => {
  h = await startHarness('contracts');
});

afterAll(() => h.close());

async function registered(app: Harness['app'], body: Record<string, unknown>, cookie?: string) {
  const suffix = randomUUID().slice(0, 8);
  // User names are unique: each registration has its own.
  const userName = `Ada Lovelace ${suffix}`;
  const res = await app.inject({ method: 'POST', url: '/api/auth/register', payload: { email: `citizen-${suffix}@example.org`, userName, password: 'a long password', ...body }, headers: cookie ? { cookie } : {} });
  expect(res.statusCode).toBe(201);
  const id = res.json().id as string;
  const found = await waitFor(async () => {
    const stream = h.bus.streamName('identity');
    const info = await h.bus.jsm.streams.info(stream);
    for (let seq = info.state.last_seq; seq >= info.state.first_seq && info.state.messages > 0; seq--) {
      const envelope = (await h.bus.jsm.streams.getMessage(stream, { seq }))?.json<{ subject: string; version: number; payload: { userId: string } }>();
      if (envelope?.subject === UserRegistered.subject && envelope.payload.userId === id) return envelope;
    }
    return undefined;
  });
  return { id, userName, envelope: found };
}

describe('identity.user.registered as written by identity', () => {
  it('is version 1 until PUBLISH_EVENT_VERSIONS switches it', async () => {
    const { id, userName, envelope } = await registered(h.app, { locale: 'fr' });
    expect(envelope).toMatchObject({ version: 1, payload: { userId: id, userName } });
    expect(envelope.payload).not.toHaveProperty('locale');
  });

  it('is version 2 with the account locale once switched (the body, else the locale cookie, else English)', async () => {
    const switched = await h.buildOther({ PUBLISH_EVENT_VERSIONS: 'identity.user.registered=2' });
    const french = await registered(switched, { locale: 'fr' });
    expect(french.envelope).toMatchObject({ version: 2, payload: { displayName: french.userName, locale: 'fr' } });
    expect((await registered(switched, {}, 'locale=fr')).envelope).toMatchObject({ version: 2, payload: { locale: 'fr' } });
    const { id, userName, envelope } = await registered(switched, {});
    expect(envelope).toMatchObject({ version: 2, payload: { userId: id, displayName: userName, locale: 'en' } });
    expect(envelope.payload).not.toHaveProperty('userName');
  });

  it('refuses to start with a version of its own events it does not know, and ignores other services\' events', async () => {
    const config = (PUBLISH_EVENT_VERSIONS: string) =>
      loadConfig(IdentityConfig, { DATABASE_URL: h.context.databaseUrl, NATS_URL: h.context.natsUrl, NATS_PREFIX: h.context.natsPrefix, PUBLISH_EVENT_VERSIONS });
    await expect(buildApp({ config: config('identity.user.registered=3'), db: h.db, bus: h.bus, logger: false })).rejects.toThrow('identity.user.registered version 3');
    const other = await buildApp({ config: config('decisions.law.archived=7'), db: h.db, bus: h.bus, logger: false });
    await other.close();
  });

  it('has no consumer of an event with several versions left without a contract case', async () => {
    // identity's own consumers read events that have one version so far: a second one needs a case here.
    expect(await consumersWithoutCase(h.bus, [])).toEqual([]);
    expect((await identityEvents(h.bus)).length).toBeGreaterThan(0);
  });
});
