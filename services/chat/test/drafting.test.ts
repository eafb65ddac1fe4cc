/** Live co-drafting's pure rules: who may draft, what a settle writes, what an update may do, and presence. */
import { ARTICLE_BODY_MAX, ChatDraftSettled, DRAFT_UPDATE_MAX_BYTES, DRAFT_YTEXT } from '@civic/contracts';
import * as Y from 'yjs';
import { checkUpdate, decodeUpdate, seedUpdate, textOfUpdates, writerIdsOf } from '../src/domain/draft-update.js';
import { draftSettled, isBlank, mayDraft, settlement } from '../src/domain/drafting.js';
import { presenceFrom } from '../src/drafting/presence.js';
import { moderator, other, suspended } from './support/callers.js';

const verdict = (refusal: { status: number; reason: string } | null) => (refusal ? `${refusal.status} ${refusal.reason}` : 'allowed');
const creatorOfOpenLaw = { creator: true, open: true };

describe('who may draft live', () => {
  it.each([
    ['a visitor', null, creatorOfOpenLaw, '401 visitor'],
    ['a creator of a law in creation', other, creatorOfOpenLaw, 'allowed'],
    ['a suspended creator', suspended, creatorOfOpenLaw, '403 suspended'],
    ['a member who is not a creator', other, { creator: false, open: true }, '403 not-creator'],
    ['a moderator who is not a creator', moderator, { creator: false, open: true }, '403 not-creator'],
    ['a scribe who is not a creator', { ...other, scribe: true }, { creator: false, open: true }, '403 not-creator'],
    ['a creator once the creation room closed', other, { creator: true, open: false }, '403 closed'],
  ] as const)('%s: %s', (_who, caller, law, expected) => {
    expect(verdict(mayDraft(caller, law))).toBe(expected);
  });

  it('refuses with the catalogue’s keys: suspension error for a suspension, unauthorized action otherwise', () => {
    expect(mayDraft(suspended, creatorOfOpenLaw)?.key).toBe('suspensionError');
    expect(mayDraft(other, { creator: false, open: true })?.key).toBe('unauthorizedAction');
    expect(mayDraft(null, creatorOfOpenLaw)?.key).toBe('unauthorized');
  });
});

describe('what a settle writes', () => {
  it('writes words that differ from the last version, saved by the saver, the other typists as co-editors once each, sorted', () => {
    expect(settlement({ text: 'New words', baseBody: 'Old words', typists: ['b', 'c', 'a', 'b', 'c'], saver: 'c' })).toEqual({ write: true, savedBy: 'c', coEditors: ['a', 'b'] });
  });

  it('after a pause, the last who typed saves', () => {
    expect(settlement({ text: 'New words', baseBody: 'Old words', typists: ['a', 'b', 'a'], saver: null })).toEqual({ write: true, savedBy: 'a', coEditors: ['b'] });
  });

  it('a saver who did not type saves the others’ words, all of them co-editors', () => {
    expect(settlement({ text: 'New words', baseBody: 'Old words', typists: ['a', 'b'], saver: 'c' })).toEqual({ write: true, savedBy: 'c', coEditors: ['a', 'b'] });
  });

  it('writes nothing when nobody typed, when the words came back to the last version, or when the text is blank', () => {
    expect(settlement({ text: 'Old words', baseBody: 'Old words', typists: [], saver: 'a' })).toEqual({ write: false, why: 'nothing-typed' });
    expect(settlement({ text: 'Old words', baseBody: 'Old words', typists: ['a'], saver: null })).toEqual({ write: false, why: 'unchanged' });
    expect(settlement({ text: ' \n\t\u200b', baseBody: 'Old words', typists: ['a'], saver: null })).toEqual({ write: false, why: 'blank' });
  });

  it('counts only visible words as not blank', () => {
    expect(isBlank('')).toBe(true);
    expect(isBlank('\u00a0\u2800\u200d ')).toBe(true);
    expect(isBlank(' a ')).toBe(false);
  });

  it('writes a ChatDraftSettled that the contract reads', () => {
    const at = new Date('2026-11-28T10:00:00.000Z');
    const envelope = draftSettled(
      { lawId: '6c9f1f3e-8a6b-4b7e-9a4c-1f2e3d4c5b6a', kind: 'article', textId: '0f8e7d6c-5b4a-4c3d-8e2f-1a0b9c8d7e6f' },
      { body: 'New', baseBody: 'Old', savedBy: '1a2b3c4d-5e6f-4a1b-8c2d-3e4f5a6b7c8d', coEditors: [] },
      at,
    );
    expect(envelope.subject).toBe(ChatDraftSettled.subject);
    expect(envelope.payload).toEqual({
      lawId: '6c9f1f3e-8a6b-4b7e-9a4c-1f2e3d4c5b6a',
      textKind: 'article',
      textId: '0f8e7d6c-5b4a-4c3d-8e2f-1a0b9c8d7e6f',
      body: 'New',
      baseBody: 'Old',
      savedBy: '1a2b3c4d-5e6f-4a1b-8c2d-3e4f5a6b7c8d',
      coEditors: [],
      at: at.toISOString(),
    });
  });
});

/** A page's document, started from the server's state. */
function page(state: Uint8Array): Y.Doc {
  const doc = new Y.Doc();
  Y.applyUpdate(doc, state);
  return doc;
}

/** What one change of a page sends: the update of that transaction. */
function changeOf(doc: Y.Doc, change: (doc: Y.Doc) => void): Uint8Array {
  let update: Uint8Array | null = null;
  const listen = (bytes: Uint8Array) => (update = bytes);
  doc.on('update', listen);
  change(doc);
  doc.off('update', listen);
  if (!update) throw new Error('no change');
  return update;
}

describe('what an update may do', () => {
  let server: Y.Doc;
  beforeEach(() => {
    server = page(seedUpdate('Article one.'));
  });
  const reason = (update: Uint8Array, doc = server) => checkUpdate(doc, update)?.reason ?? 'accepted';

  it('accepts words typed in the body, and leaves the document as it was', () => {
    const update = changeOf(page(Y.encodeStateAsUpdate(server)), (doc) => doc.getText(DRAFT_YTEXT).insert(12, ' Two.'));
    expect(reason(update)).toBe('accepted');
    expect(server.getText(DRAFT_YTEXT).toString()).toBe('Article one.');
    Y.applyUpdate(server, update);
    expect(server.getText(DRAFT_YTEXT).toString()).toBe('Article one. Two.');
  });

  it('accepts deletions and a whole page state', () => {
    const mine = page(Y.encodeStateAsUpdate(server));
    mine.getText(DRAFT_YTEXT).delete(0, 8);
    expect(reason(Y.encodeStateAsUpdate(mine))).toBe('accepted');
  });

  it('refuses bytes that are not an update, and those Yjs throws on', () => {
    expect(reason(new Uint8Array([255, 255, 255, 255, 255, 255, 255, 255, 255, 255]))).toBe('bad-update');
    const valid = changeOf(page(Y.encodeStateAsUpdate(server)), (doc) => doc.getText(DRAFT_YTEXT).insert(0, 'Hello '));
    expect(reason(valid.slice(0, valid.length - 3))).toBe('bad-update');
  });

  it('refuses an update that depends on changes the document lacks', () => {
    const mine = page(Y.encodeStateAsUpdate(server));
    changeOf(mine, (doc) => doc.getText(DRAFT_YTEXT).insert(0, 'First '));
    const second = changeOf(mine, (doc) => doc.getText(DRAFT_YTEXT).insert(6, 'second '));
    expect(reason(second)).toBe('missing-dependencies');
  });

  it('refuses another shared type, a nested type, formatting and embeds', () => {
    const base = () => page(Y.encodeStateAsUpdate(server));
    expect(reason(changeOf(base(), (doc) => doc.getMap('other').set('key', 'value')))).toBe('other-type');
    expect(reason(changeOf(base(), (doc) => doc.getText('title').insert(0, 'A title')))).toBe('other-type');
    expect(reason(changeOf(base(), (doc) => doc.getText(DRAFT_YTEXT).insertEmbed(0, { image: 'x' })))).toBe('other-type');
    expect(reason(changeOf(base(), (doc) => doc.getText(DRAFT_YTEXT).format(0, 4, { bold: true })))).toBe('other-type');
    expect(reason(changeOf(base(), (doc) => doc.getText(DRAFT_YTEXT).setAttribute('lang', 'fr')))).toBe('other-type');
  });

  it('refuses control characters in the words, keeps newlines and tabs', () => {
    expect(reason(changeOf(page(Y.encodeStateAsUpdate(server)), (doc) => doc.getText(DRAFT_YTEXT).insert(0, 'Bell\u0007')))).toBe('forbidden-characters');
    expect(reason(changeOf(page(Y.encodeStateAsUpdate(server)), (doc) => doc.getText(DRAFT_YTEXT).insert(0, 'Line\n\tIndented\r\n')))).toBe('accepted');
  });

  it('refuses growth past ARTICLE_BODY_MAX characters, counted in code points, and lets a long text shrink', () => {
    const mine = page(Y.encodeStateAsUpdate(server));
    const fill = changeOf(mine, (doc) => doc.getText(DRAFT_YTEXT).insert(12, '😀'.repeat(ARTICLE_BODY_MAX - 12)));
    expect(reason(fill)).toBe('accepted'); // 5000 code points, 9976 UTF-16 units
    Y.applyUpdate(server, fill);
    expect(reason(changeOf(mine, (doc) => doc.getText(DRAFT_YTEXT).insert(0, 'x')))).toBe('too-long');

    // A text over the bound (two pods accepted at once) may only get shorter.
    const over = page(seedUpdate('y'.repeat(ARTICLE_BODY_MAX + 10)));
    const copy = page(Y.encodeStateAsUpdate(over));
    expect(reason(changeOf(copy, (doc) => doc.getText(DRAFT_YTEXT).delete(0, 3)), over)).toBe('accepted');
  });

  it("refuses new changes under another member's client id, and lets anyone repeat what the document holds", () => {
    const owners = new Map<number, string>();
    const as = (writer: string) => ({ ids: { writer, owners } });
    const ann = page(Y.encodeStateAsUpdate(server));
    const first = changeOf(ann, (doc) => doc.getText(DRAFT_YTEXT).insert(0, 'A'));
    expect(checkUpdate(server, first, as('ann'))).toBeNull();
    expect(writerIdsOf(server, first)).toEqual(new Set([ann.clientID]));
    owners.set(ann.clientID, 'ann');
    Y.applyUpdate(server, first);
    expect(owners).toEqual(new Map([[ann.clientID, 'ann']]));

    // Ben sends Ann's next change before she does: her client id, her next clock, his words.
    const forger = page(Y.encodeStateAsUpdate(server));
    forger.clientID = ann.clientID;
    const forged = changeOf(forger, (doc) => doc.getText(DRAFT_YTEXT).insert(0, 'B'));
    expect(checkUpdate(server, forged, as('ben'))?.reason).toBe('foreign-client');
    // Ann's own next change passes; Ben repeating her first one writes nothing new, and passes.
    const next = changeOf(ann, (doc) => doc.getText(DRAFT_YTEXT).insert(1, 'a'));
    expect(checkUpdate(server, next, as('ann'))).toBeNull();
    expect(writerIdsOf(server, first)).toEqual(new Set());
    expect(checkUpdate(server, first, as('ben'))).toBeNull();
    // An id nobody has written under yet is the first writer's.
    const ben = page(Y.encodeStateAsUpdate(server));
    expect(checkUpdate(server, changeOf(ben, (doc) => doc.getText(DRAFT_YTEXT).insert(0, 'Ben ')), as('ben'))).toBeNull();
  });

  it('decodes base64 up to DRAFT_UPDATE_MAX_BYTES', () => {
    expect(decodeUpdate(Buffer.from([1, 2, 3]).toString('base64'))).toEqual(new Uint8Array([1, 2, 3]));
    expect(decodeUpdate('')).toMatchObject({ reason: 'bad-update' });
    expect(decodeUpdate('not base64!')).toMatchObject({ reason: 'bad-update' });
    expect(decodeUpdate(Buffer.alloc(DRAFT_UPDATE_MAX_BYTES + 1).toString('base64'))).toMatchObject({ reason: 'bad-update' });
    expect(decodeUpdate(Buffer.alloc(DRAFT_UPDATE_MAX_BYTES).toString('base64'))).toBeInstanceOf(Uint8Array);
  });

  it('makes the text of stored updates, merged into one', () => {
    const seed = seedUpdate('Start.');
    const mine = page(seed);
    const a = changeOf(mine, (doc) => doc.getText(DRAFT_YTEXT).insert(6, ' More.'));
    const b = changeOf(mine, (doc) => doc.getText(DRAFT_YTEXT).delete(0, 7));
    const { merged, text } = textOfUpdates([seed, b, a]); // in any order
    expect(text).toBe('More.');
    expect(page(merged).getText(DRAFT_YTEXT).toString()).toBe('More.');
  });
});

describe('presence', () => {
  const user = (id: string, name: string) => ({ id, name, role: 0, verified: true, expiresAt: 0 }) as never;
  const here = (lawId: string, at: number, textId: string | null = null) => ({ lawId, at, editing: textId ? { kind: 'article' as const, textId } : null });

  it('lists each member once, with the editing they said last, by name, with initials', () => {
    const presence = presenceFrom(
      'law',
      [
        { user: user('u1', 'Zoé Martin'), drafting: here('law', 1, 'old') },
        { user: user('u1', 'Zoé Martin'), drafting: here('law', 5, 'new') },
        { user: user('u2', 'élise durand'), drafting: here('law', 2) },
        { user: user('u3', 'Other'), drafting: here('another law', 3) },
        { user: null, drafting: here('law', 4) },
      ],
      new Map([['u2', 'Élise Durand']]),
    );
    expect(presence).toEqual({
      lawId: 'law',
      present: [
        { userId: 'u2', name: 'Élise Durand', initials: 'ÉD', editing: null },
        { userId: 'u1', name: 'Zoé Martin', initials: 'ZM', editing: { kind: 'article', textId: 'new' } },
      ],
    });
  });
});
