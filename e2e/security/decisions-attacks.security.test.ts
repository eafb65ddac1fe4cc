/**
 * Attacks on the decisions service, through the gateway of the security stack, that must now fail:
 * a suspended member signalling content to the moderators (refused with the suspension error, and
 * `may` says so), and confirming the words of a text a moderator deleted by hashing a guess (the hash
 * commits to a salt withheld with the words). The other findings of this round need what this stack
 * does not have (an archived law for its PDF, the database for a rewritten history): the decisions
 * service's integration tests cover them (law-pdf, text-chain-guard).
 */
import { versionHash, type Article, type LawDetail, type Proposal, type TextHistory } from '@civic/contracts';
import { buildCast, type Cast } from './support/cast.js';
import { isSpecError, stackUrls } from './support/http.js';

const { baseUrl, mailUrl, moderatorEmail } = stackUrls();
let cast: Cast;

beforeAll(async () => {
  cast = await buildCast(baseUrl, mailUrl, moderatorEmail);
}, 180_000);

describe('a suspended member signals nothing to the moderators', () => {
  const targets = () => [
    { name: 'proposal', read: `/api/proposals/${cast.proposals.edited}`, flag: (body: unknown) => (body as Proposal).may.signal, signal: `/api/proposals/${cast.proposals.edited}/signal`, json: undefined },
    { name: 'law', read: `/api/laws/${cast.laws.drafted}`, flag: (body: unknown) => (body as LawDetail).may.signalModerator, signal: `/api/laws/${cast.laws.drafted}/signal`, json: { to: 'moderator' } },
    {
      name: 'article',
      read: `/api/laws/${cast.laws.drafted}/articles/${cast.articles.edited}`,
      flag: (body: unknown) => (body as Article).may.signalModerator,
      signal: `/api/laws/${cast.laws.drafted}/articles/${cast.articles.edited}/signal`,
      json: { to: 'moderator' },
    },
  ];

  it('is refused on every signal route with the suspension error, while an active member may signal the same', async () => {
    for (const target of targets()) {
      const asSuspended = await cast.clients.suspended.request('GET', target.read);
      expect({ target: target.name, status: asSuspended.status, may: target.flag(asSuspended.body) }).toEqual({ target: target.name, status: 200, may: false });
      const answer = await cast.clients.suspended.request('POST', target.signal, target.json === undefined ? {} : { json: target.json });
      expect({ target: target.name, status: answer.status, spec: isSpecError(answer, ['Suspension error']) }).toEqual({ target: target.name, status: 403, spec: true });
      // The same text still reads as not signalled: the attempt changed nothing.
      const asUser = await cast.clients.user.request('GET', target.read);
      expect({ target: target.name, may: target.flag(asUser.body) }).toEqual({ target: target.name, may: true });
    }
  });
});

describe('the words of a text a moderator deleted cannot be confirmed by guessing', () => {
  const words = 'An article a moderator will remove, whose words nobody may confirm.';
  let articleId: string;

  beforeAll(async () => {
    // The owner drafts the law (its only creator), a member signals the article, a moderator deletes it.
    const law = cast.laws.drafted;
    articleId = (await cast.clients.owner.ok<Article>('POST', `/api/laws/${law}/articles`, { body: words })).id;
    await cast.clients.user.ok('POST', `/api/laws/${law}/articles/${articleId}/signal`, { to: 'moderator' });
    const removed = await cast.clients.moderator.request('DELETE', `/api/laws/${law}/articles/${articleId}`);
    expect(removed.status).toBe(204);
  }, 60_000);

  it('publishes each version’s hash, but neither its words nor its salt, to visitors and members', async () => {
    for (const client of [cast.clients.visitor, cast.clients.user, cast.clients.owner]) {
      const history = await client.ok<TextHistory>('GET', `/api/decisions/history/article/${articleId}`);
      expect(history.deleted).toBe(true);
      expect(history.chain).toEqual({ intact: true, problems: [] });
      expect(history.versions.map((v) => [v.change, v.withheld, v.body, v.salt])).toEqual([
        ['created', true, null, null],
        ['deleted', true, null, null],
      ]);
      const created = history.versions[0]!;
      // Everything but the words and the salt is public: the right words, hashed the old way, miss.
      const guess = {
        kind: 'article' as const,
        textId: articleId,
        seq: 1,
        change: 'created' as const,
        role: 'author' as const,
        editorId: created.editorId,
        reason: null,
        title: null,
        body: words,
        createdAt: created.createdAt,
        prevHash: created.prevHash,
      };
      expect(await versionHash(guess)).not.toBe(created.hash);
    }
  });

  it('shows the words and the salt to a moderator, whose hash is the published one', async () => {
    const history = await cast.clients.moderator.ok<TextHistory>('GET', `/api/decisions/history/article/${articleId}`);
    const created = history.versions[0]!;
    expect(created).toMatchObject({ withheld: false, body: words, salt: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/) });
    const { editorName: _name, withheld: _withheld, hash, coEditors, ...content } = created;
    expect(await versionHash({ ...content, coEditors: coEditors.map((coEditor) => coEditor.id), textId: articleId, salt: created.salt! })).toBe(hash);
  });
});
