import { CandidateTo, Role } from '@civic/contracts';
import { fuzzService } from '@civic/test-kit';
import { startHarness, vote, type Harness } from './support/harness.js';

/**
 * Property-based fuzzing of every elections route in its OpenAPI document, as a visitor, a candidate,
 * a voter and a moderator, with candidates, votes and a closed election in place: never a 5xx, errors
 * always in the catalogue's shape, and no data change on a rejected request.
 */
let h: Harness;

beforeAll(async () => {
  h = await startHarness();
});

afterAll(async () => {
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

  const { routes, requests, findings } = await fuzzService({
    app: h.app,
    databaseUrl: h.context.databaseUrl,
    schema: 'elections',
    openapiUrl: '/api/elections/openapi.json',
    callers: [
      { name: 'visitor', headers: {} },
      { name: 'candidate', headers: candidate.headers },
      { name: 'voter', headers: voter.headers },
      { name: 'moderator', headers: moderator.headers },
    ],
    knownIds: [candidate.id, voter.id, moderator.id, closed!.electionId],
    runsPerRoute: 30,
  });

  expect(routes).toBe(8);
  expect(requests).toBe(routes * 30);
  expect(findings).toEqual([]);
}, 180_000);
