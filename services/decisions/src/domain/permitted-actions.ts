/**
 * What a reader may do with what they read (the `may` of every proposal, law, article, amendment and
 * source answer): each flag is the rule the action's command applies, asked with the same facts, so a
 * screen shows exactly the actions the service will take. Pure and in memory: the facts are those the
 * answer already carries. A visitor (null) may do nothing.
 */
import type { Article, ArticleMay, Creator, LawDetail, LawMay, LawSummary, Proposal, ProposalMay, PublicProposal, Source, SourceMay } from '@civic/contracts';
import {
  lawItem,
  mayAddSource,
  mayAmend,
  mayChangeSourceOn,
  mayDelete as mayDeleteContent,
  mayDraft,
  mayEdit as mayEditContent,
  mayLiveEdit,
  mayMove,
  mayPin as mayPinContent,
  mayPinSource,
  maySignal as maySignalContent,
  mayVote as mayVoteOnLaw,
  type ItemFacts,
  type LawFacts,
} from './content-rules.js';
import { mayDelete, mayEdit, mayPin, mayResubmit, maySignal, mayVote, type Caller, type ProposalFacts, type Refusal } from './proposal-rules.js';

// --- the answers as read, before the reader's flags are added ---

export type SourceRecord = Omit<Source, 'may'>;
export type ArticleRecord = Omit<Article, 'may' | 'sources' | 'amendments'> & { sources: SourceRecord[]; amendments: ArticleRecord[] };
export type LawSummaryRecord = Omit<LawSummary, 'may'>;
export type LawDetailRecord = Omit<LawDetail, 'may' | 'articles' | 'sources'> & { articles: ArticleRecord[]; sources: SourceRecord[] };

/** A rule's answer as a flag: allowed when it refuses nothing (null, or the role it allows as). */
const allows = (decision: Refusal | { as: string } | null): boolean => decision === null || !('key' in decision);

const nothing = <K extends string>(keys: readonly K[]): Record<K, false> => Object.fromEntries(keys.map((key) => [key, false])) as Record<K, false>;

const proposalActions = ['edit', 'remove', 'resubmit', 'signal', 'pin', 'vote'] as const satisfies readonly (keyof ProposalMay)[];
const lawActions = ['edit', 'remove', 'draft', 'addSource', 'signalModerator', 'signalScribe', 'pin'] as const satisfies readonly (keyof LawMay)[];
const articleActions = ['edit', 'liveEdit', 'remove', 'amend', 'move', 'addSource', 'signalModerator', 'signalScribe', 'pin', 'vote'] as const satisfies readonly (keyof ArticleMay)[];
const sourceActions = ['edit', 'remove', 'pin'] as const satisfies readonly (keyof SourceMay)[];

export function proposalMay(caller: Caller | null, proposal: ProposalFacts): ProposalMay {
  if (!caller) return nothing(proposalActions);
  return {
    edit: allows(mayEdit(caller, proposal)),
    remove: allows(mayDelete(caller, proposal)),
    resubmit: allows(mayResubmit(caller, proposal)),
    signal: allows(maySignal(caller, proposal)),
    pin: allows(mayPin(caller, proposal)),
    vote: allows(mayVote(caller, proposal)),
  };
}

/** A law as its rules judge it, from what its answer carries (an answered law is not deleted). */
export const lawFactsOf = (law: { state: LawFacts['state']; userId: string; creators: readonly Creator[] }): LawFacts => ({
  state: law.state,
  userId: law.userId,
  creators: law.creators.map((creator) => creator.userId),
  deleted: false,
});

export function lawMay(caller: Caller | null, law: LawFacts & { moderationStatus: number; scribeStatus: number }): LawMay {
  if (!caller) return nothing(lawActions);
  const item = lawItem(law);
  return {
    edit: allows(mayEditContent(caller, item, law)),
    remove: allows(mayDeleteContent(caller, item, law)),
    draft: allows(mayDraft(caller, law)),
    addSource: allows(mayAddSource(caller, item, law)),
    signalModerator: allows(maySignalContent(caller, item, law, 'moderator')),
    signalScribe: allows(maySignalContent(caller, item, law, 'scribe')),
    pin: allows(mayPinContent(caller, item, law)),
  };
}

export function articleMay(caller: Caller | null, item: ItemFacts, law: LawFacts): ArticleMay {
  if (!caller) return nothing(articleActions);
  return {
    edit: allows(mayEditContent(caller, item, law)),
    liveEdit: allows(mayLiveEdit(caller, item, law)),
    remove: allows(mayDeleteContent(caller, item, law)),
    amend: allows(mayAmend(caller, item, law)),
    move: allows(mayMove(caller, item, law)),
    addSource: allows(mayAddSource(caller, item, law)),
    signalModerator: allows(maySignalContent(caller, item, law, 'moderator')),
    signalScribe: allows(maySignalContent(caller, item, law, 'scribe')),
    pin: allows(mayPinContent(caller, item, law)),
    vote: allows(mayVoteOnLaw(caller, law)),
  };
}

/** `target`: the item the source is attached to and its law, null when either is gone (nothing is then allowed). */
export function sourceMay(caller: Caller | null, source: { deleted: boolean }, target: { item: ItemFacts; law: LawFacts } | null): SourceMay {
  if (!caller || !target) return nothing(sourceActions);
  const change = allows(mayChangeSourceOn(caller, source, target.item, target.law));
  return { edit: change, remove: change, pin: allows(mayPinSource(caller, source, target.item, target.law)) };
}

// --- the answers with the reader's flags ---

export const withProposalMay = (caller: Caller | null, proposal: PublicProposal): Proposal => ({ ...proposal, may: proposalMay(caller, proposal) });

export const withSourceMay = (caller: Caller | null, source: SourceRecord, target: { item: ItemFacts; law: LawFacts } | null): Source => ({
  ...source,
  may: sourceMay(caller, { deleted: false }, target),
});

/** An article or amendment as read (visible), as its rules judge it. */
const articleItem = (article: ArticleRecord): ItemFacts => ({
  kind: article.kind,
  userId: article.userId,
  moderationStatus: article.moderationStatus,
  scribeStatus: article.scribeStatus,
  deleted: false,
});

/** An article with its sources and amendments, each with the reader's flags. */
export function withArticleMay(caller: Caller | null, article: ArticleRecord, law: LawFacts): Article {
  const item = articleItem(article);
  return {
    ...article,
    sources: article.sources.map((source) => withSourceMay(caller, source, { item, law })),
    amendments: article.amendments.map((amendment) => withArticleMay(caller, amendment, law)),
    may: articleMay(caller, item, law),
  };
}

export const withLawSummaryMay = (caller: Caller | null, law: LawSummaryRecord): LawSummary => ({
  ...law,
  may: lawMay(caller, { ...lawFactsOf(law), moderationStatus: law.moderationStatus, scribeStatus: law.scribeStatus }),
});

/** A law with its articles, amendments and sources, each with the reader's flags. */
export function withLawDetailMay(caller: Caller | null, law: LawDetailRecord): LawDetail {
  const facts = lawFactsOf(law);
  const item = lawItem({ ...law, deleted: false });
  return {
    ...law,
    articles: law.articles.map((article) => withArticleMay(caller, article, facts)),
    sources: law.sources.map((source) => withSourceMay(caller, source, { item, law: facts })),
    may: lawMay(caller, { ...facts, moderationStatus: law.moderationStatus, scribeStatus: law.scribeStatus }),
  };
}
