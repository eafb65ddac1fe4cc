import { CandidateTo, Role } from '@civic/contracts';
import { describeRouteFuzzing } from '@civic/test-kit';
import { startHarness, vote } from './support/harness.js';

/**
 * Property-based fuzzing of every elections route in its OpenAPI document, as a visitor, a candidate,
 * a voter and a moderator, with candidates, votes and a closed election in place: never a 5xx, errors
 * always in the catalogue's shape, and no data change on a rejected request.
 */
describeRouteFuzzing(startHarness, {
  arrange: async (h) => {
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
    return {
      app: h.app,
      callers: { candidate: candidate.headers, voter: voter.headers, moderator: moderator.headers },
      knownIds: [candidate.id, voter.id, moderator.id, closed!.electionId],
    };
  },
  schema: 'elections',
  openapiUrl: '/api/elections/openapi.json',
  routes: 8,
  runsPerRoute: 30,
  timeoutMs: 180_000,
});
