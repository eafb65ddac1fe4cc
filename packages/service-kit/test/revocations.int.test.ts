import { randomUUID } from 'node:crypto';
import pg from 'pg';
import pino from 'pino';
import { Role, SessionRevoked, UserTokensRevoked } from '@civic/contracts';
import {
  authenticated,
  BaseConfig,
  connectBus,
  createEventedApp,
  installAuth,
  loadConfig,
  RevocationList,
  startRevocationFeed,
  type AuthUser,
  type EventBus,
  type RevocationFeed,
} from '@civic/service-kit';
import {
  closePool,
  createEventTables,
  createTestDatabase,
  deleteStreams,
  OwnNatsServer,
  pgSqlClient,
  publishEvent,
  testNatsPrefix,
  waitFor,
  type TestDatabase,
} from '@civic/test-kit';

const log = pino({ level: 'silent' });
const MINUTE = 60_000;

let prefix: string;
const prefixes: string[] = [];
const buses: EventBus[] = [];
const feeds: RevocationFeed[] = [];

beforeEach(() => {
  prefix = testNatsPrefix();
  prefixes.push(prefix);
});

afterEach(async () => {
  for (const feed of feeds.splice(0)) await feed.stop();
  for (const bus of buses.splice(0)) await bus.close();
});

afterAll(async () => {
  for (const used of prefixes) await deleteStreams(used);
});

async function bus(name: string, url = process.env['NATS_URL']!): Promise<EventBus> {
  const connected = await connectBus({ url, prefix, name });
  buses.push(connected);
  return connected;
}

/** A process's feed: its own connection, its own list. */
async function feed(name: string, catchUpMs = 16 * MINUTE, url?: string): Promise<{ list: RevocationList; feed: RevocationFeed }> {
  const list = new RevocationList();
  const started = await startRevocationFeed({ bus: await bus(name, url), list, log, catchUpMs, retryDelayMs: () => 100 });
  feeds.push(started);
  return { list, feed: started };
}

const sessionEnded = (sessionId: string, userId: string) => ({ sessionId, userId, revokedAt: new Date().toISOString() });
/** What identity writes at a claim change: tokens issued until now stop counting. */
const cutOff = (userId: string) => ({ userId, issuedBefore: new Date(Date.now() + 1).toISOString() });

describe('the revocation feed of a process', () => {
  it('gives every process every revocation, within a second', async () => {
    const publisher = await bus('identity');
    await publisher.ensureStream('identity');
    const [first, second] = await Promise.all([feed('pod-1'), feed('pod-2')]);
    await Promise.all([first.feed.caughtUp, second.feed.caughtUp]);
    const [member, session] = [randomUUID(), randomUUID()];
    const issuedAtMs = Date.now() - 1000;

    const published = Date.now();
    await publishEvent(publisher, SessionRevoked, sessionEnded(session, member));
    await publishEvent(publisher, UserTokensRevoked, cutOff(member));
    for (const { list } of [first, second]) {
      await waitFor(() => list.denies({ id: member, sessionId: session, issuedAtMs }) && list.denies({ id: member, sessionId: randomUUID(), issuedAtMs }));
    }
    expect(Date.now() - published).toBeLessThan(1000);
    // A token issued after the cut-off, of another session, passes.
    expect(first.list.denies({ id: member, sessionId: randomUUID(), issuedAtMs: Date.now() })).toBe(false);
  });

  it('reads back, when it starts, the revocations of the catch-up window and not older ones', async () => {
    const publisher = await bus('identity');
    await publisher.ensureStream('identity');
    const member = randomUUID();
    const [before, within] = [randomUUID(), randomUUID()];
    await publishEvent(publisher, SessionRevoked, sessionEnded(before, member));
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await publishEvent(publisher, SessionRevoked, sessionEnded(within, member));
    await publishEvent(publisher, UserTokensRevoked, cutOff(member));

    const restarted = await feed('restarted-pod', 1000);
    await restarted.feed.caughtUp;
    // Caught up means the list holds them: no waiting.
    expect(restarted.list.denies({ id: member, sessionId: within, issuedAtMs: Date.now() })).toBe(true);
    expect(restarted.list.denies({ id: member, sessionId: randomUUID(), issuedAtMs: Date.now() - 5000 })).toBe(true);
    expect(restarted.list.denies({ id: member, sessionId: before, issuedAtMs: Date.now() })).toBe(false);
  });

  it('is caught up at once when there is nothing to read back', async () => {
    const { feed: started, list } = await feed('fresh-pod');
    await started.caughtUp;
    expect(list.size).toBe(0);
  });

  it('skips what it cannot read and goes on with the next revocations', async () => {
    const publisher = await bus('identity');
    await publisher.ensureStream('identity');
    const { list, feed: started } = await feed('pod');
    await started.caughtUp;
    await publisher.js.publish(publisher.subject(SessionRevoked.subject), '{"not": "an envelope"}');
    const [member, session] = [randomUUID(), randomUUID()];
    await publishEvent(publisher, SessionRevoked, sessionEnded(session, member));
    await waitFor(() => list.denies({ id: member, sessionId: session }));
  });

  it('gets the revocations published while NATS was away once it is back', async () => {
    const nats = await OwnNatsServer.start();
    try {
      const publisher = await bus('identity', nats.url);
      await publisher.ensureStream('identity');
      const first = randomUUID();
      await publishEvent(publisher, SessionRevoked, sessionEnded(first, randomUUID()));
      const { list, feed: started } = await feed('pod', 16 * MINUTE, nats.url);
      await started.caughtUp;
      expect(list.denies({ id: randomUUID(), sessionId: first })).toBe(true);

      await nats.kill();
      await nats.restart();
      const later = randomUUID();
      await waitFor(async () => {
        try {
          await publishEvent(publisher, SessionRevoked, sessionEnded(later, randomUUID()));
          return true;
        } catch {
          return false;
        }
      }, 20_000, 200);
      await waitFor(() => list.denies({ id: randomUUID(), sessionId: later }), 40_000, 100);
    } finally {
      for (const started of feeds.splice(0)) await started.stop();
      for (const connected of buses.splice(0)) await connected.close();
      await nats.dispose();
    }
  }, 90_000);
});

describe('an evented app', () => {
  let database: TestDatabase;
  let pool: pg.Pool;

  beforeAll(async () => {
    database = await createTestDatabase('revocations');
    pool = new pg.Pool({ connectionString: database.url, max: 2 });
    await createEventTables(pool, 'elections');
  });

  afterAll(async () => {
    await closePool(pool);
    await database.drop();
  });

  const member = randomUUID();
  const user = (sessionId: string, issuedAtMs: number): AuthUser => ({ id: member, name: 'Ada', role: Role.User, verified: true, sessionId, issuedAtMs });

  /** An app of the kit whose verifier takes the bearer `<session id>@<issued at ms>` as that member's token. */
  async function start() {
    const config = loadConfig(BaseConfig, { PORT: '0', DATABASE_URL: database.url, NATS_URL: process.env['NATS_URL']!, NATS_PREFIX: prefix });
    const { app } = await createEventedApp({ name: 'elections', config, db: { ...pgSqlClient(pool), $disconnect: async () => undefined }, bus: await bus('elections'), logger: false });
    installAuth(app, {
      verify: async (token) => {
        const [sessionId = '', issuedAt = '0'] = token.split('@');
        return user(sessionId, Number(issuedAt));
      },
    });
    app.get('/members', { preHandler: authenticated }, async (request) => ({ user: request.user?.id }));
    await app.ready();
    return app;
  }

  const call = (app: Awaited<ReturnType<typeof start>>, sessionId: string, issuedAtMs = Date.now() - 1000) =>
    app.inject({ url: '/members', headers: { authorization: `Bearer ${sessionId}@${issuedAtMs}` } });

  it('refuses, from its first request on, the tokens revoked before it started, and those revoked while it runs', async () => {
    const publisher = await bus('identity');
    await publisher.ensureStream('identity');
    const [ended, live, endedLater] = [randomUUID(), randomUUID(), randomUUID()];
    await publishEvent(publisher, SessionRevoked, sessionEnded(ended, member));

    const app = await start();
    try {
      const refused = await call(app, ended);
      expect({ status: refused.statusCode, body: refused.json() }).toEqual({ status: 401, body: { statusCode: 401, statusMessage: 'Invalid token' } });
      expect((await call(app, live)).statusCode).toBe(200);

      await publishEvent(publisher, SessionRevoked, sessionEnded(endedLater, member));
      await waitFor(async () => (await call(app, endedLater)).statusCode === 401, 1000, 20);

      await publishEvent(publisher, UserTokensRevoked, cutOff(member));
      await waitFor(async () => (await call(app, live)).statusCode === 401, 1000, 20);
      expect((await call(app, live, Date.now())).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
});
