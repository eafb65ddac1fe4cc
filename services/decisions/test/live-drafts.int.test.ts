import { randomUUID } from 'node:crypto';
import {
  ARTICLE_BODY_MAX,
  ChatDraftSettled,
  liveTopics,
  Role,
  UserSuspended,
  verifyChain,
  verifyOpenData,
  type Article,
  type EventPayload,
  type LawDetail,
  type LawList,
  type LiveUpdate,
  type TextHistory,
} from '@civic/contracts';
import { publishEvent, recordLiveUpdates, waitFor } from '@civic/test-kit';
import { TextVersionRepository } from '../src/store/text-version.repository.js';
import { DAY, startHarness, type Harness, type Member } from './support/harness.js';
import { caller, closeFinalVote, draftLaw, type DraftedLaw } from './support/law-cycle.js';

/**
 * Words typed live (chat.draft.settled, docs/co-drafting.md) against real PostgreSQL and NATS: the
 * durable consumer writes them as one version by the creator who saved, naming the creators who typed
 * with them, publishes TextVersioned and marks the law changed; the same words write nothing; words
 * based on a text a scribe changed meanwhile write nothing and answer DraftConflicted; a save that can
 * never apply writes nothing and is acknowledged once, never retried.
 */
let h: Harness;
let law: DraftedLaw;
let first: Member;
let second: Member;
let scribe: Member;
let received: { update: LiveUpdate; at: number }[];
let subscription: { unsubscribe(): void };

const CONSUMER = 'decisions-chat-draft-settled';
type Draft = EventPayload<typeof ChatDraftSettled>;

const versionsOf = (textId: string) => new TextVersionRepository(h.db).chains([textId]);
const bodyOf = async (textId: string) => (await h.db.article.findUnique({ where: { id: textId }, select: { body: true } }))!.body;
const outbox = async (subject: string) =>
  (await h.db.outboxEvent.findMany({ where: { subject }, orderBy: { seq: 'asc' } })).map((row) => row.payload as Record<string, unknown>);
const lawUpdates = (from: number) => received.slice(from).filter(({ update }) => update.topic === liveTopics.law(law.lawId));
/** What a save may change: every text, version and event of the service. */
const snapshot = async () => ({
  versions: await h.db.textVersion.count(),
  events: await h.db.outboxEvent.count(),
  texts: JSON.stringify(await h.db.article.findMany({ select: { id: true, title: true, body: true, updatedAt: true }, orderBy: { id: 'asc' } })),
});

/** Publishes a live save as chat's relay would, and waits until the consumer committed it with its inbox row. */
async function settle(draft: Partial<Draft> & Pick<Draft, 'body' | 'baseBody'>): Promise<string> {
  const payload: Draft = { lawId: law.lawId, textKind: 'article', textId: law.articleId, savedBy: second.id, coEditors: [], at: h.clock.now().toISOString(), ...draft };
  const event = await publishEvent(h.bus, ChatDraftSettled, payload);
  await waitFor(async () => (await h.db.inboxEvent.count({ where: { consumer: CONSUMER, eventId: event.id } })) === 1, 10_000);
  return event.id;
}

beforeAll(async () => {
  h = await startHarness({ CREATORS_PER_LAW: '2', LIVE_VOTERS_CACHE_MS: '0' });
  const live = await recordLiveUpdates(h.bus);
  received = live.received;
  subscription = live;
  law = await draftLaw(h);
  [first, second] = law.creators as [Member, Member];
  scribe = await h.member({ name: 'Scribe', role: Role.Scribe });
}, 60_000);

afterAll(async () => {
  subscription?.unsubscribe();
  await h?.close();
});

describe('a live save', () => {
  it('writes the words as one version by the creator who saved, naming the creators who typed with them', async () => {
    const from = received.length;
    const outsider = law.voters.find((voter) => !law.creators.includes(voter))!;
    const before = await bodyOf(law.articleId);
    const body = `${before}\nEt chaque pont, dans les deux sens.`;
    // The article is the first creator's: the second saves it as a creator; an outsider is no co-editor, nor the saver.
    await settle({ body, baseBody: before, coEditors: [outsider.id, first.id.toUpperCase(), second.id] });

    expect(await bodyOf(law.articleId)).toBe(body);
    const versions = await versionsOf(law.articleId);
    expect(await verifyChain(versions)).toEqual([]);
    expect(versions).toHaveLength(2);
    expect(versions[1]).toMatchObject({ seq: 2, change: 'edited', role: 'creator', editorId: second.id, reason: null, title: null, body, coEditors: [first.id] });
    expect((await outbox('decisions.text.versioned')).at(-1)).toMatchObject({ textKind: 'article', textId: law.articleId, seq: 2, role: 'creator', editorId: second.id, hash: versions[1]!.hash });
    await waitFor(() => lawUpdates(from).length > 0, 5000);
    expect(lawUpdates(from)[0]!.update).toMatchObject({ kind: 'law-changed', data: { lawId: law.lawId } });

    // The history names the co-editors with the directory's names, and its chain holds.
    const history = (await caller(h)('GET', `/api/decisions/history/article/${law.articleId}`)).json<TextHistory>();
    expect(history.chain).toEqual({ intact: true, problems: [] });
    expect(history.versions.map((version) => version.coEditors)).toEqual([[], [{ id: first.id, name: first.name }]]);
    expect(history.versions[1]).toMatchObject({ editorId: second.id, editorName: second.name, role: 'creator' });
  });

  it('writes an amendment’s words by its own author as the author’s, its title kept, with no co-editor', async () => {
    const before = await h.db.article.findUniqueOrThrow({ where: { id: law.amendmentId }, select: { title: true, body: true } });
    await settle({ textKind: 'amendment', textId: law.amendmentId, savedBy: second.id, body: 'Chaque avenue a sa piste large et protégée.', baseBody: before.body });
    const last = (await versionsOf(law.amendmentId)).at(-1)!;
    expect(last).toMatchObject({ seq: 2, kind: 'amendment', role: 'author', editorId: second.id, title: before.title, body: 'Chaque avenue a sa piste large et protégée.', coEditors: [] });
    expect(await verifyChain(await versionsOf(law.amendmentId))).toEqual([]);
  });

  it('writes nothing when the text already reads the words', async () => {
    const body = await bodyOf(law.articleId);
    const before = await snapshot();
    await settle({ body, baseBody: body, coEditors: [first.id] });
    await settle({ body, baseBody: 'Words long gone.' });
    expect(await snapshot()).toEqual(before);
  });

  it('answers DraftConflicted with the text now when a scribe changed it since the words were based on it', async () => {
    const typedOn = await bodyOf(law.articleId);
    const call = caller(h);
    expect((await call('POST', `/api/laws/${law.lawId}/articles/${law.articleId}/signal`, first, { to: 'scribe' })).statusCode).toBe(200);
    const scribeWords = 'Chaque avenue a sa piste cyclable.';
    expect((await call('PUT', `/api/laws/${law.lawId}/articles/${law.articleId}`, scribe, { body: scribeWords, reason: 'Orthographe' })).statusCode).toBe(200);
    const before = await snapshot();
    const conflicts = (await outbox('decisions.draft.conflicted')).length;

    await settle({ body: `${typedOn} Sans exception.`, baseBody: typedOn, coEditors: [first.id] });
    expect(await bodyOf(law.articleId)).toBe(scribeWords);
    expect(await h.db.textVersion.count()).toBe(before.versions);
    const conflicted = await outbox('decisions.draft.conflicted');
    expect(conflicted).toHaveLength(conflicts + 1);
    expect(conflicted.at(-1)).toEqual({ lawId: law.lawId, textKind: 'article', textId: law.articleId, current: scribeWords, at: h.clock.now().toISOString() });
    expect(await h.db.outboxEvent.count()).toBe(before.events + 1);

    // Based on the text now, the next save is written.
    await settle({ body: `${scribeWords} Sans exception.`, baseBody: scribeWords, coEditors: [first.id] });
    expect(await bodyOf(law.articleId)).toBe(`${scribeWords} Sans exception.`);
  });

  it('writes nothing for a save that can never apply, and acknowledges it once', async () => {
    const body = await bodyOf(law.articleId);
    const outsider = law.voters.find((voter) => !law.creators.includes(voter))!;
    // The cycle's other law: the article is not its text.
    const otherLaw = (await caller(h)('GET', '/api/laws')).json<LawList>().laws.find((candidate) => candidate.id !== law.lawId);
    expect(otherLaw?.state).toBe('creation');
    const before = await snapshot();
    const refused: Partial<Draft>[] = [
      { savedBy: outsider.id },
      { savedBy: scribe.id },
      { savedBy: randomUUID() },
      { textKind: 'amendment' },
      { textId: law.amendmentId, textKind: 'article' },
      { textId: randomUUID() },
      { lawId: randomUUID() },
      { body: '  \n ' },
      { body: 'x'.repeat(ARTICLE_BODY_MAX + 1) },
      { body: 'Une cloche\u0007.' },
      { lawId: otherLaw!.id },
    ];
    const ids: string[] = [];
    for (const change of refused) ids.push(await settle({ body: `${body} Encore.`, baseBody: body, ...change }));
    expect(await snapshot()).toEqual(before);
    // Each one acknowledged: in the inbox once, and nothing left for the consumer to redeliver.
    expect(await h.db.inboxEvent.count({ where: { consumer: CONSUMER, eventId: { in: ids } } })).toBe(ids.length);
    const info = await h.bus.jsm.consumers.info(h.bus.streamName('chat'), CONSUMER);
    expect(info.num_ack_pending + info.num_pending).toBe(0);
  });

  it('writes nothing for a suspended creator, nor on a deleted text', async () => {
    const body = await bodyOf(law.articleId);
    const call = caller(h);
    const amendment = (await call('POST', `/api/laws/${law.lawId}/articles/${law.articleId}/amendments`, first, { title: null, body: 'À supprimer.' })).json<Article>();
    expect((await call('DELETE', `/api/laws/${law.lawId}/articles/${amendment.id}`, first)).statusCode).toBe(204);
    await h.publish(UserSuspended, { userId: second.id, until: new Date(h.clock.now().getTime() + 30 * DAY).toISOString() });
    await waitFor(async () => (await h.db.citizen.findUnique({ where: { userId: second.id } }))?.suspendedUntil != null);
    const before = await snapshot();
    await settle({ body: `${body} Suspendu.`, baseBody: body });
    await settle({ textKind: 'amendment', textId: amendment.id, savedBy: first.id, body: 'Revenu.', baseBody: 'À supprimer.' });
    expect(await snapshot()).toEqual(before);
  });

  it('writes nothing once the law left creation; the seal covers the versions written live, as the open data shows', async () => {
    const body = await bodyOf(law.articleId);
    await closeFinalVote(h);
    const detail = (await caller(h)('GET', `/api/laws/${law.lawId}`)).json<LawDetail>();
    expect(detail.seal).not.toBeNull();
    const before = await snapshot();
    await settle({ savedBy: first.id, body: `${body} Trop tard.`, baseBody: body });
    expect(await snapshot()).toEqual(before);

    const data = (await caller(h)('GET', `/api/laws/${law.lawId}/open-data`)).json<{ chain: { algorithm: string; texts: { textId: string; versions: { coEditors: string[] }[] }[] } }>();
    expect(data.chain.algorithm).toBe('civic-text-chain-v3');
    const article = data.chain.texts.find((text) => text.textId === law.articleId)!;
    expect(article.versions.map((version) => version.coEditors)).toEqual([[], [first.id], [], [first.id]]);
    expect(await verifyOpenData(data)).toMatchObject({ ok: true, seal: detail.seal!.hash, problems: [] });
  });
});
