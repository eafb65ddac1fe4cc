import { Role, type Article, type LawDetail, type Proposal, type Source } from '@civic/contracts';
import { describeRouteFuzzing } from '@civic/test-kit';
import { DAY, proposalInput, startHarness } from './support/harness.js';

/**
 * Property-based fuzzing of every decisions route in its OpenAPI document, as a visitor, an author
 * (also the creator of a law in creation with a group, an article, an amendment and a source),
 * another member and a moderator, with a law in creation, a cycle in its vote and another open for
 * proposals: never a 5xx, errors always in the spec's shape, and no data change on a rejected request.
 */
describeRouteFuzzing(() => startHarness({ START_MIN_PROPOSALS: '1', START_MIN_VERIFIED_USERS: '1' }), {
  arrange: async (h) => {
    const author = await h.member({ name: 'Author' });
    const other = await h.member({ name: 'Other' });
    const moderator = await h.member({ name: 'Moderator', role: Role.Moderator });
    await h.scheduler.tick();
    const inVote = (await h.app.inject({ method: 'POST', url: '/api/proposals', headers: author.headers, payload: proposalInput('In the vote') })).json<Proposal>();
    h.clock.advance(14 * DAY);
    await h.scheduler.tick(); // the first cycle votes, a second one is open for proposals
    const open = (await h.app.inject({ method: 'POST', url: '/api/proposals', headers: other.headers, payload: proposalInput('Open for proposals') })).json<Proposal>();
    // The first cycle's vote closes: its proposal becomes a law in creation, drafted by its only voter.
    await h.app.inject({ method: 'PUT', url: `/api/proposals/${inVote.id}/vote`, headers: author.headers, payload: { vote: 'for' } });
    h.clock.advance(7 * DAY);
    await h.scheduler.tick();
    h.clock.advance(7 * DAY);
    await h.scheduler.tick(); // the second cycle votes, a third is open for proposals
    const lawId = inVote.id;
    const group = (await h.app.inject({ method: 'POST', url: `/api/laws/${lawId}/groups`, headers: author.headers, payload: { name: 'Group' } })).json<LawDetail>().groups[0]!;
    const article = (await h.app.inject({ method: 'POST', url: `/api/laws/${lawId}/articles`, headers: author.headers, payload: { body: 'An article.', groupId: group.id } })).json<Article>();
    const amendment = (await h.app.inject({ method: 'POST', url: `/api/laws/${lawId}/articles/${article.id}/amendments`, headers: author.headers, payload: { body: 'An amendment.' } })).json<Article>();
    const source = (
      await h.app.inject({ method: 'POST', url: '/api/sources', headers: author.headers, payload: { targetKind: 'article', targetId: article.id, type: 6, title: 'A note' } })
    ).json<Source>();
    expect([group.id, article.id, amendment.id, source.id].every(Boolean)).toBe(true);
    return {
      app: h.app,
      callers: { author: author.headers, 'other member': other.headers, moderator: moderator.headers },
      knownIds: [inVote.id, inVote.cycleId, open.id, open.cycleId, author.id, other.id, group.id, article.id, amendment.id, source.id],
    };
  },
  schema: 'decisions',
  openapiUrl: '/api/decisions/openapi.json',
  routes: { atLeast: 40 },
  runsPerRoute: 20,
  timeoutMs: 180_000,
});
