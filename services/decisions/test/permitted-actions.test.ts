import type { LawState, ProposalState } from '@civic/contracts';
import type { ItemFacts, LawFacts } from '../src/domain/content-rules.js';
import { articleMay, lawFactsOf, lawMay, proposalMay, sourceMay, withLawDetailMay, type LawDetailRecord } from '../src/domain/permitted-actions.js';
import type { Caller, ProposalFacts } from '../src/domain/proposal-rules.js';

const member = (id: string, extra: Partial<Caller> = {}): Caller => ({ id, verified: true, moderator: false, scribe: false, suspended: false, ...extra });
/** Every role of the rules, by name: null is the visitor. */
const roles: Record<string, Caller | null> = {
  visitor: null,
  member: member('member'),
  author: member('author'),
  creator: member('creator'),
  moderator: member('moderator', { moderator: true }),
  scribe: member('scribe', { scribe: true }),
  suspended: member('suspended', { suspended: true }),
  'suspended author': member('author', { suspended: true }),
  'suspended creator': member('creator', { suspended: true }),
  unverified: member('unverified', { verified: false }),
};

/** The roles allowed one flag of the answers `may` gives. */
const who = <M extends object>(may: (caller: Caller | null) => M, flag: keyof M) =>
  Object.entries(roles)
    .filter(([, caller]) => may(caller)[flag] === true)
    .map(([role]) => role);

describe('what each role may do with a proposal', () => {
  const proposal = (state: ProposalState, extra: Partial<ProposalFacts> = {}): ProposalFacts => ({ userId: 'author', state, moderationStatus: 0, deletedByModerator: false, ...extra });
  const may = (facts: ProposalFacts) => (caller: Caller | null) => proposalMay(caller, facts);

  it('gives a visitor nothing, whatever the proposal', () => {
    for (const state of ['submitted', 'in-vote', 'second-chance', 'selected', 'rejected', 'deleted'] as const) {
      expect(proposalMay(null, proposal(state))).toEqual({ edit: false, remove: false, resubmit: false, signal: false, pin: false, vote: false });
    }
  });

  it('edit: its author while submitted or second-chance (not suspended); a moderator once signalled', () => {
    expect(who(may(proposal('submitted')), 'edit')).toEqual(['author']);
    expect(who(may(proposal('second-chance')), 'edit')).toEqual(['author']);
    expect(who(may(proposal('in-vote')), 'edit')).toEqual([]);
    expect(who(may(proposal('selected')), 'edit')).toEqual([]);
    expect(who(may(proposal('rejected')), 'edit')).toEqual([]);
    expect(who(may(proposal('submitted', { moderationStatus: 1 })), 'edit')).toEqual(['author', 'moderator']);
    expect(who(may(proposal('selected', { moderationStatus: 1 })), 'edit')).toEqual(['moderator']);
  });

  it('remove: its author in every visible state but selected (suspended too); a moderator once signalled', () => {
    for (const state of ['submitted', 'second-chance', 'in-vote'] as const) expect(who(may(proposal(state)), 'remove')).toEqual(['author', 'suspended author']);
    expect(who(may(proposal('selected')), 'remove')).toEqual([]);
    expect(who(may(proposal('selected', { moderationStatus: 1 })), 'remove')).toEqual([]);
    expect(who(may(proposal('rejected')), 'remove')).toEqual([]);
    expect(who(may(proposal('submitted', { moderationStatus: 1 })), 'remove')).toEqual(['author', 'moderator', 'suspended author']);
  });

  it('resubmit: its author, verified and not suspended, once rejected or withdrawn by themselves', () => {
    expect(who(may(proposal('rejected')), 'resubmit')).toEqual(['author']);
    expect(who(may(proposal('deleted')), 'resubmit')).toEqual(['author']);
    expect(who(may(proposal('deleted', { deletedByModerator: true })), 'resubmit')).toEqual([]);
    expect(who(may(proposal('submitted')), 'resubmit')).toEqual([]);
  });

  it('signal: any member but its author, not suspended, while visible and not signalled', () => {
    const signallers = ['member', 'creator', 'moderator', 'scribe', 'unverified'];
    expect(who(may(proposal('submitted')), 'signal')).toEqual(signallers);
    expect(who(may(proposal('selected')), 'signal')).toEqual(signallers);
    expect(who(may(proposal('submitted', { moderationStatus: 1 })), 'signal')).toEqual([]);
    expect(who(may(proposal('rejected')), 'signal')).toEqual([]);
  });

  it('pin: moderators, on a visible proposal', () => {
    expect(who(may(proposal('submitted')), 'pin')).toEqual(['moderator']);
    expect(who(may(proposal('deleted')), 'pin')).toEqual([]);
  });

  it('vote: a verified member who is not suspended, the author too, while it is in its vote', () => {
    expect(who(may(proposal('in-vote')), 'vote')).toEqual(['member', 'author', 'creator', 'moderator', 'scribe']);
    expect(who(may(proposal('submitted')), 'vote')).toEqual([]);
    expect(who(may(proposal('selected')), 'vote')).toEqual([]);
  });
});

describe('what each role may do with a law and its content', () => {
  const law = (state: LawState, extra: Partial<LawFacts & { moderationStatus: number; scribeStatus: number }> = {}) => ({
    state,
    userId: 'author',
    creators: ['author', 'creator', 'suspended'],
    deleted: false,
    moderationStatus: 0,
    scribeStatus: 0,
    ...extra,
  });
  const article = (extra: Partial<ItemFacts> = {}): ItemFacts => ({ kind: 'article', userId: 'author', moderationStatus: 0, scribeStatus: 0, deleted: false, ...extra });
  const onLaw = (facts: ReturnType<typeof law>) => (caller: Caller | null) => lawMay(caller, facts);
  const onArticle = (item: ItemFacts, facts: LawFacts) => (caller: Caller | null) => articleMay(caller, item, facts);

  it('gives a visitor nothing', () => {
    expect(Object.values(lawMay(null, law('creation'))).every((flag) => flag === false)).toBe(true);
    expect(Object.values(articleMay(null, article(), law('final-vote'))).every((flag) => flag === false)).toBe(true);
    expect(sourceMay(null, { deleted: false }, { item: article(), law: law('creation') })).toEqual({ edit: false, remove: false, pin: false });
  });

  it('draft: the law’s creators during creation, verified and not suspended', () => {
    expect(who(onLaw(law('creation')), 'draft')).toEqual(['author', 'creator']);
    expect(who(onLaw(law('final-vote')), 'draft')).toEqual([]);
    expect(who(onArticle(article(), law('creation')), 'amend')).toEqual(['author', 'creator']);
    expect(who(onArticle(article(), law('creation')), 'move')).toEqual(['author', 'creator']);
    // An amendment is neither amended nor moved on its own.
    expect(who(onArticle(article({ kind: 'amendment' }), law('creation')), 'amend')).toEqual([]);
    expect(who(onArticle(article({ kind: 'amendment' }), law('creation')), 'move')).toEqual([]);
  });

  it('edit a law: its author during creation; a moderator once signalled; a scribe once signalled to the scribes', () => {
    expect(who(onLaw(law('creation')), 'edit')).toEqual(['author']);
    expect(who(onLaw(law('creation', { moderationStatus: 1, scribeStatus: 1 })), 'edit')).toEqual(['author', 'moderator', 'scribe']);
    expect(who(onLaw(law('final-vote', { moderationStatus: 1, scribeStatus: 1 })), 'edit')).toEqual([]);
  });

  it('remove a law: its author during creation; a moderator once signalled, in the final vote too', () => {
    expect(who(onLaw(law('creation')), 'remove')).toEqual(['author']);
    expect(who(onLaw(law('final-vote', { moderationStatus: 1 })), 'remove')).toEqual(['moderator']);
    expect(who(onLaw(law('adopted', { moderationStatus: 1 })), 'remove')).toEqual([]);
  });

  it('add a source to the law: whoever may edit it, and its creators during creation', () => {
    expect(who(onLaw(law('creation')), 'addSource')).toEqual(['author', 'creator']);
    expect(who(onLaw(law('creation', { scribeStatus: 1 })), 'addSource')).toEqual(['author', 'creator', 'scribe']);
  });

  it('signal: to the moderators any member but the author; to the scribes its author who is not a scribe; never once archived', () => {
    expect(who(onLaw(law('creation')), 'signalModerator')).toEqual(['member', 'creator', 'moderator', 'scribe', 'unverified']);
    expect(who(onLaw(law('creation')), 'signalScribe')).toEqual(['author']);
    expect(who(onLaw(law('creation', { scribeStatus: 1 })), 'signalScribe')).toEqual([]);
    expect(who(onLaw(law('adopted')), 'signalModerator')).toEqual([]);
    expect(lawMay(member('author', { scribe: true }), law('creation')).signalScribe).toBe(false);
  });

  it('pin: moderators, archived laws included', () => {
    expect(who(onLaw(law('creation')), 'pin')).toEqual(['moderator']);
    expect(who(onLaw(law('adopted')), 'pin')).toEqual(['moderator']);
  });

  it('an article: its author edits and deletes it, a creator who did not write it does not', () => {
    const written = onArticle(article({ userId: 'creator' }), law('creation'));
    expect(who(written, 'edit')).toEqual(['creator']);
    expect(who(written, 'remove')).toEqual(['creator']);
    expect(who(written, 'addSource')).toEqual(['creator']);
    expect(who(onArticle(article({ userId: 'creator', scribeStatus: 1, moderationStatus: 1 }), law('creation')), 'edit')).toEqual(['creator', 'moderator', 'scribe']);
    expect(who(onArticle(article({ userId: 'creator', moderationStatus: 1 }), law('final-vote')), 'remove')).toEqual(['moderator']);
  });

  it('live edit of a text: the law’s creators, verified and not suspended, whoever wrote it, during creation only', () => {
    // 'suspended' is drawn as a creator too: suspended, they type nothing.
    for (const userId of ['author', 'creator', 'member']) {
      expect(who(onArticle(article({ userId }), law('creation')), 'liveEdit')).toEqual(['author', 'creator']);
      expect(who(onArticle(article({ userId, kind: 'amendment' }), law('creation')), 'liveEdit')).toEqual(['author', 'creator']);
    }
    // Signalled texts: scribes and moderators still get the reasoned edit, never live editing.
    const signalled = onArticle(article({ userId: 'creator', scribeStatus: 1, moderationStatus: 1 }), law('creation'));
    expect(who(signalled, 'liveEdit')).toEqual(['author', 'creator']);
    expect(who(signalled, 'edit')).toEqual(['creator', 'moderator', 'scribe']);
    for (const state of ['final-vote', 'adopted', 'rejected'] as const) expect(who(onArticle(article(), law(state)), 'liveEdit')).toEqual([]);
    expect(who(onArticle(article({ deleted: true }), law('creation')), 'liveEdit')).toEqual([]);
    expect(who(onArticle(article(), law('creation', { deleted: true })), 'liveEdit')).toEqual([]);
    // A creator not verified any more types nothing either, as they draft nothing.
    expect(articleMay(member('creator', { verified: false }), article(), law('creation')).liveEdit).toBe(false);
  });

  it('vote on a text: a verified member who is not suspended, during the final vote', () => {
    expect(who(onArticle(article(), law('final-vote')), 'vote')).toEqual(['member', 'author', 'creator', 'moderator', 'scribe']);
    expect(who(onArticle(article(), law('creation')), 'vote')).toEqual([]);
  });

  it('a source: a moderator while its law is live, or whoever may edit its item; pinned by moderators; nothing once its item is gone', () => {
    const on = (item: ItemFacts, facts: LawFacts) => (caller: Caller | null) => sourceMay(caller, { deleted: false }, { item, law: facts });
    expect(who(on(article(), law('creation')), 'edit')).toEqual(['author', 'moderator']);
    expect(who(on(article(), law('creation')), 'remove')).toEqual(['author', 'moderator']);
    expect(who(on(article(), law('adopted')), 'edit')).toEqual([]);
    expect(who(on(article(), law('adopted')), 'pin')).toEqual(['moderator']);
    expect(who(on(article({ deleted: true }), law('creation')), 'pin')).toEqual([]);
    expect(sourceMay(member('moderator', { moderator: true }), { deleted: false }, null)).toEqual({ edit: false, remove: false, pin: false });
  });
});

describe('a law’s answer with its reader’s flags', () => {
  const at = '2026-11-26T12:00:00.000Z';
  const counts = { for: 0, against: 0, neutral: 0, blank: 0, score: 0 };
  const text = (id: string, userId: string, kind: 'article' | 'amendment' = 'article') => ({
    id,
    lawId: 'law',
    kind,
    groupId: null,
    parentId: kind === 'amendment' ? 'a1' : null,
    title: null,
    body: 'Text.',
    position: 1,
    userId,
    userName: userId,
    moderationStatus: 0 as const,
    scribeStatus: 0 as const,
    pin: false,
    counts,
    myVote: null,
    result: null,
    sources: [],
    createdAt: at,
    updatedAt: at,
    amendments: [],
  });
  const source = (id: string, targetKind: 'law' | 'article', targetId: string) => ({
    ...Object.fromEntries(['title', 'author', 'publisher', 'publicationDate', 'url', 'accessDate', 'volume', 'issue', 'pages', 'periodicalTitle', 'articleTitle', 'director', 'productionCompany', 'description'].map((name) => [name, null])),
    type: 6,
    releaseYear: null,
    frequency: null,
    id,
    lawId: 'law',
    targetKind,
    targetId,
    userId: 'creator',
    userName: 'creator',
    pin: false,
    apa: { text: 'A note.', parts: [] },
    createdAt: at,
    updatedAt: at,
  });
  const detail = {
    id: 'law',
    cycleId: 'cycle',
    cycleNumber: 1,
    title: 'A law',
    description: 'Of the matrix.',
    category: 'other',
    state: 'creation',
    userId: 'proposer',
    userName: 'proposer',
    rank: 1,
    moderationStatus: 0,
    scribeStatus: 0,
    pin: false,
    creators: [{ userId: 'creator', userName: 'creator' }],
    articleCount: 1,
    voters: 0,
    createdAt: at,
    updatedAt: at,
    archivedAt: null,
    serverTime: at,
    phaseEndsAt: null,
    groups: [],
    articles: [{ ...text('a1', 'creator'), sources: [source('s2', 'article', 'a1')], amendments: [text('m1', 'other', 'amendment')] }],
    sources: [source('s1', 'law', 'law')],
    seal: null,
  } as unknown as LawDetailRecord;

  it('judges the law, each text and each source with the facts the answer carries', () => {
    expect(lawFactsOf(detail)).toEqual({ state: 'creation', userId: 'proposer', creators: ['creator'], deleted: false });
    const asCreator = withLawDetailMay(member('creator'), detail);
    expect(asCreator.may).toMatchObject({ draft: true, edit: false, addSource: true, signalModerator: true });
    expect(asCreator.articles[0]!.may).toMatchObject({ edit: true, liveEdit: true, amend: true, move: true, signalScribe: true });
    // A fellow creator's amendment (here by someone no longer a creator): typed live, not edited with a reason.
    expect(asCreator.articles[0]!.amendments[0]!.may).toMatchObject({ edit: false, liveEdit: true, amend: false, signalModerator: true });
    // The law's sources: its creators may add, so may change them; an article's: its author.
    expect(asCreator.sources[0]!.may).toEqual({ edit: true, remove: true, pin: false });
    expect(asCreator.articles[0]!.sources[0]!.may).toEqual({ edit: true, remove: true, pin: false });
    const asMember = withLawDetailMay(member('member'), detail);
    expect(asMember.sources[0]!.may).toEqual({ edit: false, remove: false, pin: false });
    expect(asMember.articles[0]!.may).toMatchObject({ edit: false, liveEdit: false, amend: false, signalModerator: true });
    expect(withLawDetailMay(null, detail).articles[0]!.amendments[0]!.may.signalModerator).toBe(false);
  });
});
