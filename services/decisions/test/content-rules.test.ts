import type { LawState } from '@civic/contracts';
import {
  lawItem,
  mayAddSource,
  mayAmend,
  mayChangeSource,
  mayChangeSourceOn,
  mayDelete,
  mayDraft,
  mayEdit,
  mayMove,
  mayPin,
  mayPinSource,
  maySignal,
  mayVote,
  type ItemFacts,
  type LawFacts,
} from '../src/domain/content-rules.js';
import type { Caller } from '../src/domain/proposal-rules.js';

const member = (id: string, extra: Partial<Caller> = {}): Caller => ({ id, verified: true, moderator: false, scribe: false, suspended: false, ...extra });
const author = member('author');
const creator = member('creator');
const other = member('other');
const scribe = member('scribe', { scribe: true });
const moderator = member('moderator', { moderator: true });

const law = (state: LawState = 'creation', extra: Partial<LawFacts> = {}): LawFacts => ({ state, userId: 'proposer', creators: ['author', 'creator'], deleted: false, ...extra });
const article = (extra: Partial<ItemFacts> = {}): ItemFacts => ({ kind: 'article', userId: 'author', moderationStatus: 0, scribeStatus: 0, deleted: false, ...extra });

const allowed = (answer: { key: string } | { as: string } | null) => answer === null || 'as' in answer;
const who = (callers: Caller[], check: (caller: Caller) => { key: string } | { as: string } | null) =>
  callers.filter((caller) => allowed(check(caller))).map((caller) => caller.id);
const everyone = [author, creator, other, scribe, moderator];

describe('permissions on a law’s content (author, creator, other member, scribe, moderator)', () => {
  it('lets only the law’s creators draft, during creation, when verified and not suspended', () => {
    expect(who(everyone, (caller) => mayDraft(caller, law()))).toEqual(['author', 'creator']);
    expect(who(everyone, (caller) => mayDraft(caller, law('final-vote')))).toEqual([]);
    expect(mayDraft(member('creator', { suspended: true }), law())).toMatchObject({ key: 'suspensionError' });
    expect(mayDraft(member('creator', { verified: false }), law())).toMatchObject({ key: 'unauthorizedAction' });
    expect(mayDraft(creator, law('creation', { deleted: true }))).toMatchObject({ key: 'notFound' });
  });

  it('edit: the author; a moderator once signalled to moderators; a scribe once signalled to scribes; only during creation', () => {
    expect(who(everyone, (caller) => mayEdit(caller, article(), law()))).toEqual(['author']);
    expect(who(everyone, (caller) => mayEdit(caller, article({ moderationStatus: 1 }), law()))).toEqual(['author', 'moderator']);
    expect(who(everyone, (caller) => mayEdit(caller, article({ scribeStatus: 1 }), law()))).toEqual(['author', 'scribe']);
    expect(who(everyone, (caller) => mayEdit(caller, article({ moderationStatus: 1, scribeStatus: 1 }), law('final-vote')))).toEqual([]);
    expect(mayEdit(moderator, article({ moderationStatus: 1 }), law())).toEqual({ as: 'moderator' });
    expect(mayEdit(author, article({ deleted: true }), law())).toMatchObject({ key: 'notFound' });
  });

  it('delete: the author during creation; a moderator once signalled, also during the final vote; never a scribe', () => {
    expect(who(everyone, (caller) => mayDelete(caller, article(), law()))).toEqual(['author']);
    expect(who(everyone, (caller) => mayDelete(caller, article({ moderationStatus: 1, scribeStatus: 1 }), law()))).toEqual(['author', 'moderator']);
    expect(who(everyone, (caller) => mayDelete(caller, article({ moderationStatus: 1 }), law('final-vote')))).toEqual(['moderator']);
    expect(who(everyone, (caller) => mayDelete(caller, article({ moderationStatus: 1 }), law('adopted')))).toEqual([]);
  });

  it('signal to the scribes: only the author, not yet signalled, not a scribe', () => {
    expect(who(everyone, (caller) => maySignal(caller, article(), law(), 'scribe'))).toEqual(['author']);
    expect(who(everyone, (caller) => maySignal(caller, article({ scribeStatus: 1 }), law(), 'scribe'))).toEqual([]);
    expect(maySignal(member('author', { scribe: true }), article(), law(), 'scribe')).toMatchObject({ reason: 'author-is-scribe' });
  });

  it('signal to the moderators: anyone logged in but the author, once', () => {
    expect(who(everyone, (caller) => maySignal(caller, article(), law(), 'moderator'))).toEqual(['creator', 'other', 'scribe', 'moderator']);
    expect(who(everyone, (caller) => maySignal(caller, article({ moderationStatus: 1 }), law(), 'moderator'))).toEqual([]);
    expect(who(everyone, (caller) => maySignal(caller, article(), law('adopted'), 'moderator'))).toEqual([]);
  });

  it('signal: never by a suspended member, to the moderators or to the scribes (the suspension error other actions give)', () => {
    const suspended = everyone.map((caller) => ({ ...caller, suspended: true }));
    expect(who(suspended, (caller) => maySignal(caller, article(), law(), 'moderator'))).toEqual([]);
    expect(who(suspended, (caller) => maySignal(caller, article(), law(), 'scribe'))).toEqual([]);
    expect(maySignal(member('other', { suspended: true }), article(), law(), 'moderator')).toEqual({ key: 'suspensionError', status: 403, reason: 'suspended' });
    expect(maySignal(member('other', { suspended: true }), lawItem({ userId: 'proposer', deleted: false, moderationStatus: 0, scribeStatus: 0 }), law(), 'moderator')).toMatchObject({
      key: 'suspensionError',
    });
  });

  it('pin: moderators', () => {
    expect(who(everyone, (caller) => mayPin(caller, article(), law()))).toEqual(['moderator']);
  });

  it('add a source: whoever may edit the item; the law’s creators for the law itself', () => {
    expect(who(everyone, (caller) => mayAddSource(caller, article(), law()))).toEqual(['author']);
    expect(who(everyone, (caller) => mayAddSource(caller, article({ scribeStatus: 1 }), law()))).toEqual(['author', 'scribe']);
    const lawItem: ItemFacts = { kind: 'law', userId: 'proposer', moderationStatus: 0, scribeStatus: 0, deleted: false };
    expect(who([...everyone, member('proposer')], (caller) => mayAddSource(caller, lawItem, law()))).toEqual(['author', 'creator', 'proposer']);
    expect(who(everyone, (caller) => mayAddSource(caller, lawItem, law('final-vote')))).toEqual([]);
  });

  it('edit or delete a source: a moderator, or with the permission flag', () => {
    const source = { deleted: false };
    expect(who(everyone, (caller) => mayChangeSource(caller, source, law(), false))).toEqual(['moderator']);
    expect(who(everyone, (caller) => mayChangeSource(caller, source, law(), true))).toEqual(everyone.map((caller) => caller.id));
    expect(mayChangeSource(moderator, { deleted: true }, law(), true)).toMatchObject({ key: 'notFound' });
    expect(who(everyone, (caller) => mayChangeSource(caller, source, law('adopted'), false))).toEqual([]);
  });

  it('amend and move: the law’s creators during creation, on an article; an amendment is neither amended nor moved (400)', () => {
    expect(who(everyone, (caller) => mayAmend(caller, article(), law()))).toEqual(['author', 'creator']);
    expect(who(everyone, (caller) => mayMove(caller, article(), law()))).toEqual(['author', 'creator']);
    expect(mayAmend(creator, article({ kind: 'amendment' }), law())).toMatchObject({ key: 'badRequest', status: 400, reason: 'amend-an-article' });
    expect(mayMove(creator, article({ kind: 'amendment' }), law())).toMatchObject({ key: 'badRequest', status: 400, reason: 'move-an-article' });
    expect(who(everyone, (caller) => mayMove(caller, article(), law('final-vote')))).toEqual([]);
  });

  it('a source on its item: the permission flag worked out from the item; nothing once the item is gone', () => {
    const source = { deleted: false };
    expect(who(everyone, (caller) => mayChangeSourceOn(caller, source, article(), law()))).toEqual(['author', 'moderator']);
    expect(who(everyone, (caller) => mayChangeSourceOn(caller, source, article({ scribeStatus: 1 }), law()))).toEqual(['author', 'scribe', 'moderator']);
    const ofLaw = lawItem({ userId: 'proposer', deleted: false, moderationStatus: 0, scribeStatus: 0 });
    expect(ofLaw).toEqual({ kind: 'law', userId: 'proposer', moderationStatus: 0, scribeStatus: 0, deleted: false });
    expect(who(everyone, (caller) => mayChangeSourceOn(caller, source, ofLaw, law()))).toEqual(['author', 'creator', 'moderator']);
    expect(mayChangeSourceOn(moderator, source, article({ deleted: true }), law())).toMatchObject({ key: 'notFound' });
    expect(who(everyone, (caller) => mayPinSource(caller, source, article(), law('adopted')))).toEqual(['moderator']);
    expect(mayPinSource(moderator, source, article({ deleted: true }), law())).toMatchObject({ key: 'notFound' });
  });

  it('vote: any verified member who is not suspended, during the final vote only', () => {
    expect(who(everyone, (caller) => mayVote(caller, law('final-vote')))).toEqual(everyone.map((caller) => caller.id));
    expect(who(everyone, (caller) => mayVote(caller, law('creation')))).toEqual([]);
    expect(mayVote(member('x', { suspended: true }), law('final-vote'))).toMatchObject({ key: 'suspensionError' });
  });
});
