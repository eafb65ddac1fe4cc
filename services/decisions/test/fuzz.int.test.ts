import pg from 'pg';
import { Role, type Proposal } from '@civic/contracts';
import { fuzzRoutes, schemaFingerprint, type OpenApiDocument } from '@civic/test-kit';
import { DAY, proposalInput, startHarness, type Harness } from './support/harness.js';

/**
 * Property-based fuzzing of every decisions route in its OpenAPI document, as a visitor, an author,
 * another member and a moderator, with a cycle in its vote and another open for proposals: never a
 * 5xx, errors always in the spec's shape, and no data change on a rejected request.
 */
let h: Harness;
let pool: pg.Pool;

beforeAll(async () => {
  h = await startHarness({ START_MIN_PROPOSALS: '1', START_MIN_VERIFIED_USERS: '1' });
  pool = new pg.Pool({ connectionString: h.context.databaseUrl, max: 4 });
});

afterAll(async () => {
  await pool.end();
  await h.close();
});

test('every route survives generated input from every kind of caller', async () => {
  const author = await h.member({ name: 'Author' });
  const other = await h.member({ name: 'Other' });
  const moderator = await h.member({ name: 'Moderator', role: Role.Moderator });
  await h.scheduler.tick();
  const inVote = (await h.app.inject({ method: 'POST', url: '/api/proposals', headers: author.headers, payload: proposalInput('In the vote') })).json<Proposal>();
  h.clock.advance(14 * DAY);
  await h.scheduler.tick(); // the first cycle votes, a second one is open for proposals
  const open = (await h.app.inject({ method: 'POST', url: '/api/proposals', headers: other.headers, payload: proposalInput('Open for proposals') })).json<Proposal>();
  const openapi = (await h.app.inject({ url: '/api/decisions/openapi.json' })).json<OpenApiDocument>();

  const { routes, requests, findings } = await fuzzRoutes({
    app: h.app,
    openapi,
    callers: [
      { name: 'visitor', headers: {} },
      { name: 'author', headers: author.headers },
      { name: 'other member', headers: other.headers },
      { name: 'moderator', headers: moderator.headers },
    ],
    knownIds: [inVote.id, inVote.cycleId, open.id, open.cycleId, author.id, other.id],
    fingerprint: schemaFingerprint(pool, 'decisions', { countOnly: ['outbox_event', 'inbox_event'] }),
    runsPerRoute: 20,
  });

  console.log(`fuzzed ${routes} routes with ${requests} requests`);
  expect(routes).toBeGreaterThanOrEqual(15);
  expect(requests).toBe(routes * 20);
  expect(findings).toEqual([]);
}, 180_000);
