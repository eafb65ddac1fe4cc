import { randomUUID } from 'node:crypto';
import { GENESIS_HASH, Role, verifyOpenData, versionHash, type Article, type LawDetail, type TextHistory } from '@civic/contracts';
import { sql } from '@civic/service-kit';
import { TextVersionRepository } from '../src/store/text-version.repository.js';
import { startHarness, type Harness, type Member } from './support/harness.js';
import { caller, closeFinalVote, draftLaw, type DraftedLaw } from './support/law-cycle.js';

/**
 * The history cannot be rewritten before the seal (docs/text-chain.md#append-only): the database
 * refuses any change or removal of a version; a version changed anyway (the trigger disabled by a
 * superuser) or forged shows as broken in the text's history, refuses the seal at the close of the
 * final vote, and LawSealRefused tells the moderators. And the words of a text a moderator deleted
 * cannot be confirmed by guessing: each version's hash commits to a salt that is withheld with them.
 */
let h: Harness;
let call: ReturnType<typeof caller>;
let law: DraftedLaw;
let moderator: Member;
let other: Member;

const history = (kind: string, id: string, who?: Member) => call('GET', `/api/decisions/history/${kind}/${id}`, who);
const versionRows = (textId: string) =>
  h.db.textVersion.findMany({ where: { textId }, orderBy: { seq: 'asc' }, select: { seq: true, body: true, title: true, salt: true, hash: true, prevHash: true } });

beforeAll(async () => {
  h = await startHarness({ CREATORS_PER_LAW: '2', LIVE_VOTERS_CACHE_MS: '0' });
  call = caller(h);
  law = await draftLaw(h);
  moderator = await h.member({ name: 'Moderator', role: Role.Moderator });
  other = await h.member({ name: 'Other' });
}, 120_000);

afterAll(async () => {
  await h?.close();
});

describe('versions are append-only in the database', () => {
  it('refuses UPDATE, DELETE and TRUNCATE of the history, whoever connects, and changes nothing', async () => {
    const before = await versionRows(law.articleId);
    await expect(h.db.$executeRaw(sql`UPDATE decisions.text_version SET body = 'Aucune piste.' WHERE text_id = ${law.articleId}::uuid`)).rejects.toThrow(/append-only/);
    await expect(h.db.$executeRaw(sql`DELETE FROM decisions.text_version WHERE text_id = ${law.articleId}::uuid`)).rejects.toThrow(/append-only/);
    await expect(h.db.$executeRaw(sql`TRUNCATE decisions.text_version`)).rejects.toThrow(/append-only/);
    await expect(h.db.textVersion.updateMany({ where: { textId: law.articleId }, data: { body: 'Aucune piste.' } })).rejects.toThrow();
    expect(await versionRows(law.articleId)).toEqual(before);
    expect((await history('article', law.articleId)).json<TextHistory>().chain).toEqual({ intact: true, problems: [] });
  });
});

describe('the salt of each version', () => {
  let withdrawnId: string;
  const words = 'Les trottinettes sont interdites.';

  it('is written with every new version and published with its words', async () => {
    const rows = await versionRows(law.articleId);
    expect(rows.map((row) => row.salt)).toEqual([expect.stringMatching(/^[A-Za-z0-9_-]{22}$/)]);
    const shown = (await history('article', law.articleId)).json<TextHistory>();
    expect(shown.versions[0]).toMatchObject({ salt: rows[0]!.salt, hash: rows[0]!.hash, body: 'Chaque avenue a sa piste.' });
  });

  it('is withheld with the words of a text a moderator deleted, so that a guess of its words confirms nothing', async () => {
    const [first] = law.creators as [Member];
    withdrawnId = (await call('POST', `/api/laws/${law.lawId}/articles`, first, { body: words })).json<Article>().id;
    expect((await call('POST', `/api/laws/${law.lawId}/articles/${withdrawnId}/signal`, other, { to: 'moderator' })).statusCode).toBe(200);
    expect((await call('DELETE', `/api/laws/${law.lawId}/articles/${withdrawnId}`, moderator)).statusCode).toBe(204);

    for (const who of [undefined, other, first]) {
      const seen = (await history('article', withdrawnId, who)).json<TextHistory>();
      expect(seen.versions.map((v) => [v.withheld, v.title, v.body, v.reason, v.salt])).toEqual([
        [true, null, null, null, null],
        [true, null, null, null, null],
      ]);
      expect(seen.chain).toEqual({ intact: true, problems: [] });
      // Everything else a guesser needs is public; the words guessed right, hashed as before salts, miss.
      const created = seen.versions[0]!;
      const guess = { kind: 'article' as const, textId: withdrawnId, seq: 1, change: 'created' as const, role: 'author' as const, editorId: created.editorId, reason: null, title: null, body: words, createdAt: created.createdAt, prevHash: created.prevHash };
      expect(await versionHash(guess)).not.toBe(created.hash);
      expect(await versionHash({ ...guess, salt: '' })).not.toBe(created.hash);
    }

    // Moderators read the words and the salt, and the hash is theirs.
    const moderated = (await history('article', withdrawnId, moderator)).json<TextHistory>();
    const created = moderated.versions[0]!;
    expect(created).toMatchObject({ withheld: false, body: words, salt: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/) });
    const { editorName: _name, withheld: _withheld, hash, ...content } = created;
    expect(await versionHash({ ...content, textId: withdrawnId, salt: created.salt! })).toBe(hash);
  });
});

describe('a history changed in the database before the seal', () => {
  it('shows as broken in the text’s history: a version changed with the trigger disabled, and a forged version', async () => {
    // As a superuser may: the trigger disabled for one change, then enabled again.
    await h.db.$executeRaw(sql`ALTER TABLE decisions.text_version DISABLE TRIGGER text_version_append_only`);
    await h.db.$executeRaw(sql`UPDATE decisions.text_version SET body = 'Aucune piste nulle part.' WHERE text_id = ${law.articleId}::uuid AND seq = 1`);
    await h.db.$executeRaw(sql`ALTER TABLE decisions.text_version ENABLE TRIGGER text_version_append_only`);
    // A forged version inserted after the amendment's, its own hash right but not chained to the version before.
    const forged = { kind: 'amendment' as const, textId: law.amendmentId, seq: 2, change: 'edited' as const, role: 'author' as const, editorId: law.creators[1]!.id, reason: null, title: 'Largeur', body: 'Aucune piste.', createdAt: h.clock.now().toISOString(), prevHash: GENESIS_HASH, salt: 'Zm9yZ2VkLXNhbHQtMDAwMA' };
    await new TextVersionRepository(h.db).insert(randomUUID(), { ...forged, hash: await versionHash(forged) }, law.lawId);

    const article = (await history('article', law.articleId)).json<TextHistory>();
    expect(article.chain).toEqual({ intact: false, problems: [{ problem: 'version-hash', seq: 1 }] });
    const amendment = (await history('amendment', law.amendmentId, other)).json<TextHistory>();
    expect(amendment.chain).toEqual({ intact: false, problems: [{ problem: 'broken-link', seq: 2 }] });
    // The law's own chain is untouched.
    expect((await history('law', law.lawId)).json<TextHistory>().chain.intact).toBe(true);
  });

  it('refuses the seal at the close of the final vote and tells the moderators (LawSealRefused), the law archived unsealed', async () => {
    await closeFinalVote(h, async () => {
      for (const voter of law.voters) expect((await call('PUT', `/api/laws/${law.lawId}/articles/${law.articleId}/vote`, voter, { vote: 'for' })).statusCode).toBe(200);
    });
    const detail = (await call('GET', `/api/laws/${law.lawId}`)).json<LawDetail>();
    expect(detail.state).toBe('adopted');
    expect(detail.seal).toBeNull();
    expect(await h.db.lawSeal.count({ where: { lawId: law.lawId } })).toBe(0);

    const refused = (await h.db.outboxEvent.findMany({ where: { subject: 'decisions.law.seal-refused' } })).map((row) => row.payload);
    expect(refused).toEqual([
      {
        lawId: law.lawId,
        cycleId: detail.cycleId,
        title: detail.title,
        problems: expect.arrayContaining([
          { problem: 'version-hash', textId: law.articleId, seq: 1 },
          { problem: 'broken-link', textId: law.amendmentId, seq: 2 },
        ]),
        at: h.clock.now().toISOString(),
      },
    ]);
    expect((refused[0] as { problems: unknown[] }).problems).toHaveLength(2);
    // The archive went on: LawArchived carries no seal, and the open data says there is none.
    expect(await h.db.outboxEvent.count({ where: { subject: 'decisions.law.archived' } })).toBeGreaterThan(0);
    const report = await verifyOpenData((await call('GET', `/api/laws/${law.lawId}/open-data`)).json());
    expect(report.problems).toEqual([{ problem: 'no-seal' }]);
    // The history still says so after the close.
    expect((await history('article', law.articleId)).json<TextHistory>().chain.intact).toBe(false);
  });

  it('keeps the seals as append-only as the versions', async () => {
    await expect(h.db.$executeRaw(sql`TRUNCATE decisions.law_seal`)).rejects.toThrow(/append-only/);
  });
});
