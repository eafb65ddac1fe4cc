import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  ErrorMessages,
  GENESIS_HASH,
  Role,
  verifyChain,
  verifyOpenData,
  type Article,
  type ChainVersion,
  type LawDetail,
  type Proposal,
  type TextHistory,
} from '@civic/contracts';
import { raw, sql } from '@civic/service-kit';
import { unitOfWork } from '../src/commands/unit-of-work.js';
import { TextVersionRepository } from '../src/store/text-version.repository.js';
import { DAY, proposalInput, startHarness, type Harness, type Member } from './support/harness.js';

/**
 * The version history against real PostgreSQL and NATS (docs/product.md#version-history,
 * docs/text-chain.md): every command writes its version in its transaction with the right role,
 * reason and hash and emits TextVersioned; a scribe's or moderator's edit without a reason changes
 * nothing; the law continues its proposal's chain; the history route role by role; the seal at the
 * close of the final vote verified over the real open data; and the migration's backfill, whose SQL
 * hashes must equal the TypeScript ones.
 */
let h: Harness;
let author: Member;
let second: Member;
let third: Member;
let other: Member;
let scribe: Member;
let moderator: Member;
const voters: Member[] = [];
let lawId: string;
let deletedProposalId: string;
let creators: Member[];
let groupId: string;
let articleId: string;
let amendmentId: string;
let removedArticleId: string;

type Injected = { statusCode: number; json<T = unknown>(): T; body: string };
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, who?: Member, payload?: unknown): Promise<Injected> =>
  h.app.inject({ method, url, headers: who?.headers, payload: payload as object }) as unknown as Promise<Injected>;

function expectError(response: Injected, statusCode: number, message: string) {
  expect(response.statusCode).toBe(statusCode);
  expect(response.json()).toMatchObject({ statusCode, statusMessage: message });
}

const versionsOf = (textId: string): Promise<ChainVersion[]> => new TextVersionRepository(h.db).chains([textId]);
const history = (kind: string, id: string, who?: Member) => call('GET', `/api/decisions/history/${kind}/${id}`, who);
const versionedEvents = async (textId: string) =>
  (await h.db.outboxEvent.findMany({ where: { subject: 'decisions.text.versioned' }, orderBy: { seq: 'asc' } }))
    .map((row) => row.payload as Record<string, unknown>)
    .filter((payload) => payload['textId'] === textId);
const counts = async () => ({
  versions: await h.db.textVersion.count(),
  events: await h.db.outboxEvent.count(),
  proposals: JSON.stringify(await h.db.proposal.findMany({ select: { title: true, description: true }, orderBy: { id: 'asc' } })),
  laws: JSON.stringify(await h.db.law.findMany({ select: { title: true, description: true }, orderBy: { id: 'asc' } })),
  articles: JSON.stringify(await h.db.article.findMany({ select: { title: true, body: true }, orderBy: { id: 'asc' } })),
});

/** The last version of a text, checked against the chain rule and its TextVersioned event. */
async function lastVersion(textId: string): Promise<ChainVersion> {
  const versions = await versionsOf(textId);
  expect(await verifyChain(versions)).toEqual([]);
  const last = versions.at(-1)!;
  const events = await versionedEvents(textId);
  expect(events).toHaveLength(versions.length);
  expect(events.at(-1)).toMatchObject({ textKind: last.kind, textId, seq: last.seq, change: last.change, role: last.role, editorId: last.editorId, hash: last.hash });
  return last;
}

beforeAll(async () => {
  h = await startHarness({ CREATORS_PER_LAW: '2', LIVE_VOTERS_CACHE_MS: '0', PROPOSAL_INTERVAL_DAYS: '0' });
  await h.scheduler.tick();
  author = await h.member({ name: 'Author' });
  second = await h.member({ name: 'Second' });
  third = await h.member({ name: 'Third' });
  other = await h.member({ name: 'Other' });
  scribe = await h.member({ name: 'Scribe', role: Role.Scribe });
  moderator = await h.member({ name: 'Moderator', role: Role.Moderator });
  for (const name of ['Voter A', 'Voter B', 'Voter C']) voters.push(await h.member({ name }));
}, 60_000);

afterAll(async () => {
  await h?.close();
});

describe('the versions of proposals', () => {
  it('writes version 1 on submission, then the author’s edit without keeping a reason', async () => {
    const created = (await call('POST', '/api/proposals', author, proposalInput('Des pistes cyclables « partout »'))).json<Proposal>();
    lawId = created.id;
    const first = await lastVersion(lawId);
    expect(first).toMatchObject({ kind: 'proposal', seq: 1, change: 'created', role: 'author', editorId: author.id, reason: null, prevHash: GENESIS_HASH });
    expect(first.title).toBe('Des pistes cyclables « partout »');
    expect((await versionedEvents(lawId))[0]).toMatchObject({ documentId: lawId, documentTitle: 'Des pistes cyclables « partout »', lawId: null });

    const edit = { ...proposalInput('Des pistes cyclables « partout »'), description: 'Sur chaque avenue.\nEt chaque pont ✓', reason: 'ignored' };
    expect((await call('PUT', `/api/proposals/${lawId}`, author, edit)).statusCode).toBe(200);
    expect(await lastVersion(lawId)).toMatchObject({ seq: 2, change: 'edited', role: 'author', reason: null, body: 'Sur chaque avenue.\nEt chaque pont ✓', prevHash: first.hash });
    expect((await call('POST', '/api/proposals', second, proposalInput('School gardens', 'education'))).statusCode).toBe(201);
  });

  it('refuses a moderator’s edit without a reason with nothing changed, and keeps the reason given', async () => {
    deletedProposalId = (await call('POST', '/api/proposals', third, proposalInput('Rivières propres', 'environment'))).json<Proposal>().id;
    expect((await call('POST', `/api/proposals/${deletedProposalId}/signal`, other)).statusCode).toBe(200);
    const input = { ...proposalInput('Rivières propres', 'environment'), description: 'Reformulée par la modération.' };
    const before = await counts();
    expectError(await call('PUT', `/api/proposals/${deletedProposalId}`, moderator, input), 400, ErrorMessages.reasonRequired);
    expectError(await call('PUT', `/api/proposals/${deletedProposalId}`, moderator, { ...input, reason: '   ' }), 400, ErrorMessages.reasonRequired);
    expectError(await call('PUT', `/api/proposals/${deletedProposalId}`, moderator, { ...input, reason: '' }), 400, ErrorMessages.reasonRequired);
    expectError(await call('PUT', `/api/proposals/${deletedProposalId}`, moderator, { ...input, reason: 'x'.repeat(301) }), 400, ErrorMessages.badRequest);
    expect(await counts()).toEqual(before);
    expect((await call('PUT', `/api/proposals/${deletedProposalId}`, moderator, { ...input, reason: '  Propos injurieux  ' })).statusCode).toBe(200);
    expect(await lastVersion(deletedProposalId)).toMatchObject({ seq: 2, change: 'edited', role: 'moderator', editorId: moderator.id, reason: 'Propos injurieux' });
  });

  it('writes a tombstone when a moderator deletes it, and withholds its words from all but moderators', async () => {
    // The moderator's edit settled the first signal: a moderator deletes it once signalled again.
    expect((await call('POST', `/api/proposals/${deletedProposalId}/signal`, other)).statusCode).toBe(200);
    expect((await call('DELETE', `/api/proposals/${deletedProposalId}`, moderator)).statusCode).toBe(204);
    expect(await lastVersion(deletedProposalId)).toMatchObject({ seq: 3, change: 'deleted', role: 'moderator', title: null, body: null });
    // Hidden proposals stay hidden: 404 to visitors and other members.
    expectError(await history('proposal', deletedProposalId), 404, ErrorMessages.notFound);
    expectError(await history('proposal', deletedProposalId, other), 404, ErrorMessages.notFound);
    const own = (await history('proposal', deletedProposalId, third)).json<TextHistory>();
    expect(own).toMatchObject({ kind: 'proposal', id: deletedProposalId, documentId: deletedProposalId, lawId: null, title: 'Rivières propres', deleted: true });
    expect(own.versions.map((v) => [v.seq, v.withheld, v.title, v.body, v.reason])).toEqual([
      [1, true, null, null, null],
      [2, true, null, null, null],
      [3, true, null, null, null],
    ]);
    const stored = await versionsOf(deletedProposalId);
    expect(own.versions.map((v) => v.hash)).toEqual(stored.map((v) => v.hash));
    const moderated = (await history('proposal', deletedProposalId, moderator)).json<TextHistory>();
    expect(moderated.versions.map((v) => [v.withheld, v.role, v.reason, v.editorName])).toEqual([
      [false, 'author', null, 'Third'],
      [false, 'moderator', 'Propos injurieux', 'Moderator'],
      [false, 'moderator', null, 'Moderator'],
    ]);
    expect(moderated.versions[1]!.body).toBe('Reformulée par la modération.');
  });

  it('writes the author’s own deletion and a resubmission as versions', async () => {
    const own = (await call('POST', '/api/proposals', other, proposalInput('Bancs publics', 'other'))).json<Proposal>();
    expect((await call('DELETE', `/api/proposals/${own.id}`, other)).statusCode).toBe(204);
    expect(await lastVersion(own.id)).toMatchObject({ seq: 2, change: 'deleted', role: 'author', title: null });
    expect((await call('POST', `/api/proposals/${own.id}/resubmit`, other)).statusCode).toBe(200);
    expect(await lastVersion(own.id)).toMatchObject({ seq: 3, change: 'edited', role: 'author', title: 'Bancs publics' });
    // Not hidden any more: a visitor reads every version, the tombstone included.
    const seen = (await history('proposal', own.id)).json<TextHistory>();
    expect(seen.deleted).toBe(false);
    expect(seen.versions.map((v) => [v.change, v.withheld])).toEqual([
      ['created', false],
      ['deleted', false],
      ['edited', false],
    ]);
  });

  it('answers 404 for an unknown text or a text of another kind, 400 for an unknown kind', async () => {
    expectError(await history('proposal', randomUUID()), 404, ErrorMessages.notFound);
    expectError(await history('article', lawId), 404, ErrorMessages.notFound);
    expectError(await history('law', lawId), 404, ErrorMessages.notFound);
    expectError(await history('paragraph', lawId), 400, ErrorMessages.badRequest);
    expectError(await history('proposal', 'not-a-uuid'), 400, ErrorMessages.badRequest);
  });
});

describe('the versions of a law and its content', () => {
  beforeAll(async () => {
    h.clock.advance(14 * DAY);
    await h.scheduler.tick(); // the vote opens
    for (const voter of voters) expect((await call('PUT', `/api/proposals/${lawId}/vote`, voter, { vote: 'for' })).statusCode).toBe(200);
    h.clock.advance(7 * DAY);
    await h.scheduler.tick(); // the vote closes: creation
    const detail = (await call('GET', `/api/laws/${lawId}`)).json<LawDetail>();
    creators = detail.creators.map((creator) => voters.find((voter) => voter.id === creator.userId)!);
  }, 30_000);

  it('continues the proposal’s chain when the proposal becomes a law', async () => {
    const proposalLast = (await versionsOf(lawId))[1]!;
    const law = await lastVersion(lawId);
    expect(law).toMatchObject({ kind: 'law', seq: 3, change: 'created', role: 'author', editorId: author.id, title: 'Des pistes cyclables « partout »', prevHash: proposalLast.hash });
    expect(law.body).toBe('Sur chaque avenue.\nEt chaque pont ✓');
    expect((await versionedEvents(lawId)).at(-1)).toMatchObject({ documentId: lawId, lawId });
    const seen = (await history('law', lawId)).json<TextHistory>();
    expect(seen).toMatchObject({ kind: 'law', documentId: lawId, lawId, deleted: false });
    expect(seen.versions.map((v) => v.kind)).toEqual(['proposal', 'proposal', 'law']);
  });

  it('versions groups as the creators’, articles and amendments as their authors’, and never a move', async () => {
    const [first, next] = creators as [Member, Member];
    const groups = (await call('POST', `/api/laws/${lawId}/groups`, first, { name: 'Voirie' })).json<LawDetail>().groups;
    groupId = groups[0]!.id;
    expect(await lastVersion(groupId)).toMatchObject({ kind: 'group', seq: 1, change: 'created', role: 'creator', editorId: first.id, title: 'Voirie', body: null });
    expect((await call('PUT', `/api/laws/${lawId}/groups/${groupId}`, next, { name: 'Voirie et ponts' })).statusCode).toBe(200);
    expect(await lastVersion(groupId)).toMatchObject({ seq: 2, change: 'edited', role: 'creator', editorId: next.id, title: 'Voirie et ponts' });
    expect((await versionedEvents(groupId)).at(-1)).toMatchObject({ textKind: 'group', documentId: lawId, documentTitle: 'Des pistes cyclables « partout »', lawId });

    const spare = (await call('POST', `/api/laws/${lawId}/groups`, first, { name: 'Divers' })).json<LawDetail>().groups.find((g) => g.name === 'Divers')!;
    expect((await call('DELETE', `/api/laws/${lawId}/groups/${spare.id}`, next)).statusCode).toBe(200);
    expect(await lastVersion(spare.id)).toMatchObject({ seq: 2, change: 'deleted', role: 'creator', title: null });

    articleId = (await call('POST', `/api/laws/${lawId}/articles`, first, { body: 'Chaque avenue a sa piste.', groupId })).json<Article>().id;
    expect(await lastVersion(articleId)).toMatchObject({ kind: 'article', seq: 1, change: 'created', role: 'author', title: null, body: 'Chaque avenue a sa piste.' });
    amendmentId = (await call('POST', `/api/laws/${lawId}/articles/${articleId}/amendments`, next, { title: ' Largeur ', body: 'Chaque avenue a sa piste large.' })).json<Article>().id;
    expect(await lastVersion(amendmentId)).toMatchObject({ kind: 'amendment', seq: 1, role: 'author', editorId: next.id, title: 'Largeur' });
    removedArticleId = (await call('POST', `/api/laws/${lawId}/articles`, next, { body: 'Un article signalé.' })).json<Article>().id;

    const before = await h.db.textVersion.count();
    expect((await call('POST', `/api/laws/${lawId}/articles/${articleId}/move`, first, { groupId: null })).statusCode).toBe(200);
    expect((await call('POST', `/api/laws/${lawId}/articles/${articleId}/move`, first, { groupId })).statusCode).toBe(200);
    expect(await h.db.textVersion.count()).toBe(before);
  });

  it('keeps the reason a scribe or moderator must give, and refuses their edit without one with nothing changed', async () => {
    const [first] = creators as [Member];
    const url = `/api/laws/${lawId}/articles/${articleId}`;
    expect((await call('PUT', url, first, { body: 'Chaque avenue a sa piste protégée.', reason: 'mine' })).statusCode).toBe(200);
    expect(await lastVersion(articleId)).toMatchObject({ seq: 2, change: 'edited', role: 'author', reason: null, body: 'Chaque avenue a sa piste protégée.' });
    expect((await call('POST', `${url}/signal`, first, { to: 'scribe' })).statusCode).toBe(200);
    let before = await counts();
    expectError(await call('PUT', url, scribe, { body: 'Chaque avenue a une piste protégée.' }), 400, ErrorMessages.reasonRequired);
    expect(await counts()).toEqual(before);
    expect((await call('PUT', url, scribe, { body: 'Chaque avenue a une piste protégée.', reason: 'Accord' })).statusCode).toBe(200);
    expect(await lastVersion(articleId)).toMatchObject({ seq: 3, role: 'scribe', editorId: scribe.id, reason: 'Accord' });

    expect((await call('POST', `/api/laws/${lawId}/signal`, other, { to: 'moderator' })).statusCode).toBe(200);
    const lawInput = { title: 'Des pistes cyclables partout', description: 'Sur chaque avenue et chaque pont.' };
    before = await counts();
    expectError(await call('PUT', `/api/laws/${lawId}`, moderator, lawInput), 400, ErrorMessages.reasonRequired);
    expect(await counts()).toEqual(before);
    expect((await call('PUT', `/api/laws/${lawId}`, moderator, { ...lawInput, reason: 'Titre neutre' })).statusCode).toBe(200);
    expect(await lastVersion(lawId)).toMatchObject({ kind: 'law', seq: 4, change: 'edited', role: 'moderator', reason: 'Titre neutre', title: lawInput.title, body: lawInput.description });
    // Every later version names the law by its new title.
    expect((await versionedEvents(lawId)).at(-1)).toMatchObject({ documentTitle: lawInput.title });
  });

  it('writes tombstones of deleted articles, and withholds the words of one a moderator deleted from visitors and members', async () => {
    expect((await call('POST', `/api/laws/${lawId}/articles/${removedArticleId}/signal`, other, { to: 'moderator' })).statusCode).toBe(200);
    expect((await call('DELETE', `/api/laws/${lawId}/articles/${removedArticleId}`, moderator)).statusCode).toBe(204);
    expect(await lastVersion(removedArticleId)).toMatchObject({ seq: 2, change: 'deleted', role: 'moderator', body: null });
    for (const who of [undefined, other, creators[1]]) {
      const seen = (await history('article', removedArticleId, who)).json<TextHistory>();
      expect(seen).toMatchObject({ deleted: true, documentId: lawId, lawId });
      expect(seen.versions.map((v) => [v.withheld, v.body])).toEqual([
        [true, null],
        [true, null],
      ]);
    }
    const moderated = (await history('article', removedArticleId, moderator)).json<TextHistory>();
    expect(moderated.versions.map((v) => [v.withheld, v.body])).toEqual([
      [false, 'Un article signalé.'],
      [false, null],
    ]);
    // An article deleted by its author stays readable; its amendments end with tombstones of their own.
    const [first, next] = creators as [Member, Member];
    const draft = (await call('POST', `/api/laws/${lawId}/articles`, first, { body: 'Un brouillon.' })).json<Article>();
    const ownAmendment = (await call('POST', `/api/laws/${lawId}/articles/${draft.id}/amendments`, first, { title: 'Mien', body: 'Un brouillon relu.' })).json<Article>();
    const othersAmendment = (await call('POST', `/api/laws/${lawId}/articles/${draft.id}/amendments`, next, { title: 'Sien', body: 'Un autre brouillon.' })).json<Article>();
    expect((await call('DELETE', `/api/laws/${lawId}/articles/${draft.id}`, first)).statusCode).toBe(204);
    const mine = (await history('article', draft.id)).json<TextHistory>();
    expect(mine.versions.map((v) => [v.change, v.role, v.withheld, v.body])).toEqual([
      ['created', 'author', false, 'Un brouillon.'],
      ['deleted', 'author', false, null],
    ]);
    expect(await lastVersion(ownAmendment.id)).toMatchObject({ kind: 'amendment', seq: 2, change: 'deleted', role: 'author', editorId: first.id, body: null });
    expect(await lastVersion(othersAmendment.id)).toMatchObject({ kind: 'amendment', seq: 2, change: 'deleted', role: 'creator', editorId: first.id, body: null });
    const gone = (await history('amendment', othersAmendment.id)).json<TextHistory>();
    expect(gone).toMatchObject({ deleted: true, documentId: lawId });
    expect(gone.versions.map((v) => [v.change, v.withheld, v.body])).toEqual([
      ['created', false, 'Un autre brouillon.'],
      ['deleted', false, null],
    ]);
    expect((await history('amendment', amendmentId)).json<TextHistory>().versions).toHaveLength(1);
    expectError(await history('amendment', articleId), 404, ErrorMessages.notFound);
  });

  it('seals the law at the close of its final vote, in document order, and the open data verifies', async () => {
    h.clock.advance(14 * DAY);
    await h.scheduler.tick(); // the final vote
    expect((await call('GET', `/api/laws/${lawId}`)).json<LawDetail>().seal).toBeNull();
    for (const voter of voters) expect((await call('PUT', `/api/laws/${lawId}/articles/${amendmentId}/vote`, voter, { vote: 'for' })).statusCode).toBe(200);
    h.clock.advance(7 * DAY);
    await h.scheduler.tick(); // the archive
    const detail = (await call('GET', `/api/laws/${lawId}`)).json<LawDetail>();
    expect(detail.state).toBe('adopted');
    const stored = await new TextVersionRepository(h.db).seal(lawId);
    expect(detail.seal).toEqual({ hash: stored!.hash, sealedAt: h.clock.now().toISOString() });
    expect(stored!.entries.map((entry) => [entry.kind, entry.textId])).toEqual([
      ['law', lawId],
      ['group', groupId],
      ['article', articleId],
      ['amendment', amendmentId],
    ]);
    for (const entry of stored!.entries) expect(entry.hash).toBe((await lastVersion(entry.textId)).hash);
    expect(stored!.outcomes).toEqual([{ articleId, adopted: true, winnerId: amendmentId }]);

    const data = (await call('GET', `/api/laws/${lawId}/open-data`)).json<{ chain: { algorithm: string; texts: { kind: string; versions: { coEditors: string[] }[] }[] }; seal: { algorithm: string } }>();
    expect(data.chain.algorithm).toBe('civic-text-chain-v3');
    // Version 3 of the file: every version says its co-editors, none for versions written through the routes.
    expect(data.chain.texts.flatMap((text) => text.versions.map((version) => version.coEditors))).toEqual(Array.from({ length: 10 }, () => []));
    expect(data.seal.algorithm).toBe('civic-seal-v1');
    expect(data.chain.texts.map((text) => text.kind)).toEqual(['law', 'group', 'article', 'amendment']);
    expect(await verifyOpenData(data)).toEqual({ ok: true, seal: stored!.hash, texts: 4, versions: 4 + 2 + 3 + 1, problems: [] });

    await h.db.$executeRaw(sql`UPDATE decisions.article SET body = 'Aucune piste.' WHERE id = ${amendmentId}::uuid`);
    const tampered = await verifyOpenData((await call('GET', `/api/laws/${lawId}/open-data`)).json());
    expect(tampered.problems).toEqual([{ problem: 'adopted-text', articleId, number: 1 }]);
  });
});

describe('the backfill of texts written before versions were kept', () => {
  const migration = readFileSync(
    path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../prisma/migrations/20261127100000_text_versions/migration.sql'),
    'utf8',
  );
  // The backfill's statements (each ends its line with a semicolon; the function body has none), as the migration runs them.
  const backfill = migration
    .slice(migration.indexOf('-- Backfill'))
    .split(/;\s*$/m)
    .filter((statement) => statement.replace(/^\s*--.*$/gm, '').trim() !== '');

  /** Runs the backfill in one transaction, its temporary function and table living until it ends. */
  async function runBackfill(): Promise<void> {
    await unitOfWork(h.db, async (tx) => {
      await tx.$executeRaw(sql`SET LOCAL search_path TO decisions`);
      // The migration's own text, from the repository.
      for (const statement of backfill) await tx.$executeRaw(raw(statement));
    });
  }

  it('gives every old text a chain whose SQL hashes equal the TypeScript ones, a law continuing its proposal, once', async () => {
    const cycle = (await h.db.cycle.findFirst({ orderBy: { number: 'asc' } }))!;
    const [oldLaw, oldProposal, oldGroup, oldArticle, oldAmendment] = [randomUUID(), randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    const at = new Date('2026-01-02T03:04:05.678Z');
    const later = new Date('2026-01-09T10:00:00.001Z');
    const tricky = 'Élan ✓ 🚲\n"quoted" \\ back\ttab « guillemets »';
    await h.db.$executeRaw(
      sql`INSERT INTO decisions.proposal (id, cycle_id, user_id, title, description, category, state, created_at, updated_at, submitted_at)
       VALUES (${oldLaw}::uuid, ${cycle.id}::uuid, ${author.id}::uuid, 'Old law', ${tricky}, 'transport', 'selected', ${at}, ${at}, ${at}),
              (${oldProposal}::uuid, ${cycle.id}::uuid, ${author.id}::uuid, 'Old deleted', 'Gone.', 'other', 'deleted', ${at}, ${at}, ${at})`,
    );
    await h.db.$executeRaw(
      sql`UPDATE decisions.proposal SET deleted_at = ${later}, deleted_by = ${moderator.id}::uuid, deleted_by_moderator = true WHERE id = ${oldProposal}::uuid`,
    );
    await h.db.$executeRaw(
      sql`INSERT INTO decisions.law (id, cycle_id, user_id, title, description, category, rank, state, created_at, updated_at)
       VALUES (${oldLaw}::uuid, ${cycle.id}::uuid, ${author.id}::uuid, 'Old law, renamed', ${tricky}, 'transport', 1, 'creation', ${later}, ${later})`,
    );
    await h.db.$executeRaw(
      sql`INSERT INTO decisions.law_group (id, law_id, name, position, created_at) VALUES (${oldGroup}::uuid, ${oldLaw}::uuid, 'Old group', 1, ${at})`,
    );
    await h.db.$executeRaw(
      sql`INSERT INTO decisions.article (id, law_id, user_id, body, position, created_at, updated_at, deleted_at, deleted_by)
       VALUES (${oldArticle}::uuid, ${oldLaw}::uuid, ${second.id}::uuid, ${tricky}, 1, ${at}, ${at}, ${later}, ${second.id}::uuid)`,
    );
    await h.db.$executeRaw(
      sql`INSERT INTO decisions.article (id, law_id, parent_id, user_id, title, body, position, created_at, updated_at)
       VALUES (${oldAmendment}::uuid, ${oldLaw}::uuid, ${oldArticle}::uuid, ${third.id}::uuid, 'Titre « ancien »', 'Amendement.', 1, ${at}, ${at})`,
    );
    const versionsBefore = await h.db.textVersion.count();
    const eventsBefore = await h.db.outboxEvent.count({ where: { subject: 'decisions.text.versioned' } });

    await runBackfill();

    const all = await new TextVersionRepository(h.db).chains([oldLaw, oldProposal, oldGroup, oldArticle, oldAmendment]);
    expect(await verifyChain(all)).toEqual([]);
    const chain = (id: string) => all.filter((version) => version.textId === id).map((v) => [v.kind, v.seq, v.change, v.role, v.editorId, v.title]);
    expect(chain(oldLaw)).toEqual([
      ['proposal', 1, 'created', 'author', author.id, 'Old law'],
      ['law', 2, 'created', 'author', author.id, 'Old law, renamed'],
    ]);
    expect(all.find((v) => v.textId === oldLaw && v.seq === 2)).toMatchObject({ body: tricky, createdAt: later.toISOString() });
    expect(chain(oldProposal)).toEqual([
      ['proposal', 1, 'created', 'author', author.id, 'Old deleted'],
      ['proposal', 2, 'deleted', 'moderator', moderator.id, null],
    ]);
    expect(chain(oldGroup)).toEqual([['group', 1, 'created', 'author', author.id, 'Old group']]);
    expect(chain(oldArticle)).toEqual([
      ['article', 1, 'created', 'author', second.id, null],
      ['article', 2, 'deleted', 'author', second.id, null],
    ]);
    // Its article deleted by the article's author: a fellow creator's tombstone, at the article's time.
    expect(chain(oldAmendment)).toEqual([
      ['amendment', 1, 'created', 'author', third.id, 'Titre « ancien »'],
      ['amendment', 2, 'deleted', 'creator', second.id, null],
    ]);
    expect(all.find((v) => v.textId === oldAmendment && v.seq === 2)).toMatchObject({ createdAt: later.toISOString() });
    // Texts that already had versions are left alone; one TextVersioned per backfilled text, for its last version.
    expect(await h.db.textVersion.count()).toBe(versionsBefore + all.length);
    const events = (await h.db.outboxEvent.findMany({ where: { subject: 'decisions.text.versioned' }, orderBy: { seq: 'asc' } })).slice(eventsBefore);
    expect(events.map((event) => event.payload as Record<string, unknown>).map((p) => [p['textId'], p['seq'], p['documentId'], p['documentTitle']]).sort()).toEqual(
      [
        [oldLaw, 2, oldLaw, 'Old law, renamed'],
        [oldProposal, 2, oldProposal, 'Old deleted'],
        [oldGroup, 1, oldLaw, 'Old law, renamed'],
        [oldArticle, 2, oldLaw, 'Old law, renamed'],
        [oldAmendment, 2, oldLaw, 'Old law, renamed'],
      ].sort(),
    );

    await runBackfill();
    expect(await h.db.textVersion.count()).toBe(versionsBefore + all.length);
    expect(await h.db.outboxEvent.count({ where: { subject: 'decisions.text.versioned' } })).toBe(eventsBefore + 5);
  });
});
