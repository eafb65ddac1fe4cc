/**
 * Live co-drafting (docs/co-drafting.md) against the real PostgreSQL, NATS and Redis: creators typing
 * at once converge and keep everyone's words; who may; presence; settling after a pause and on save,
 * once; a conflict from decisions; two instances sharing the Redis adapter; a restart.
 */
import { randomUUID } from 'node:crypto';
import { ChatDraftSettled, DRAFT_YTEXT, DraftConflicted, ErrorMessages, Role, UserSuspended, type ChatAck, type DraftPresence, type DraftSaved } from '@civic/contracts';
import { waitFor } from '@civic/test-kit';
import type { Socket } from 'socket.io-client';
import * as Y from 'yjs';
import type { ChatPrisma } from '../src/store/prisma.js';
import { DraftPage, lawWithCreators } from './support/drafting.js';
import { collect, emit, startHarness, type Harness, type Member } from './support/harness.js';

const PAUSE_MS = 600;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The ChatDraftSettled payloads in the outbox for a text. */
async function settledEvents(db: ChatPrisma, textId: string) {
  const rows = await db.outboxEvent.findMany({ where: { subject: ChatDraftSettled.subject }, orderBy: { seq: 'asc' } });
  return rows.map((row) => row.payload as { textId: string; body: string; baseBody: string; savedBy: string; coEditors: string[]; lawId: string; textKind: string }).filter((payload) => payload.textId === textId);
}

const refusal = (ack: ChatAck<unknown>) => ('ok' in ack ? 'ok' : `${ack.statusCode} ${ack.statusMessage} ${String((ack.data as { reason?: string } | undefined)?.reason)}`);

describe('live co-drafting on one instance', () => {
  let h: Harness;
  let ann: Member;
  let ben: Member;
  let lawId: string;

  beforeAll(async () => {
    h = await startHarness({ CHAT_DRAFT_SETTLE_PAUSE_MS: String(PAUSE_MS) });
    [ann, ben] = [await h.member({ name: 'Ann Lee' }), await h.member({ name: 'Ben Roy' })];
    lawId = await lawWithCreators(h, [ann, ben]);
  });

  afterAll(async () => {
    await h.close();
  });

  async function pages(textId: string, body = 'Article one.'): Promise<[DraftPage, DraftPage]> {
    const a = new DraftPage(await h.client(ann), textId);
    const b = new DraftPage(await h.client(ben), textId);
    expect(refusal(await a.join(lawId, body))).toBe('ok');
    expect(refusal(await b.join(lawId, 'ignored: the document exists'))).toBe('ok');
    return [a, b];
  }

  it('records the creators the draw names, in the transaction that opens the room', async () => {
    const rows = await h.db.lawCreator.findMany({ where: { lawId }, orderBy: { userId: 'asc' } });
    expect(rows.map((row) => row.userId)).toEqual([ann.id, ben.id].sort());
  });

  it('makes two creators typing at once converge to the same text, both words kept', async () => {
    const textId = randomUUID();
    const [a, b] = await pages(textId);
    expect(b.joined!.savedBody).toBe('Article one.');
    expect(b.text).toBe('Article one.');
    // Both type at the same place before either hears of the other.
    a.type(' Buses', 12);
    b.type(' free', 12);
    expect(await a.sent()).toEqual([]);
    expect(await b.sent()).toEqual([]);
    await waitFor(() => a.text === b.text && a.text.length === 'Article one. Buses free'.length);
    expect(a.text).toContain('Buses');
    expect(a.text).toContain('free');
    // The server's document agrees: a third page joining reads the same words.
    const c = new DraftPage(await h.client(ann), textId);
    await c.join(lawId, '');
    expect(c.text).toBe(a.text);
    expect(await h.db.draftUpdate.count({ where: { textId, userId: { not: null } } })).toBe(' Buses free'.length);
  });

  it("refuses changes sent under another creator's client id, so that creator's next keystroke is kept, also once the document is read again", async () => {
    const textId = randomUUID();
    const [a, b] = await pages(textId);
    a.type(' Buses');
    expect(await a.sent()).toEqual([]);
    await waitFor(() => b.text === a.text);
    /** Ben's words under Ann's client id, at her next position, sent from `socket`. */
    const forge = (socket: Socket, words: string) => {
      const forger = new Y.Doc();
      Y.applyUpdate(forger, Y.encodeStateAsUpdate(a.doc));
      // Set after the state: a document given changes under its own id picks another one.
      forger.clientID = a.doc.clientID;
      const before = Y.encodeStateVector(forger);
      forger.getText(DRAFT_YTEXT).insert(0, words);
      return emit(socket, 'draft:update', { textId, update: Buffer.from(Y.encodeStateAsUpdate(forger, before)).toString('base64') });
    };
    expect(refusal(await forge(b.socket, 'Forged '))).toBe('400 Bad Request foreign-client');
    a.type(' free');
    expect(await a.sent()).toEqual([]);
    await waitFor(() => b.text === a.text);
    expect(b.text).toBe('Article one. Buses free');

    // Every page gone, the document is read again from the rows: the id is still Ann's.
    a.socket.disconnect();
    b.socket.disconnect();
    const again = new DraftPage(await h.client(ben), textId);
    expect(refusal(await again.join(lawId, ''))).toBe('ok');
    expect(refusal(await forge(again.socket, 'Forged '))).toBe('400 Bad Request foreign-client');
    expect(again.text).toBe('Article one. Buses free');
    expect((await h.db.draftWriter.findMany({ where: { textId } })).map((row) => [Number(row.clientId), row.userId])).toEqual([[a.doc.clientID, ann.id]]);
    expect(await h.db.draftUpdate.count({ where: { textId, userId: ben.id } })).toBe(0);
  });

  it('refuses a visitor, a member who is not a creator, a moderator who is not one and a suspended creator, storing nothing', async () => {
    const textId = randomUUID();
    const [a] = await pages(textId);
    const moderator = await h.member({ name: 'Mod', role: Role.Moderator });
    const other = await h.member({ name: 'Other' });
    const cleo = await h.member({ name: 'Cleo' });
    const drawnLaw = await lawWithCreators(h, [cleo]);
    await h.publish(UserSuspended, { userId: cleo.id, until: new Date(Date.now() + 3600_000).toISOString() });
    await waitFor(async () => (await h.db.member.findUnique({ where: { userId: cleo.id } }))?.suspendedUntil != null);
    const update = Buffer.from(a.doc.getText('body').toString()).toString('base64'); // never looked at: refused before
    const cases: [string, Socket, string, string][] = [
      ['visitor', await h.client(null), lawId, `401 ${ErrorMessages.unauthorized} undefined`],
      ['member', await h.client(other), lawId, `403 ${ErrorMessages.unauthorizedAction} not-creator`],
      ['moderator', await h.client(moderator), lawId, `403 ${ErrorMessages.unauthorizedAction} not-creator`],
      ['suspended creator', await h.client(cleo), drawnLaw, `403 ${ErrorMessages.suspensionError} suspended`],
    ];
    for (const [who, socket, law, expected] of cases) {
      const answers = [
        await emit(socket, 'draft:join', { lawId: law, kind: 'article', textId: law === lawId ? textId : randomUUID(), body: 'Mine now' }),
        await emit(socket, 'draft:here', { lawId: law, editing: null }),
        await emit(socket, 'draft:away', { lawId: law }),
        ...(law === lawId
          ? [
              await emit(socket, 'draft:update', { textId, update }),
              await emit(socket, 'draft:save', { textId }),
              await emit(socket, 'draft:leave', { textId }),
            ]
          : []),
      ];
      expect({ who, answers: answers.map(refusal) }).toEqual({ who, answers: answers.map(() => expected) });
    }
    // Counted by author: the earlier tests' documents may settle (and compact) meanwhile.
    expect(await h.db.draftUpdate.count({ where: { userId: { in: [other.id, moderator.id, cleo.id] } } })).toBe(0);
    expect(await h.db.draftDocument.count({ where: { lawId: drawnLaw } })).toBe(0);

    // A creator once the law left creation: refused, the room closed.
    await h.db.room.update({ where: { id: `law:${lawId}:creation` }, data: { closedAt: new Date() } });
    try {
      expect(refusal(await emit(a.socket, 'draft:save', { textId }))).toBe(`403 ${ErrorMessages.unauthorizedAction} closed`);
    } finally {
      await h.db.room.update({ where: { id: `law:${lawId}:creation` }, data: { closedAt: null } });
    }
    // An update for a text the socket did not join, and one for a text nobody joined.
    const stranger = await h.client(ben);
    expect(refusal(await emit(stranger, 'draft:update', { textId, update }))).toBe(`400 ${ErrorMessages.badRequest} not-joined`);
    expect(refusal(await emit(stranger, 'draft:update', { textId: randomUUID(), update }))).toBe(`404 ${ErrorMessages.notFound} unknown-text`);
    // A text id already drafted in another law is not this law's.
    expect(refusal(await emit(stranger, 'draft:join', { lawId: drawnLaw, kind: 'article', textId, body: '' }))).toBe(`403 ${ErrorMessages.unauthorizedAction} not-creator`);
    expect(refusal(await emit(stranger, 'draft:join', { lawId, kind: 'amendment', textId, body: '' }))).toBe(`400 ${ErrorMessages.badRequest} other-text`);
  });

  it('shows who is on the drafting page with what they edit, once each, and drops one who disconnects', async () => {
    const law = await lawWithCreators(h, [ann, ben]);
    const textId = randomUUID();
    const annSocket = await h.client(ann);
    const benSocket = await h.client(ben);
    const benSecond = await h.client(ben);
    const seenByAnn = collect<DraftPresence>(annSocket, 'draft:presence');
    const first = await emit<DraftPresence>(annSocket, 'draft:here', { lawId: law, editing: { kind: 'article', textId } });
    expect(first).toEqual({ ok: true, data: { lawId: law, present: [{ userId: ann.id, name: 'Ann Lee', initials: 'AL', editing: { kind: 'article', textId } }] } });
    await emit(benSocket, 'draft:here', { lawId: law, editing: null });
    const both = await emit<DraftPresence>(benSecond, 'draft:here', { lawId: law, editing: { kind: 'amendment', textId: textId.toUpperCase() } });
    const expected = {
      lawId: law,
      present: [
        { userId: ann.id, name: 'Ann Lee', initials: 'AL', editing: { kind: 'article', textId } },
        { userId: ben.id, name: 'Ben Roy', initials: 'BR', editing: { kind: 'amendment', textId } },
      ],
    };
    expect(both).toEqual({ ok: true, data: expected });
    await waitFor(() => JSON.stringify(seenByAnn.at(-1)) === JSON.stringify(expected));

    // Ben's second page goes: he is still there with the first, editing nothing.
    benSecond.disconnect();
    await waitFor(() => JSON.stringify(seenByAnn.at(-1)?.present.map((entry) => [entry.userId, entry.editing])) === JSON.stringify([[ann.id, expected.present[0]!.editing], [ben.id, null]]));
    benSocket.disconnect();
    await waitFor(() => seenByAnn.at(-1)?.present.length === 1);
    expect(seenByAnn.at(-1)).toEqual({ lawId: law, present: [expected.present[0]] });
    // Away: the page is left.
    const annElsewhere = await h.client(ann);
    const seen = collect<DraftPresence>(annElsewhere, 'draft:presence');
    await emit(annElsewhere, 'draft:here', { lawId: law, editing: null });
    expect(await emit(annSocket, 'draft:away', { lawId: law })).toEqual({ ok: true, data: { lawId: law } });
    await waitFor(() => seen.at(-1)?.present[0]?.editing === null && seen.at(-1)?.present.length === 1);
  });

  it('settles after a pause: one ChatDraftSettled saved by the last who typed, the other as co-editor, then draft:saved; the updates made one', async () => {
    const textId = randomUUID();
    const [a, b] = await pages(textId);
    const savedA = collect<DraftSaved>(a.socket, 'draft:saved');
    const savedB = collect<DraftSaved>(b.socket, 'draft:saved');
    a.type(' Buses are free.');
    await a.sent();
    await sleep(PAUSE_MS / 3); // shorter than the pause: no settle between the two
    b.type(' On Sundays.');
    expect(await b.sent()).toEqual([]);
    expect(await settledEvents(h.db, textId)).toEqual([]);
    await waitFor(async () => (await settledEvents(h.db, textId)).length > 0);
    await sleep(PAUSE_MS); // any second settle would have come by now
    const events = await settledEvents(h.db, textId);
    expect(events).toEqual([
      expect.objectContaining({ lawId, textKind: 'article', textId, body: 'Article one. Buses are free. On Sundays.', baseBody: 'Article one.', savedBy: ben.id, coEditors: [ann.id] }),
    ]);
    await waitFor(() => savedA.length === 1 && savedB.length === 1);
    expect(savedA[0]).toMatchObject({ textId, body: 'Article one. Buses are free. On Sundays.', savedBy: ben.id, coEditors: [ann.id] });
    const document = await h.db.draftDocument.findUniqueOrThrow({ where: { textId } });
    expect(document.baseBody).toBe('Article one. Buses are free. On Sundays.');
    expect(await h.db.draftUpdate.findMany({ where: { textId } })).toEqual([expect.objectContaining({ seq: document.settledSeq, userId: null })]);

    // A page joining now reads the compacted document; typing goes on from it.
    const c = new DraftPage(await h.client(ann), textId);
    expect(await c.join(lawId, '')).toMatchObject({ ok: true });
    expect(c.text).toBe(a.text);
    expect(c.joined!.savedBody).toBe(a.text);
    c.type(' Again.');
    expect(await c.sent()).toEqual([]);
    await waitFor(() => a.text === c.text && b.text === c.text);
  });

  it('settles on save at once, saved by the saver; a save with nothing new writes nothing; a blank text is never saved', async () => {
    const textId = randomUUID();
    const [a, b] = await pages(textId);
    a.type(' Trams too.');
    await a.sent();
    const saved = await emit<DraftSaved>(b.socket, 'draft:save', { textId });
    expect(saved).toMatchObject({ ok: true, data: { textId, body: 'Article one. Trams too.', savedBy: ben.id, coEditors: [ann.id] } });
    expect(await settledEvents(h.db, textId)).toEqual([expect.objectContaining({ body: 'Article one. Trams too.', savedBy: ben.id, coEditors: [ann.id], baseBody: 'Article one.' })]);
    // Nothing typed since: the same text, nothing written.
    expect(await emit<DraftSaved>(a.socket, 'draft:save', { textId })).toMatchObject({ ok: true, data: { body: 'Article one. Trams too.', coEditors: [] } });
    await sleep(PAUSE_MS * 1.5);
    expect(await settledEvents(h.db, textId)).toHaveLength(1);

    // Typed back to the saved text: settled, nothing written.
    a.type('!');
    a.doc.getText('body').delete(a.text.length - 1, 1);
    await a.sent();
    await waitFor(async () => {
      const document = await h.db.draftDocument.findUniqueOrThrow({ where: { textId } });
      return (await h.db.draftUpdate.count({ where: { textId, seq: { gt: document.settledSeq } } })) === 0;
    });
    expect(await settledEvents(h.db, textId)).toHaveLength(1);

    // Everything deleted: blank, refused on save, left for more typing after a pause.
    a.doc.getText('body').delete(0, a.text.length);
    await a.sent();
    expect(refusal(await emit(a.socket, 'draft:save', { textId }))).toBe(`400 ${ErrorMessages.badRequest} blank`);
    await sleep(PAUSE_MS * 1.5);
    expect(await settledEvents(h.db, textId)).toHaveLength(1);
    a.type('Rewritten.');
    await a.sent();
    await waitFor(async () => (await settledEvents(h.db, textId)).length === 2);
    expect((await settledEvents(h.db, textId))[1]).toMatchObject({ body: 'Rewritten.', baseBody: 'Article one. Trams too.', savedBy: ann.id, coEditors: [] });
    expect(b.text).toBe('Rewritten.');
  });

  it('takes a conflict from decisions: the base becomes the current text and the pages are told', async () => {
    const textId = randomUUID();
    const [a, b] = await pages(textId);
    const conflicts = collect<{ textId: string; current: string }>(b.socket, 'draft:conflict');
    a.type(' Typed live.');
    await a.sent();
    await emit(a.socket, 'draft:save', { textId });
    await h.publish(DraftConflicted, { lawId, textKind: 'article', textId, current: 'Article one, as the scribe wrote it.', at: new Date().toISOString() });
    await waitFor(() => conflicts.length === 1);
    expect(conflicts[0]).toEqual({ textId, current: 'Article one, as the scribe wrote it.' });
    expect((await h.db.draftDocument.findUniqueOrThrow({ where: { textId } })).baseBody).toBe('Article one, as the scribe wrote it.');
    // The next save is based on the current text.
    b.type(' Merged.');
    await b.sent();
    await emit(b.socket, 'draft:save', { textId });
    expect((await settledEvents(h.db, textId)).at(-1)).toMatchObject({ baseBody: 'Article one, as the scribe wrote it.', body: 'Article one. Typed live. Merged.' });
    // A conflict about a text the chat never held changes nothing and tells nobody.
    await h.publish(DraftConflicted, { lawId, textKind: 'article', textId: randomUUID(), current: 'Elsewhere', at: new Date().toISOString() });
  });

  it('lets a creator type ten keystrokes a second for longer than the general event allowance', async () => {
    const textId = randomUUID();
    const [a] = await pages(textId);
    for (let i = 0; i < 70; i++) {
      a.type('x');
      await sleep(100);
    }
    expect(await a.sent()).toEqual([]);
  });

  it('keeps the typed words across a restart, and settles what a stopped instance left unsettled', async () => {
    const textId = randomUUID();
    const [a] = await pages(textId);
    a.type(' Before the restart.');
    await a.sent();
    await h.stop(h.a);
    const again = await h.instance();
    const page = new DraftPage(await h.client(ann, again), textId);
    expect(await page.join(lawId, '')).toMatchObject({ ok: true });
    expect(page.text).toBe('Article one. Before the restart.');
    await waitFor(async () => (await settledEvents(again.db, textId)).length === 1);
    expect((await settledEvents(again.db, textId))[0]).toMatchObject({ body: 'Article one. Before the restart.', savedBy: ann.id });
  });
});

describe('live co-drafting on two instances sharing the Redis adapter', () => {
  let h: Harness;

  beforeAll(async () => {
    h = await startHarness({ CHAT_DRAFT_SETTLE_PAUSE_MS: String(PAUSE_MS) }, { redis: true });
  });

  afterAll(async () => {
    await h.close();
  });

  it('converges across instances, settles once, and tells every page once; presence spans both', async () => {
    const b = await h.instance();
    const [ann, ben] = [await h.member({ name: 'Ann Lee' }), await h.member({ name: 'Ben Roy' })];
    const lawId = await lawWithCreators(h, [ann, ben]);
    const textId = randomUUID();
    const onA = new DraftPage(await h.client(ann, h.a), textId);
    const onB = new DraftPage(await h.client(ben, b), textId);
    expect(await onA.join(lawId, 'Article one.')).toMatchObject({ ok: true });
    expect(await onB.join(lawId, 'ignored')).toMatchObject({ ok: true });
    const saved = [collect<DraftSaved>(onA.socket, 'draft:saved'), collect<DraftSaved>(onB.socket, 'draft:saved')];

    const presence = await emit<DraftPresence>(onA.socket, 'draft:here', { lawId, editing: { kind: 'article', textId } });
    expect(presence).toMatchObject({ ok: true });
    const both = await emit<DraftPresence>(onB.socket, 'draft:here', { lawId, editing: { kind: 'article', textId } });
    expect((both as { data: DraftPresence }).data.present.map((entry) => entry.userId)).toEqual([ann.id, ben.id]);

    // Interleaved typing on both instances, each page's keystrokes building on what it heard.
    for (let i = 0; i < 10; i++) {
      onA.type(`a${i}`);
      onB.type(`b${i}`, 0);
      await sleep(20);
    }
    expect(await onA.sent()).toEqual([]);
    expect(await onB.sent()).toEqual([]);
    await waitFor(() => onA.text === onB.text && onA.text.length === 'Article one.'.length + 40);
    for (let i = 0; i < 10; i++) expect(onA.text).toMatch(new RegExp(`a${i}.*`));

    await waitFor(async () => (await settledEvents(h.db, textId)).length > 0);
    await sleep(PAUSE_MS * 2);
    const events = await settledEvents(h.db, textId);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ body: onA.text, baseBody: 'Article one.' });
    expect([events[0]!.savedBy, ...events[0]!.coEditors].sort()).toEqual([ann.id, ben.id].sort());
    await waitFor(() => saved.every((list) => list.length === 1));
    await sleep(300);
    expect(saved.map((list) => list.length)).toEqual([1, 1]);

    // A page joining on the other instance reads the same words.
    const third = new DraftPage(await h.client(ann, b), textId);
    await third.join(lawId, '');
    expect(third.text).toBe(onA.text);
  });

  it('settles on the instance that still holds the text when the one that stored the last update stops before its pause ends', async () => {
    const leaving = await h.instance();
    const [ann, ben] = [await h.member({ name: 'Ann Lee' }), await h.member({ name: 'Ben Roy' })];
    const lawId = await lawWithCreators(h, [ann, ben]);
    const textId = randomUUID();
    const staying = new DraftPage(await h.client(ann, h.a), textId);
    const typing = new DraftPage(await h.client(ben, leaving), textId);
    expect(await staying.join(lawId, 'Article one.')).toMatchObject({ ok: true });
    expect(await typing.join(lawId, '')).toMatchObject({ ok: true });
    typing.type(' Typed just before a rolling update.');
    expect(await typing.sent()).toEqual([]);
    await h.stop(leaving);
    await waitFor(async () => (await settledEvents(h.db, textId)).length === 1);
    expect((await settledEvents(h.db, textId))[0]).toMatchObject({ body: 'Article one. Typed just before a rolling update.', savedBy: ben.id, coEditors: [] });
    expect(staying.text).toBe('Article one. Typed just before a rolling update.');
  });
});
