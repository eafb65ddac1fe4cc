import { randomUUID } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  ErrorMessages,
  Role,
  UserSuspended,
  type Article,
  type CreatorsDraw,
  type EditConflictData,
  type LawDetail,
  type LawList,
  type Proposal,
  type Source,
  type VoteAnswer,
  verifyOpenData,
} from '@civic/contracts';
import { sql } from '@civic/service-kit';
import { waitFor } from '@civic/test-kit';
import { drawCreators } from '../src/domain/creators-draw.js';
import { DAY, proposalInput, startHarness, type Harness, type Member } from './support/harness.js';

/**
 * A whole law through the service against real PostgreSQL and NATS: the creators draw when the vote
 * closes (and its recomputation), drafting with groups, articles, amendments and sources, the
 * permission matrix (author, another creator, another member, scribe, moderator, visitor), bad input in
 * the spec's shape with no change, the final vote with an amendment that wins, the result stored once,
 * LawArchived in chunks, the archive search, open data, and a PDF read back with pdftotext.
 */
let h: Harness;
let proposer: Member;
let second: Member;
const voters: Member[] = [];
let suspendedVoter: Member;
let other: Member;
let scribe: Member;
let moderator: Member;
let lawId: string;
let otherLawId: string;
let creators: Member[];

type Injected = { statusCode: number; json<T = unknown>(): T; body: string; headers: Record<string, unknown>; rawPayload: Buffer };
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, who?: Member, payload?: unknown): Promise<Injected> =>
  h.app.inject({ method, url, headers: who?.headers, payload: payload as object }) as unknown as Promise<Injected>;

function expectError(response: Injected, statusCode: number, message: string) {
  expect(response.statusCode).toBe(statusCode);
  expect(response.json()).toMatchObject({ statusCode, statusMessage: message });
}

const snapshot = async () => ({
  articles: await h.db.article.count(),
  groups: await h.db.lawGroup.count(),
  sources: await h.db.source.count(),
  events: await h.db.outboxEvent.count(),
  edits: (await h.db.article.findMany({ select: { body: true, title: true, deletedAt: true, moderationStatus: true, scribeStatus: true, pin: true }, orderBy: { id: 'asc' } })).map((a) => JSON.stringify(a)).join('|'),
});

const law = async (who?: Member, lang = 'en') => (await call('GET', `/api/laws/${lawId}?lang=${lang}`, who)).json<LawDetail>();
const outbox = async (subject: string) => (await h.db.outboxEvent.findMany({ where: { subject }, orderBy: { seq: 'asc' } })).map((row) => row.payload as Record<string, unknown>);

beforeAll(async () => {
  h = await startHarness({ CREATORS_PER_LAW: '3', LIVE_VOTERS_CACHE_MS: '0' });
  await h.scheduler.tick();
  proposer = await h.member({ name: 'Proposer' });
  second = await h.member({ name: 'Second' });
  for (const name of ['Élodie', 'Bastien', 'Chloé', 'Dénis']) voters.push(await h.member({ name }));
  suspendedVoter = await h.member({ name: 'Suspended' });
  other = await h.member({ name: 'Other' });
  scribe = await h.member({ name: 'Scribe', role: Role.Scribe });
  moderator = await h.member({ name: 'Moderator', role: Role.Moderator });

  const first = (await call('POST', '/api/proposals', proposer, proposalInput('Des bus gratuits le dimanche', 'transport'))).json<Proposal>();
  const next = (await call('POST', '/api/proposals', second, proposalInput('School gardens', 'education'))).json<Proposal>();
  lawId = first.id;
  otherLawId = next.id;
  h.clock.advance(14 * DAY);
  await h.scheduler.tick(); // the vote opens
  for (const voter of [...voters, suspendedVoter]) {
    expect((await call('PUT', `/api/proposals/${lawId}/vote`, voter, { vote: 'for' })).statusCode).toBe(200);
  }
  await call('PUT', `/api/proposals/${otherLawId}/vote`, voters[0], { vote: 'for' });
  await h.publish(UserSuspended, { userId: suspendedVoter.id, until: new Date(h.clock.now().getTime() + 30 * DAY).toISOString() });
  await waitFor(async () => (await h.db.citizen.findUnique({ where: { userId: suspendedVoter.id } }))?.suspendedUntil != null);
  h.clock.advance(7 * DAY);
  await h.scheduler.tick(); // the vote closes: creation
}, 60_000);

afterAll(async () => {
  await h?.close();
});

describe('the creators draw', () => {
  it('turns each selected proposal into a law in creation with its creators, and publishes LawCreated and LawCreatorsDrawn', async () => {
    const detail = await law();
    expect(detail).toMatchObject({ id: lawId, state: 'creation', title: 'Des bus gratuits le dimanche', category: 'transport', userId: proposer.id, articleCount: 0 });
    expect(detail.creators).toHaveLength(3);
    creators = detail.creators.map((creator) => voters.find((voter) => voter.id === creator.userId)!);
    expect(creators.every(Boolean)).toBe(true);
    expect((await outbox('decisions.law.created')).map((event) => event['lawId']).sort()).toEqual([lawId, otherLawId].sort());
    const drawn = await outbox('decisions.law.creators-drawn');
    expect(drawn.find((event) => event['lawId'] === lawId)).toMatchObject({ title: 'Des bus gratuits le dimanche', creators: detail.creators.map((c) => c.userId) });
  });

  it('publishes the seed at the close and serves what anyone needs to recompute the same creators', async () => {
    const [closed] = await outbox('decisions.proposal-vote.closed');
    const draw = (await call('GET', `/api/laws/${lawId}/draw`)).json<CreatorsDraw>();
    expect(draw.seed).toBe(closed!['seed']);
    expect(draw.algorithm).toBe('sha256-fisher-yates-v1');
    // Verified voters who are not suspended; the suspended voter and non-voters are not eligible.
    expect(draw.eligible).toEqual(voters.map((voter) => voter.id).sort());
    expect(drawCreators(draw.seed, draw.lawId, draw.eligible, draw.perLaw)).toEqual(draw.creators.map((creator) => creator.userId));
    expectError(await call('GET', `/api/laws/${randomUUID()}/draw`), 404, ErrorMessages.notFound);
  });
});

describe('drafting during creation', () => {
  let articleId: string;
  let groupId: string;

  it('lets only creators add groups and articles; others, scribes, moderators and visitors are refused with no change', async () => {
    const before = await snapshot();
    for (const who of [other, scribe, moderator, proposer]) {
      expectError(await call('POST', `/api/laws/${lawId}/groups`, who, { name: 'Hors sujet' }), 403, ErrorMessages.unauthorizedAction);
      expectError(await call('POST', `/api/laws/${lawId}/articles`, who, { body: 'Texte.' }), 403, ErrorMessages.unauthorizedAction);
    }
    expectError(await call('POST', `/api/laws/${lawId}/articles`, undefined, { body: 'Texte.' }), 401, ErrorMessages.unauthorized);
    expect(await snapshot()).toEqual(before);

    const created = await call('POST', `/api/laws/${lawId}/groups`, creators[0], { name: 'Transports publics' });
    expect(created.statusCode).toBe(201);
    groupId = created.json<LawDetail>().groups[0]!.id;
    // An article's text may hold several lines.
    const article = await call('POST', `/api/laws/${lawId}/articles`, creators[0], { body: 'Les bus sont gratuits le dimanche.\nEt les jours fériés.', groupId });
    expect(article.statusCode).toBe(201);
    expect(article.json<Article>().body).toBe('Les bus sont gratuits le dimanche.\nEt les jours fériés.');
    expect(article.json<Article>()).toMatchObject({ kind: 'article', groupId, userId: creators[0]!.id, moderationStatus: 0, scribeStatus: 0, amendments: [] });
    articleId = article.json<Article>().id;
    expect((await outbox('decisions.article.created')).map((event) => event['articleId'])).toContain(articleId);
  });

  it('answers bad input in the spec shape without any change', async () => {
    const before = await snapshot();
    expectError(await call('POST', `/api/laws/${lawId}/articles`, creators[0], { body: '   ' }), 400, ErrorMessages.badRequest);
    expectError(await call('POST', `/api/laws/${lawId}/articles`, creators[0], { body: '\u200b\n\u200b' }), 400, ErrorMessages.invisibleText);
    expectError(await call('POST', `/api/laws/${lawId}/articles`, creators[0], { body: 'Article\u0000' }), 400, ErrorMessages.forbiddenCharacters);
    expectError(await call('POST', `/api/laws/${lawId}/groups`, creators[0], { name: 'Group\none' }), 400, ErrorMessages.forbiddenCharacters);
    expectError(await call('POST', `/api/laws/${lawId}/articles`, creators[0], { body: 'x'.repeat(5001) }), 400, ErrorMessages.badRequest);
    expectError(await call('POST', `/api/laws/${lawId}/articles`, creators[0], {}), 400, ErrorMessages.missingRequiredFields);
    expectError(await call('POST', `/api/laws/${lawId}/articles`, creators[0], { body: 'ok', extra: 1 }), 400, ErrorMessages.badRequest);
    expectError(await call('POST', `/api/laws/${lawId}/articles`, creators[0], { body: 'ok', groupId: randomUUID() }), 404, ErrorMessages.notFound);
    expectError(await call('POST', `/api/laws/${lawId}/groups`, creators[0], { name: '' }), 400, ErrorMessages.badRequest);
    expectError(await call('POST', `/api/laws/not-a-law/articles`, creators[0], { body: 'ok' }), 400, ErrorMessages.badRequest);
    expectError(await call('POST', `/api/sources`, creators[0], { targetKind: 'source', targetId: articleId, type: 1 }), 400, ErrorMessages.badRequest);
    const badSource = await call('POST', `/api/sources`, creators[0], { targetKind: 'article', targetId: articleId, type: 4, title: 'Site', url: 'pas une adresse', accessDate: '2024-13-01', pages: '55-' });
    expectError(badSource, 400, ErrorMessages.badRequest);
    expect(badSource.json<{ data: { problems: unknown[] } }>().data.problems).toEqual([
      { field: 'url', message: 'invalidUrl' },
      { field: 'accessDate', message: 'invalidDate' },
      { field: 'pages', message: 'invalidPagesFormat' },
    ]);
    const missing = await call('POST', `/api/sources`, creators[0], { targetKind: 'article', targetId: articleId, type: 1, volume: 'IV' });
    expectError(missing, 400, ErrorMessages.missingRequiredFields);
    expect(missing.json<{ data: { problems: unknown[] } }>().data.problems).toEqual([
      { field: 'title', message: 'required' },
      { field: 'author', message: 'required' },
      { field: 'volume', message: 'invalidNumber' },
    ]);
    expect(await snapshot()).toEqual(before);
  });

  it('writes amendments (optional title) to articles, by any creator; not to amendments', async () => {
    const amendment = await call('POST', `/api/laws/${lawId}/articles/${articleId}/amendments`, creators[1], {
      title: 'Précision',
      body: 'Les bus et les trams sont gratuits le dimanche et les jours fériés.',
    });
    expect(amendment.statusCode).toBe(201);
    expect(amendment.json<Article>()).toMatchObject({ kind: 'amendment', parentId: articleId, title: 'Précision', groupId });
    const untitled = await call('POST', `/api/laws/${lawId}/articles/${articleId}/amendments`, creators[2], { body: 'Les bus sont gratuits tous les jours.' });
    expect(untitled.json<Article>().title).toBeNull();
    expectError(await call('POST', `/api/laws/${lawId}/articles/${amendment.json<Article>().id}/amendments`, creators[1], { body: 'x' }), 400, ErrorMessages.badRequest);
    expectError(await call('POST', `/api/laws/${lawId}/articles/${articleId}/amendments`, other, { body: 'x' }), 403, ErrorMessages.unauthorizedAction);
    const detail = await law();
    expect(detail.articles[0]!.amendments.map((a) => a.title)).toEqual(['Précision', null]);
  });

  it('applies the edit, delete, signal and pin rules of docs/product.md', async () => {
    const url = `/api/laws/${lawId}/articles/${articleId}`;
    const edit = { body: 'Les bus urbains sont gratuits le dimanche.' };
    let before = await snapshot();
    for (const who of [creators[1]!, other, scribe, moderator]) expectError(await call('PUT', url, who, edit), 403, ErrorMessages.unauthorizedAction);
    for (const who of [creators[1]!, other, scribe, moderator]) expectError(await call('DELETE', url, who), 403, ErrorMessages.unauthorizedAction);
    expectError(await call('POST', `${url}/signal`, creators[0], { to: 'moderator' }), 403, ErrorMessages.unauthorizedAction);
    for (const who of [creators[1]!, other, moderator]) expectError(await call('POST', `${url}/signal`, who, { to: 'scribe' }), 403, ErrorMessages.unauthorizedAction);
    for (const who of [creators[0]!, other, scribe]) expectError(await call('PUT', `${url}/pin`, who, { pin: true }), 403, ErrorMessages.unauthorizedAction);
    expect(await snapshot()).toEqual(before);

    expect((await call('PUT', url, creators[0], edit)).json<Article>().body).toBe(edit.body);
    // Signalled to the scribes by its author: a scribe edits it.
    expect((await call('POST', `${url}/signal`, creators[0], { to: 'scribe' })).json<Article>().scribeStatus).toBe(1);
    expectError(await call('POST', `${url}/signal`, creators[0], { to: 'scribe' }), 403, ErrorMessages.unauthorizedAction);
    expect((await call('PUT', url, scribe, { body: 'Les bus urbains sont gratuits le dimanche.', reason: 'Précision' })).statusCode).toBe(200);
    expectError(await call('PUT', url, moderator, edit), 403, ErrorMessages.unauthorizedAction);
    // Signalled to the moderators by another member: a moderator edits it.
    expect((await call('POST', `${url}/signal`, other, { to: 'moderator' })).json<Article>().moderationStatus).toBe(1);
    expectError(await call('POST', `${url}/signal`, creators[1], { to: 'moderator' }), 403, ErrorMessages.unauthorizedAction);
    expect((await call('PUT', url, moderator, { body: 'Les bus urbains sont gratuits le dimanche.', reason: 'Signalement traité' })).statusCode).toBe(200);
    expect((await call('PUT', `${url}/pin`, moderator, { pin: true })).json<Article>().pin).toBe(true);
    expect((await outbox('decisions.content.signalled')).map((event) => event['to'])).toEqual(['scribe', 'moderator']);
    expect((await outbox('decisions.content.moderated')).map((event) => `${event['role']}:${event['action']}`)).toEqual(['scribe:edited', 'moderator:edited']);

    // Deleting: the author deletes their own; a moderator deletes a signalled one; both leave every view.
    before = await snapshot();
    const mine = (await call('POST', `/api/laws/${lawId}/articles`, creators[1], { body: 'Un article à retirer.' })).json<Article>();
    expectError(await call('DELETE', `/api/laws/${lawId}/articles/${mine.id}`, creators[0]), 403, ErrorMessages.unauthorizedAction);
    expect((await call('DELETE', `/api/laws/${lawId}/articles/${mine.id}`, creators[1])).statusCode).toBe(204);
    const rude = (await call('POST', `/api/laws/${lawId}/articles`, creators[2], { body: 'Un article grossier.' })).json<Article>();
    expectError(await call('DELETE', `/api/laws/${lawId}/articles/${rude.id}`, moderator), 403, ErrorMessages.unauthorizedAction);
    await call('POST', `/api/laws/${lawId}/articles/${rude.id}/signal`, other, { to: 'moderator' });
    expect((await call('DELETE', `/api/laws/${lawId}/articles/${rude.id}`, moderator)).statusCode).toBe(204);
    const ids = (await law()).articles.map((article) => article.id);
    expect(ids).not.toContain(mine.id);
    expect(ids).not.toContain(rude.id);
    expectError(await call('GET', `/api/laws/${lawId}/articles/${rude.id}`), 404, ErrorMessages.notFound);
    expectError(await call('PUT', `/api/laws/${lawId}/articles/${mine.id}`, creators[1], edit), 404, ErrorMessages.notFound);
    expect((await snapshot()).articles).toBe(before.articles + 2);
  });

  it('refuses an edit based on an older version with the saved one (409), so no words are lost silently', async () => {
    const written = (await call('POST', `/api/laws/${lawId}/articles`, creators[1], { body: 'Les pistes cyclables sont éclairées.' })).json<Article>();
    const url = `/api/laws/${lawId}/articles/${written.id}`;
    // Saved from another page of the author while this one was open.
    const first = (await call('PUT', url, creators[1], { body: 'Les pistes cyclables sont éclairées la nuit.', baseBody: written.body })).json<Article>();
    expect(first.body).toBe('Les pistes cyclables sont éclairées la nuit.');
    const before = await snapshot();
    const stale = await call('PUT', url, creators[1], { body: 'Les pistes cyclables sont larges.', baseBody: written.body });
    expectError(stale, 409, ErrorMessages.editConflict);
    expect(stale.json<{ data: EditConflictData }>().data).toEqual({
      reason: 'edit-conflict',
      current: { title: null, body: 'Les pistes cyclables sont éclairées la nuit.' },
    });
    expect(await snapshot()).toEqual(before);
    // Merged on the version shown: saved. Without a base (an older client) the save still wins.
    const merged = await call('PUT', url, creators[1], { body: 'Les pistes cyclables sont larges et éclairées la nuit.', baseBody: first.body });
    expect(merged.json<Article>().body).toBe('Les pistes cyclables sont larges et éclairées la nuit.');
    expect((await call('PUT', url, creators[1], { body: 'Les pistes cyclables sont larges.' })).statusCode).toBe(200);
    // A malformed base is a 400, and changes nothing.
    const after = await snapshot();
    expectError(await call('PUT', url, creators[1], { body: 'x', baseBody: 42 }), 400, ErrorMessages.badRequest);
    expect(await snapshot()).toEqual(after);
    // Out of the later tests' way.
    expect((await call('DELETE', url, creators[1])).statusCode).toBe(204);
  });

  it('orders groups and articles: add, rename, move up and down, delete a group (its articles stay, ungrouped)', async () => {
    const intro = (await call('POST', `/api/laws/${lawId}/articles`, creators[2], { body: 'La présente loi s’applique à toutes les communes.' })).json<Article>();
    let detail = (await call('POST', `/api/laws/${lawId}/groups`, creators[1], { name: 'Financement' })).json<LawDetail>();
    const financing = detail.groups.find((group) => group.name === 'Financement')!.id;
    const tax = (await call('POST', `/api/laws/${lawId}/articles`, creators[1], { body: 'Une taxe de 1 € sur le stationnement finance la mesure.', groupId: financing })).json<Article>();
    const rejectedText = (await call('POST', `/api/laws/${lawId}/articles`, creators[1], { body: 'Les voitures sont interdites le dimanche.', groupId: financing })).json<Article>();
    const throwaway = (await call('POST', `/api/laws/${lawId}/groups`, creators[1], { name: 'À supprimer' })).json<LawDetail>().groups.find((g) => g.name === 'À supprimer')!.id;
    detail = (await call('PUT', `/api/laws/${lawId}/groups/${financing}`, creators[2], { name: 'Financement de la mesure' })).json<LawDetail>();
    expect(detail.groups.map((group) => group.name)).toEqual(['Transports publics', 'Financement de la mesure', 'À supprimer']);
    detail = (await call('POST', `/api/laws/${lawId}/groups/${financing}/move`, creators[0], { direction: 'up' })).json<LawDetail>();
    expect(detail.groups.map((group) => group.name)).toEqual(['Financement de la mesure', 'Transports publics', 'À supprimer']);
    detail = (await call('POST', `/api/laws/${lawId}/groups/${financing}/move`, creators[0], { direction: 'down' })).json<LawDetail>();
    expect(detail.groups.map((group) => group.name)).toEqual(['Transports publics', 'Financement de la mesure', 'À supprimer']);
    // The rejected text moves above the tax article, then back below it.
    detail = (await call('POST', `/api/laws/${lawId}/articles/${rejectedText.id}/move`, creators[0], { direction: 'up' })).json<LawDetail>();
    expect(detail.articles.filter((a) => a.groupId === financing).map((a) => a.id)).toEqual([rejectedText.id, tax.id]);
    detail = (await call('POST', `/api/laws/${lawId}/articles/${rejectedText.id}/move`, creators[0], { direction: 'down' })).json<LawDetail>();
    expect(detail.articles.filter((a) => a.groupId === financing).map((a) => a.id)).toEqual([tax.id, rejectedText.id]);
    expectError(await call('POST', `/api/laws/${lawId}/groups/${financing}/move`, other, { direction: 'up' }), 403, ErrorMessages.unauthorizedAction);
    expectError(await call('PUT', `/api/laws/${lawId}/groups/${financing}`, moderator, { name: 'Piraté' }), 403, ErrorMessages.unauthorizedAction);
    const stray = (await call('POST', `/api/laws/${lawId}/articles`, creators[1], { body: 'Un article égaré.', groupId: throwaway })).json<Article>();
    detail = (await call('DELETE', `/api/laws/${lawId}/groups/${throwaway}`, creators[1])).json<LawDetail>();
    expect(detail.groups.map((group) => group.name)).toEqual(['Transports publics', 'Financement de la mesure']);
    expect(detail.articles.find((a) => a.id === stray.id)?.groupId).toBeNull();
    expect((await call('DELETE', `/api/laws/${lawId}/articles/${stray.id}`, creators[1])).statusCode).toBe(204);
    // Final-text order: ungrouped first, then groups in order, articles in their order.
    expect((await law()).articles.map((a) => a.id)).toEqual([intro.id, articleId, tax.id, rejectedText.id]);
  });

  it('takes sources from whoever may edit the item (and the law’s creators on the law); a moderator or the permission flag edits them', async () => {
    const detail = await law();
    const intro = detail.articles[0]!;
    const book = { type: 1, title: 'Du contrat social', author: 'Rousseau, J.-J.', publicationDate: '1762', publisher: 'Marc-Michel Rey' };
    expectError(await call('POST', '/api/sources', other, { targetKind: 'article', targetId: intro.id, ...book }), 403, ErrorMessages.unauthorizedAction);
    expectError(await call('POST', '/api/sources', creators[0], { targetKind: 'article', targetId: intro.id, ...book }), 403, ErrorMessages.unauthorizedAction);
    const added = await call('POST', '/api/sources?lang=fr', creators[2], { targetKind: 'article', targetId: intro.id, ...book });
    expect(added.statusCode).toBe(201);
    const source = added.json<Source>();
    expect(source.apa.text).toBe('Rousseau, J.-J. (1762). Du contrat social. Marc-Michel Rey.');
    const site = await call('POST', '/api/sources?lang=fr', creators[0], {
      targetKind: 'law',
      targetId: lawId,
      type: 4,
      title: 'Les transports en commun gratuits',
      author: 'Cerema',
      publicationDate: '2023-11-14',
      url: 'https://www.cerema.fr/fr/actualites/gratuite',
      accessDate: '2024-02-05',
    });
    expect(site.statusCode).toBe(201);
    expect(site.json<Source>().apa.text).toBe('Cerema. (2023, 14 novembre). Les transports en commun gratuits. Consulté le 5 février 2024, à l’adresse https://www.cerema.fr/fr/actualites/gratuite');
    expectError(await call('POST', '/api/sources', proposer, { targetKind: 'article', targetId: intro.id, ...book }), 403, ErrorMessages.unauthorizedAction);

    const sourceUrl = `/api/sources/${source.id}`;
    expectError(await call('PUT', sourceUrl, other, { ...book, title: 'Émile' }), 403, ErrorMessages.unauthorizedAction);
    expectError(await call('PUT', sourceUrl, scribe, { ...book, title: 'Émile' }), 403, ErrorMessages.unauthorizedAction);
    expect((await call('PUT', sourceUrl, creators[2], { ...book, pages: '55-75' })).json<Source>().pages).toBe('55-75');
    expect((await call('PUT', sourceUrl, moderator, { ...book, publisher: 'Rey' })).json<Source>().publisher).toBe('Rey');
    const before = await snapshot();
    expectError(await call('PUT', sourceUrl, moderator, { ...book, url: 'ftp//bad' }), 400, ErrorMessages.badRequest);
    expectError(await call('DELETE', sourceUrl, other), 403, ErrorMessages.unauthorizedAction);
    expect(await snapshot()).toEqual(before);
    expectError(await call('PUT', `${sourceUrl}/pin`, creators[2], { pin: true }), 403, ErrorMessages.unauthorizedAction);
    expect((await call('PUT', `${sourceUrl}/pin`, moderator, { pin: true })).json<Source>().pin).toBe(true);
    expect((await call('PUT', `${sourceUrl}/pin`, moderator, { pin: false })).json<Source>().pin).toBe(false);
    const extra = (await call('POST', '/api/sources', creators[2], { targetKind: 'article', targetId: intro.id, type: 6, title: 'Note de séance' })).json<Source>();
    expect((await call('DELETE', `/api/sources/${extra.id}`, moderator)).statusCode).toBe(204);
    expectError(await call('GET', `/api/sources/${extra.id}`), 404, ErrorMessages.notFound);
    const sources = (await law(undefined, 'en')).articles[0]!.sources;
    expect(sources.map((s) => s.apa.text)).toEqual(['Rousseau, J.-J. (1762). Du contrat social. Rey.']);
  });
});

describe('the law itself', () => {
  it('lets its author edit it, members signal it, a moderator or scribe edit it once signalled, a moderator pin it', async () => {
    const url = `/api/laws/${otherLawId}`;
    const input = { title: 'School gardens for every town', description: 'Every town gives its school a garden.' };
    const before = await snapshot();
    for (const who of [other, scribe, moderator, voters[0]!]) expectError(await call('PUT', url, who, input), 403, ErrorMessages.unauthorizedAction);
    expectError(await call('POST', `${url}/signal`, second, { to: 'moderator' }), 403, ErrorMessages.unauthorizedAction);
    expectError(await call('POST', `${url}/signal`, other, { to: 'scribe' }), 403, ErrorMessages.unauthorizedAction);
    expectError(await call('PUT', `${url}/pin`, second, { pin: true }), 403, ErrorMessages.unauthorizedAction);
    expectError(await call('DELETE', url, other), 403, ErrorMessages.unauthorizedAction);
    expectError(await call('PUT', url, second, { title: 'ab', description: 'x' }), 400, ErrorMessages.badRequest);
    expect(await snapshot()).toEqual(before);
    expect((await call('PUT', url, second, input)).json<LawDetail>().title).toBe(input.title);
    expect((await call('POST', `${url}/signal`, other, { to: 'moderator' })).json<LawDetail>().moderationStatus).toBe(1);
    expect((await call('PUT', url, moderator, { ...input, description: 'Reworded by a moderator.', reason: 'Signal handled' })).statusCode).toBe(200);
    expect((await call('POST', `${url}/signal`, second, { to: 'scribe' })).json<LawDetail>().scribeStatus).toBe(1);
    expect((await call('PUT', url, scribe, { ...input, description: 'Every town gives its primary school a garden.', reason: 'Clearer' })).json<LawDetail>().description).toBe(
      'Every town gives its primary school a garden.',
    );
    expect((await call('PUT', `${url}/pin`, moderator, { pin: true })).json<LawDetail>().pin).toBe(true);
    const moderated = (await outbox('decisions.content.moderated')).filter((event) => event['kind'] === 'law');
    expect(moderated.map((event) => `${event['role']}:${event['action']}`)).toEqual(['moderator:edited', 'scribe:edited']);
  });
});

describe('the final vote and the archive', () => {
  const byBody = (detail: LawDetail, start: string) => detail.articles.find((a) => a.body.startsWith(start))!;

  it('refuses ballots before the final vote, and writing once it has begun', async () => {
    const intro = (await law()).articles[0]!;
    expectError(await call('PUT', `/api/laws/${lawId}/articles/${intro.id}/vote`, other, { vote: 'for' }), 403, ErrorMessages.unauthorizedAction);
    h.clock.advance(14 * DAY);
    await h.scheduler.tick();
    expect((await law()).state).toBe('final-vote');
    expectError(await call('POST', `/api/laws/${lawId}/articles`, creators[0], { body: 'Trop tard.' }), 403, ErrorMessages.unauthorizedAction);
    expectError(await call('PUT', `/api/laws/${lawId}/articles/${intro.id}`, creators[2], { body: 'Trop tard.' }), 403, ErrorMessages.unauthorizedAction);
  });

  it('takes one replaceable ballot per member and text, with live counts; visitors, unverified and suspended members are refused', async () => {
    const detail = await law();
    const intro = detail.articles[0]!;
    const buses = byBody(detail, 'Les bus urbains');
    const [precision, everyDay] = buses.amendments;
    const tax = byBody(detail, 'Une taxe');
    const cars = byBody(detail, 'Les voitures');
    const vote = async (who: Member, article: Article, choice: string) => {
      const answer = await call('PUT', `/api/laws/${lawId}/articles/${article.id}/vote`, who, { vote: choice });
      expect(answer.statusCode).toBe(200);
      return answer.json<VoteAnswer>();
    };
    const everyone = [...voters, other, scribe, moderator];
    for (const who of everyone) await vote(who, intro, 'for');
    // The article 2 for, the "Précision" amendment 4 for, the other amendment 4 - 1: "Précision" wins.
    for (const who of everyone.slice(0, 2)) await vote(who, buses, 'for');
    for (const who of everyone.slice(2, 6)) await vote(who, precision!, 'for');
    for (const who of everyone.slice(0, 4)) await vote(who, everyDay!, 'for');
    expect((await vote(everyone[0]!, everyDay!, 'against')).counts).toMatchObject({ for: 3, against: 1 });
    for (const who of everyone.slice(0, 5)) await vote(who, tax, 'for');
    await vote(everyone[5]!, tax, 'against');
    for (const who of everyone.slice(0, 3)) await vote(who, cars, 'against');
    const last = await vote(everyone[3]!, cars, 'for');
    expect(last).toEqual({ counts: { for: 1, against: 3, neutral: 0, blank: 0, score: -2 }, myVote: 'for' });
    const taken = await call('DELETE', `/api/laws/${lawId}/articles/${cars.id}/vote`, everyone[3]);
    expect(taken.json<VoteAnswer>()).toEqual({ counts: { for: 0, against: 3, neutral: 0, blank: 0, score: -3 }, myVote: null });
    await vote(everyone[3]!, cars, 'neutral');

    // Simultaneous ballots of one member on one text leave exactly one, and counters equal to the rows.
    const burst = ['against', 'neutral', 'blank', 'for', 'against', 'blank', 'neutral', 'for'];
    const answers = await Promise.all(burst.map((choice) => call('PUT', `/api/laws/${lawId}/articles/${intro.id}/vote`, other, { vote: choice })));
    expect(answers.map((answer) => answer.statusCode)).toEqual(burst.map(() => 200));
    await vote(other, intro, 'for');
    expect(await h.db.articleVote.count({ where: { articleId: intro.id, userId: other.id } })).toBe(1);
    expect(await h.db.article.findUnique({ where: { id: intro.id }, select: { votesFor: true, votesAgainst: true, votesNeutral: true, votesBlank: true } })).toEqual({
      votesFor: everyone.length,
      votesAgainst: 0,
      votesNeutral: 0,
      votesBlank: 0,
    });

    const before = await h.db.articleVote.count();
    expectError(await call('PUT', `/api/laws/${lawId}/articles/${intro.id}/vote`, undefined, { vote: 'for' }), 401, ErrorMessages.unauthorized);
    const unverified = await h.member({ verified: false });
    expectError(await call('PUT', `/api/laws/${lawId}/articles/${intro.id}/vote`, unverified, { vote: 'for' }), 403, ErrorMessages.unauthorizedAction);
    expectError(await call('PUT', `/api/laws/${lawId}/articles/${intro.id}/vote`, suspendedVoter, { vote: 'for' }), 403, ErrorMessages.suspensionError);
    expectError(await call('PUT', `/api/laws/${lawId}/articles/${intro.id}/vote`, other, { vote: 'maybe' }), 400, ErrorMessages.badRequest);
    expectError(await call('PUT', `/api/laws/${lawId}/articles/${randomUUID()}/vote`, other, { vote: 'for' }), 404, ErrorMessages.notFound);
    expect(await h.db.articleVote.count()).toBe(before);

    const live = await law(voters[0]);
    expect(live.voters).toBe(everyone.length);
    expect(byBody(live, 'Les bus urbains').amendments[0]).toMatchObject({ counts: { for: 4 }, myVote: null });
    expect(live.articles[0]).toMatchObject({ counts: { for: everyone.length }, myVote: 'for', result: null });
  });

  it('computes the result once when the phase ends, stores it, and publishes LawArchived per chunk of 1,000 voters', async () => {
    // 1,500 more ballots written straight into the table (with the counters each ballot moves): the
    // event must come in two chunks.
    const extra = Array.from({ length: 1500 }, () => randomUUID());
    const intro = (await law()).articles[0]!;
    await h.db.$executeRaw(
      sql`INSERT INTO decisions.article_vote (article_id, user_id, choice, updated_at) SELECT ${intro.id}::uuid, id, 'blank', now() FROM unnest(${extra}::uuid[]) AS id`,
    );
    await h.db.$executeRaw(sql`UPDATE decisions.article SET votes_blank = votes_blank + 1500 WHERE id = ${intro.id}::uuid`);
    // The counters equal the ballot rows for every text.
    const drift = await h.db.$queryRaw<{ id: string }[]>(
      sql`SELECT a.id::text AS id FROM decisions.article a LEFT JOIN decisions.article_vote v ON v.article_id = a.id WHERE a.law_id = ${lawId}::uuid
       GROUP BY a.id HAVING a.votes_for <> count(*) FILTER (WHERE v.choice = 'for') OR a.votes_against <> count(*) FILTER (WHERE v.choice = 'against')
         OR a.votes_neutral <> count(*) FILTER (WHERE v.choice = 'neutral') OR a.votes_blank <> count(*) FILTER (WHERE v.choice = 'blank')`,
    );
    expect(drift).toEqual([]);
    h.clock.advance(7 * DAY);
    await h.scheduler.tick();
    const detail = await law();
    expect(detail.state).toBe('adopted');
    expect(detail.voters).toBe(1500 + 7);
    const buses = byBody(detail, 'Les bus urbains');
    expect(buses.result).toEqual({ winner: false, adopted: false });
    expect(buses.amendments.map((a) => [a.title, a.result])).toEqual([
      ['Précision', { winner: true, adopted: true }],
      [null, { winner: false, adopted: false }],
    ]);
    expect(detail.articles[0]).toMatchObject({ counts: { for: 7, blank: 1500 }, result: { winner: true, adopted: true } });
    expect(byBody(detail, 'Les voitures').result).toEqual({ winner: true, adopted: false });
    const archived = (await outbox('decisions.law.archived')).filter((event) => event['lawId'] === lawId);
    expect(archived.map((event) => [event['chunk'], event['chunks'], (event['voterIds'] as string[]).length, event['adopted']])).toEqual([
      [1, 2, 1000, true],
      [2, 2, 507, true],
    ]);
    expect(new Set(archived.flatMap((event) => event['voterIds'] as string[])).size).toBe(1507);
    const empty = (await outbox('decisions.law.archived')).find((event) => event['lawId'] === otherLawId);
    expect(empty).toMatchObject({ adopted: false, voterIds: [], chunk: 1, chunks: 1 });
    // Ballots after the end are refused.
    expectError(await call('PUT', `/api/laws/${lawId}/articles/${intro.id}/vote`, other, { vote: 'against' }), 403, ErrorMessages.unauthorizedAction);
  });

  it('finds archived laws by title and category', async () => {
    const search = async (query: string) => (await call('GET', `/api/laws${query}`)).json<LawList>().laws.map((l) => l.id);
    expect(await search('?q=bus%20gratuits')).toEqual([lawId]);
    expect(await search('?q=BUS&category=transport&state=adopted')).toEqual([lawId]);
    expect(await search('?category=education')).toEqual([otherLawId]);
    expect(await search('?q=100%25')).toEqual([]);
    expect(await search('?state=rejected')).toEqual([otherLawId]);
    // PostgreSQL cannot take a NUL in a search: refused as text, never a 500.
    expectError(await call('GET', '/api/laws?q=%00'), 400, ErrorMessages.forbiddenCharacters);
    expectError(await call('GET', '/api/laws?category=weather'), 400, ErrorMessages.badRequest);
    const board = (await call('GET', '/api/kanban/laws')).json<{ columns: { state: string; laws: { id: string }[] }[] }>();
    expect(board.columns.map((column) => [column.state, column.laws.map((l) => l.id)])).toEqual([
      ['creation', []],
      ['final-vote', []],
      ['adopted', [lawId]],
      ['rejected', [otherLawId]],
    ]);
  });

  it('pages the archive with a keyset cursor: no page overlaps, the last page ends it, search pages too, a bad cursor is refused', async () => {
    const [{ cycleId }] = [(await h.db.law.findUniqueOrThrow({ where: { id: lawId } }))];
    // 230 archived laws, many archived at the same instant, one pinned: more than two pages of 100.
    const base = new Date('2020-01-01T00:00:00.000Z').getTime();
    const many = Array.from({ length: 230 }, (_, i) => {
      const at = new Date(base + Math.floor(i / 7) * 60_000);
      return { id: randomUUID(), cycleId, userId: proposer.id, title: `Paged law ${i}${i % 2 ? ' odd' : ''}`, description: 'A law of the paging test.', category: 'transport', rank: i % 5, state: 'adopted', pin: i === 17, createdAt: at, updatedAt: at, archivedAt: at };
    });
    await h.db.law.createMany({ data: many });
    try {
      const pages = async (query: string) => {
        const seen: string[][] = [];
        let before: string | null = null;
        do {
          const answer: Injected = await call('GET', `/api/laws?${query}${before ? `&before=${before}` : ''}`);
          expect(answer.statusCode).toBe(200);
          const page = answer.json<LawList>();
          seen.push(page.laws.map((l) => l.id));
          before = page.nextBefore;
        } while (before && seen.length < 10);
        return seen;
      };
      const all = await pages('state=adopted');
      expect(all.map((page) => page.length)).toEqual([100, 100, 31]);
      const flat = all.flat();
      expect(new Set(flat).size).toBe(flat.length);
      expect(new Set(flat)).toEqual(new Set([...many.map((l) => l.id), lawId]));
      // The list's own order across pages: pinned first, newest first, then by rank (then id).
      const expected = [...many]
        .sort((a, b) => Number(b.pin) - Number(a.pin) || b.archivedAt.getTime() - a.archivedAt.getTime() || a.rank - b.rank || (a.id < b.id ? -1 : 1))
        .map((l) => l.id);
      expect(flat.filter((id) => id !== lawId)).toEqual(expected);
      const odd = (await pages('q=odd&category=transport')).flat();
      expect(new Set(odd)).toEqual(new Set(many.filter((_, i) => i % 2).map((l) => l.id)));
      expect(odd).toHaveLength(115);
      // A law that ends a page may be deleted meanwhile: the next page still follows it.
      const firstPage = (await call('GET', '/api/laws?state=adopted')).json<LawList>();
      await h.db.law.update({ where: { id: firstPage.nextBefore! }, data: { deletedAt: new Date() } });
      expect((await call('GET', `/api/laws?state=adopted&before=${firstPage.nextBefore}`)).json<LawList>().laws[0]!.id).toBe(all[1]![0]);
      expectError(await call('GET', '/api/laws?before=not-a-law'), 400, ErrorMessages.badRequest);
      expectError(await call('GET', `/api/laws?before=${randomUUID()}`), 400, ErrorMessages.badRequest);
    } finally {
      await h.db.law.deleteMany({ where: { id: { in: many.map((l) => l.id) } } });
    }
  });

  it('serves open data with the vote counts', async () => {
    const answer = await call('GET', `/api/laws/${lawId}/open-data`);
    expect(answer.statusCode).toBe(200);
    const data = answer.json<{ adopted: boolean; articles: { number: number | null; finalText: string; adopted: boolean; counts: object; amendments: { counts: object; winner: boolean }[] }[] }>();
    expect(data.adopted).toBe(true);
    expect(data.articles.map((a) => a.number)).toEqual([1, 2, 3, null]);
    expect(data.articles[1]).toMatchObject({ finalText: 'Les bus et les trams sont gratuits le dimanche et les jours fériés.', adopted: true, counts: { for: 2, against: 0 } });
    expect(data.articles[1]!.amendments.map((a) => [a.counts, a.winner])).toEqual([
      [{ for: 4, against: 0, neutral: 0, blank: 0 }, true],
      [{ for: 3, against: 1, neutral: 0, blank: 0 }, false],
    ]);
    expectError(await call('GET', `/api/laws/${randomUUID()}/open-data`), 404, ErrorMessages.notFound);
  });

  it('renders the PDF in the reader’s language, opening on the adopted articles in order, accents intact (pdftotext), tagged (pdfinfo)', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'law-pdf-'));
    try {
      const infos: Record<string, string>[] = [];
      const text = async (lang: 'en' | 'fr', url: string, headers: Record<string, string> = {}) => {
        const answer = await h.app.inject({ url, headers });
        expect(answer.statusCode).toBe(200);
        expect(answer.headers['content-type']).toBe('application/pdf');
        const file = path.join(dir, `${randomUUID()}.pdf`);
        writeFileSync(file, answer.rawPayload);
        const extracted = spawnSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
        expect(extracted.status).toBe(0);
        const info = spawnSync('pdfinfo', ['-enc', 'UTF-8', file], { encoding: 'utf8' });
        expect(info.status).toBe(0);
        infos.push(Object.fromEntries(info.stdout.split('\n').map((line) => [line.slice(0, line.indexOf(':')).trim(), line.slice(line.indexOf(':') + 1).trim()])));
        // Screen readers need the language and the structure tree: headings before paragraphs.
        expect(answer.rawPayload.toString('latin1')).toContain(`/Lang (${lang})`);
        const tree = spawnSync('pdfinfo', ['-struct', file], { encoding: 'utf8' }).stdout;
        expect(tree).toMatch(/^Document\n {2}P[^\n]*\n {2}H1/);
        expect(tree).toMatch(/Sect\n {4}H2/);
        return extracted.stdout.replace(/\s+/g, ' ');
      };
      const fr = await text('fr', `/api/laws/${lawId}/pdf`, { 'accept-language': 'fr-FR,fr;q=0.9' });
      // The text of the law comes right after the title and the date; what the law is about, after it.
      const description = (await law()).description;
      expect(fr.indexOf('Texte de la loi')).toBeLessThan(fr.indexOf(description));
      expect(fr.indexOf('Adoptée le')).toBeLessThan(fr.indexOf('Texte de la loi'));
      expect(fr.indexOf('Présentation de la loi')).toBeGreaterThan(fr.indexOf('Article 3'));
      const order = [
        'Des bus gratuits le dimanche',
        'Adoptée le',
        'Texte de la loi',
        'Article 1',
        'La présente loi s’applique à toutes les communes.',
        'Transports publics',
        'Article 2',
        'Les bus et les trams sont gratuits le dimanche et les jours fériés.',
        'Financement de la mesure',
        'Article 3',
        'Une taxe de 1 € sur le stationnement finance la mesure.',
        'Sources',
        'Cerema. (2023, 14 novembre). Les transports en commun gratuits. Consulté le 5 février 2024',
        'Rousseau, J.-J. (1762). Du contrat social. Rey.',
        'Scellé à la clôture du vote final',
      ];
      let at = -1;
      for (const piece of order) {
        const found = fr.indexOf(piece, at + 1);
        expect({ piece, found: found > at }).toEqual({ piece, found: true });
        at = found;
      }
      expect(fr).not.toContain('Les voitures sont interdites');
      expect(fr).not.toContain('Les bus urbains sont gratuits');
      const en = await text('en', `/api/laws/${lawId}/pdf?lang=en`);
      expect(en).toContain('Adopted on');
      expect(en).toContain('Cerema. (2023, November 14).');
      expect(en).toContain('Les bus et les trams sont gratuits le dimanche et les jours fériés.');
      // The seal closes both, as docs/text-chain.md#seal computes it.
      const seal = (await law()).seal!;
      expect(seal.hash).toMatch(/^[0-9a-f]{64}$/);
      expect(fr).toMatch(new RegExp(`Sceau \\(SHA-256\\)\\s?: ${seal.hash}`));
      expect(en).toContain(`Seal (SHA-256): ${seal.hash}`);
      expect(en).toContain('Sealed at the close of the final vote');
      // One clock, named alike in both languages: the platform's zone, never Intl's "CET" or "UTC+1".
      expect(en).toMatch(/at \d{1,2}:\d{2} [AP]M \(Paris time\)/);
      expect(fr).toMatch(/à \d{2}:\d{2} \(heure de Paris\)/);
      for (const pdf of [en, fr]) expect(pdf).not.toMatch(/\b(CET|CEST|UTC[+-]\d)\b/);
      // Tagged, titled: pdfinfo reads the structure and the law's title.
      for (const info of infos) expect(info).toMatchObject({ Tagged: 'yes', Title: 'Des bus gratuits le dimanche' });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    expectError(await call('GET', `/api/laws/${randomUUID()}/pdf`), 404, ErrorMessages.notFound);
  }, 30_000);

  it('serves open data that verifies against the seal, and names an adopted text changed in the database afterwards', async () => {
    const data = (await call('GET', `/api/laws/${lawId}/open-data`)).json<{ seal: { hash: string }; articles: { id: string; number: number | null; replacedBy: string | null }[] }>();
    const report = await verifyOpenData(data);
    expect(report).toMatchObject({ ok: true, seal: (await law()).seal!.hash, problems: [] });
    // The law (continuing its proposal), its groups, its live articles and amendments.
    expect(report.texts).toBeGreaterThanOrEqual(6);
    const kept = data.articles.find((article) => article.number === 1 && article.replacedBy === null)!;
    await h.db.$executeRaw(sql`UPDATE decisions.article SET body = body || ' (changed)' WHERE id = ${kept.id}::uuid`);
    try {
      const tampered = await verifyOpenData((await call('GET', `/api/laws/${lawId}/open-data`)).json());
      expect(tampered.ok).toBe(false);
      expect(tampered.problems).toEqual([{ problem: 'adopted-text', articleId: kept.id, number: 1 }]);
    } finally {
      await h.db.$executeRaw(sql`UPDATE decisions.article SET body = left(body, length(body) - 10) WHERE id = ${kept.id}::uuid`);
    }
  });
});
