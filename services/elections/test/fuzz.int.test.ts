import pg from 'pg';
import { CandidateTo, Role } from '@civic/contracts';
import { fuzzRoutes, schemaFingerprint, type OpenApiDocument } from '@civic/test-kit';
import { startHarness, vote, type Harness } from './support/harness.js';

/**
 * Property-based fuzzing of every elections route in its OpenAPI document, as a visitor, a candidate,
 * a voter and a moderator, with candidates, votes and a closed election in place: never a 5xx, errors
 * always in the spec's shape, and no data change on a rejected request.
 */
let h: Harness;
let pool: pg.Pool;

beforeAll(async () => {
  h = await startHarness();
  pool = new pg.Pool({ connectionString: h.context.databaseUrl, max: 4 });
});

afterAll(async () => {
  await pool.end();
  await h.close();
});

test('every route survives generated input from every kind of caller', async () => {
  const candidate = await h.member({ name: 'Candidate' });
  const voter = await h.member({ name: 'Voter' });
  const moderator = await h.member({ name: 'Moderator', role: Role.Moderator });
  await h.stand(candidate, CandidateTo.Moderator);
  await h.app.inject(vote(voter, candidate, 1, 1));
  h.clock.set('2026-12-01T08:00:00.000Z');
  const [closed] = await h.scheduler.tick();
  await h.stand(candidate, CandidateTo.Scribe);
  await h.stand(voter, CandidateTo.Scribe);
  await h.app.inject(vote(moderator, candidate, 2, 1));
  const openapi = (await h.app.inject({ url: '/api/elections/openapi.json' })).json<OpenApiDocument>();

  const { routes, requests, findings } = await fuzzRoutes({
    app: h.app,
    openapi,
    callers: [
      { name: 'visitor', headers: {} },
      { name: 'candidate', headers: candidate.headers },
      { name: 'voter', headers: voter.headers },
      { name: 'moderator', headers: moderator.headers },
    ],
    knownIds: [candidate.id, voter.id, moderator.id, closed!.electionId],
    fingerprint: schemaFingerprint(pool, 'elections', { countOnly: ['outbox_event', 'inbox_event'] }),
    runsPerRoute: 30,
  });

  console.log(`fuzzed ${routes} routes with ${requests} requests`);
  expect(routes).toBe(8);
  expect(requests).toBe(routes * 30);
  expect(findings).toEqual([]);
}, 180_000);
