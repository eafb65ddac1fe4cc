import { ARTICLE_BODY_MAX } from '@civic/contracts';
import type { LawFacts } from '../src/domain/content-rules.js';
import { draftConflicted, judgeLiveDraft, liveBodyProblem, liveCoEditors, liveDraftRole, type LiveDraft, type LiveText } from '../src/domain/live-drafts.js';
import type { Caller } from '../src/domain/proposal-rules.js';

/**
 * The rules of a live save (chat.draft.settled, docs/co-drafting.md): who may, which words, and
 * whether it is written, nothing, or a conflict.
 */
const lawId = '0b6c8c2e-3f5e-4b8e-9a36-5a3c9f0a1d11';
const textId = '22222222-2222-4222-8222-222222222222';
const [anna, ben, carl, dora] = ['aaaaaaaa-0000-4000-8000-000000000001', 'bbbbbbbb-0000-4000-8000-000000000002', 'cccccccc-0000-4000-8000-000000000003', 'dddddddd-0000-4000-8000-000000000004'];

const law = (extra: Partial<LawFacts> = {}): LawFacts & { id: string } => ({ id: lawId, state: 'creation', userId: dora, creators: [anna, ben, carl], deleted: false, ...extra });
const text = (extra: Partial<LiveText> = {}): LiveText => ({ kind: 'article', lawId, userId: anna, deleted: false, title: null, body: 'Every avenue.', ...extra });
const member = (id: string, extra: Partial<Caller> = {}): Caller => ({ id, verified: true, moderator: false, scribe: false, suspended: false, ...extra });
const draft = (extra: Partial<LiveDraft> = {}): LiveDraft => ({
  lawId,
  textKind: 'article',
  textId,
  body: 'Every avenue and bridge.',
  baseBody: 'Every avenue.',
  savedBy: ben,
  coEditors: [anna],
  ...extra,
});

describe('judging a live save', () => {
  it('writes a creator’s words on the text they were typed on, as a creator with the co-editors', () => {
    expect(judgeLiveDraft(draft(), law(), text(), member(ben))).toEqual({ outcome: 'write', role: 'creator', coEditors: [anna] });
    expect(judgeLiveDraft(draft({ savedBy: anna, coEditors: [carl, ben] }), law(), text(), member(anna))).toEqual({ outcome: 'write', role: 'author', coEditors: [ben, carl] });
    const amendment = text({ kind: 'amendment', title: 'Wider' });
    expect(judgeLiveDraft(draft({ textKind: 'amendment' }), law(), amendment, member(carl))).toMatchObject({ outcome: 'write', role: 'creator' });
  });

  it('writes nothing when the text already reads the words, whatever they were based on', () => {
    expect(judgeLiveDraft(draft({ body: 'Every avenue.' }), law(), text(), member(ben))).toEqual({ outcome: 'unchanged' });
    expect(judgeLiveDraft(draft({ body: 'Every avenue.', baseBody: 'Older words.' }), law(), text(), member(ben))).toEqual({ outcome: 'unchanged' });
  });

  it('answers a conflict with the text now when it changed since the words were based on it', () => {
    expect(judgeLiveDraft(draft(), law(), text({ body: 'A scribe’s words.' }), member(ben))).toEqual({ outcome: 'conflicted', current: 'A scribe’s words.' });
  });

  it('refuses what can never apply, saying why', () => {
    const refused = (reason: string) => ({ outcome: 'refused', reason });
    expect(judgeLiveDraft(draft(), null, text(), member(ben))).toEqual(refused('law-not-found'));
    expect(judgeLiveDraft(draft(), law({ deleted: true }), text(), member(ben))).toEqual(refused('law-not-found'));
    expect(judgeLiveDraft(draft(), law({ state: 'final-vote' }), text(), member(ben))).toEqual(refused('not-in-creation'));
    expect(judgeLiveDraft(draft(), law({ state: 'adopted' }), text(), member(ben))).toEqual(refused('not-in-creation'));
    expect(judgeLiveDraft(draft(), law(), null, member(ben))).toEqual(refused('text-not-found'));
    expect(judgeLiveDraft(draft({ textKind: 'amendment' }), law(), text(), member(ben))).toEqual(refused('text-not-found'));
    expect(judgeLiveDraft(draft(), law(), text({ lawId: textId }), member(ben))).toEqual(refused('text-not-found'));
    expect(judgeLiveDraft(draft(), law(), text({ deleted: true }), member(ben))).toEqual(refused('deleted'));
    expect(judgeLiveDraft(draft(), law(), text(), null)).toEqual(refused('unknown-member'));
    expect(judgeLiveDraft(draft({ savedBy: dora }), law(), text(), member(dora))).toEqual(refused('not-a-creator'));
    // A moderator or scribe who is not a creator edits with a reason, never live.
    expect(judgeLiveDraft(draft({ savedBy: dora }), law(), text(), member(dora, { moderator: true, scribe: true }))).toEqual(refused('not-a-creator'));
    expect(judgeLiveDraft(draft(), law(), text(), member(ben, { suspended: true }))).toEqual(refused('suspended'));
    expect(judgeLiveDraft(draft(), law(), text(), member(ben, { verified: false }))).toEqual(refused('not-verified'));
    expect(judgeLiveDraft(draft({ body: ' \n\t ' }), law(), text(), member(ben))).toEqual(refused('body-blank'));
    expect(judgeLiveDraft(draft({ body: 'x'.repeat(ARTICLE_BODY_MAX + 1) }), law(), text(), member(ben))).toEqual(refused('body-too-long'));
    // Refusals come before the comparison: invalid words are never written, nor a conflict raised for them.
    expect(judgeLiveDraft(draft({ body: 'bad\u0007bell' }), law(), text({ body: 'Other.' }), member(ben))).toEqual(refused('forbiddenCharacters'));
  });
});

describe('the words of a live save', () => {
  it('pass the rules of an HTTP edit’s body: length, real text, the text rule of a multi-line field', () => {
    expect(liveBodyProblem('Line one.\nLine two.\tTabbed.')).toBeNull();
    expect(liveBodyProblem('x'.repeat(ARTICLE_BODY_MAX))).toBeNull();
    expect(liveBodyProblem('x'.repeat(ARTICLE_BODY_MAX + 1))).toBe('body-too-long');
    expect(liveBodyProblem('🚲'.repeat(ARTICLE_BODY_MAX))).toBeNull();
    expect(liveBodyProblem('🚲'.repeat(ARTICLE_BODY_MAX + 1))).toBe('body-too-long');
    expect(liveBodyProblem('')).toBe('body-blank');
    expect(liveBodyProblem('\n  \n')).toBe('body-blank');
    expect(liveBodyProblem('Nul\u0000')).toBe('forbiddenCharacters');
    expect(liveBodyProblem('\u200b\u200b')).toBe('invisibleText');
  });
});

describe('who a live version names', () => {
  it('is made as the author on one’s own text, as a creator on a fellow creator’s', () => {
    expect(liveDraftRole(anna, anna)).toBe('author');
    expect(liveDraftRole(anna.toUpperCase(), anna)).toBe('author');
    expect(liveDraftRole(ben, anna)).toBe('creator');
  });

  it('keeps co-editors to the law’s creators, lower-case, each once, sorted, without the one who saved', () => {
    expect(liveCoEditors([carl, dora, anna, carl.toUpperCase(), ben], [anna, ben, carl], ben)).toEqual([anna, carl]);
    expect(liveCoEditors([], [anna, ben], ben)).toEqual([]);
    expect(liveCoEditors([dora], [anna, ben], ben)).toEqual([]);
  });

  it('answers a conflict with the text now', () => {
    const at = new Date('2026-11-27T10:00:00.123Z');
    const event = draftConflicted(draft(), 'Now.', at);
    expect(event.subject).toBe('decisions.draft.conflicted');
    expect(event.payload).toEqual({ lawId, textKind: 'article', textId, current: 'Now.', at: '2026-11-27T10:00:00.123Z' });
  });
});
