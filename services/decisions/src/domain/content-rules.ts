/**
 * Who may do what with a law and its content during creation and after (docs/product.md,
 * issue 5). Pure: the commands pass the caller, the law and the item as stored.
 *
 * - Write articles and amendments, manage groups and the order of articles: the law's creators, while
 *   the law is in creation (verified, not suspended). They also type an article's or amendment's text
 *   live together (whoever wrote it), each pause saved as a version.
 * - Edit an article, amendment or law: a moderator when moderationStatus is 1, a scribe when
 *   scribeStatus is 1, or the author; only while the law is in creation (the text voted on is final).
 * - Delete: a moderator when moderationStatus is 1 (in creation or during the final vote), or the
 *   author while the law is in creation.
 * - Signal to the scribes: the author, when scribeStatus is 0 and the author is not a scribe.
 * - Signal to the moderators: any logged-in member but the author, when moderationStatus is 0 (never a
 *   source). A suspended member signals nothing.
 * - Pin: moderators.
 * - Add a source to a law, article or amendment (never to a chat message or a source): whoever may edit
 *   that item; the law's creators may also cite sources for the law itself while drafting it.
 * - Edit or delete a source: a moderator, or with the permission flag (the caller may edit the item
 *   the source is attached to).
 * - Vote: a verified, non-suspended member, while the law is in its final vote.
 */
import type { LawState } from '@civic/contracts';
import { mayParticipate, refuse, type Caller, type Refusal } from './proposal-rules.js';

export type ContentKind = 'law' | 'article' | 'amendment' | 'source';

export interface LawFacts {
  state: LawState;
  userId: string;
  creators: readonly string[];
  deleted: boolean;
}

export interface ItemFacts {
  kind: Exclude<ContentKind, 'source'>;
  userId: string;
  moderationStatus: number;
  scribeStatus: number;
  deleted: boolean;
}

const live = (law: LawFacts) => law.state === 'creation' || law.state === 'final-vote';

/** The law itself as an item the rules judge (edited, deleted, signalled like its articles). */
export const lawItem = (law: Pick<LawFacts, 'userId' | 'deleted'> & { moderationStatus: number; scribeStatus: number }): ItemFacts => ({
  kind: 'law',
  userId: law.userId,
  moderationStatus: law.moderationStatus,
  scribeStatus: law.scribeStatus,
  deleted: law.deleted,
});

export const isCreator = (caller: Pick<Caller, 'id'>, law: LawFacts) => law.creators.includes(caller.id);

/** Writing articles and amendments, and managing the groups and the order of articles. */
export function mayDraft(caller: Caller, law: LawFacts): Refusal | null {
  if (law.deleted) return refuse('notFound', 404, 'deleted');
  const participation = mayParticipate(caller);
  if (participation) return participation;
  if (law.state !== 'creation') return refuse('unauthorizedAction', 403, 'not-in-creation');
  if (!isCreator(caller, law)) return refuse('unauthorizedAction', 403, 'not-a-creator');
  return null;
}

/**
 * Typing an article's or amendment's text live with the other creators (docs/co-drafting.md): drafting
 * (a creator, verified, not suspended, while the law is in creation), on a text not deleted. Scribes
 * and moderators edit with a reason instead (mayEdit).
 */
export function mayLiveEdit(caller: Caller, item: Pick<ItemFacts, 'deleted'>, law: LawFacts): Refusal | null {
  if (item.deleted) return refuse('notFound', 404, 'deleted');
  return mayDraft(caller, law);
}

/** Writing an amendment to an item: drafting, on an article (an amendment is not amended). */
export function mayAmend(caller: Caller, item: Pick<ItemFacts, 'kind'>, law: LawFacts): Refusal | null {
  if (item.kind !== 'article') return refuse('badRequest', 400, 'amend-an-article');
  return mayDraft(caller, law);
}

/** Moving an item up, down or into another group: drafting, on an article (amendments follow theirs). */
export function mayMove(caller: Caller, item: Pick<ItemFacts, 'kind'>, law: LawFacts): Refusal | null {
  if (item.kind !== 'article') return refuse('badRequest', 400, 'move-an-article');
  return mayDraft(caller, law);
}

/** The role that allows the edit, or a refusal. */
export function mayEdit(caller: Caller, item: ItemFacts, law: LawFacts): Refusal | { as: 'author' | 'moderator' | 'scribe' } {
  if (item.deleted || law.deleted) return refuse('notFound', 404, 'deleted');
  if (caller.suspended) return refuse('suspensionError', 403, 'suspended');
  if (law.state !== 'creation') return refuse('unauthorizedAction', 403, 'not-in-creation');
  if (caller.id === item.userId) return { as: 'author' };
  if (caller.moderator && item.moderationStatus === 1) return { as: 'moderator' };
  if (caller.scribe && item.scribeStatus === 1) return { as: 'scribe' };
  return refuse('unauthorizedAction', 403, 'not-allowed');
}

export function mayDelete(caller: Caller, item: ItemFacts, law: LawFacts): Refusal | { as: 'author' | 'moderator' } {
  if (item.deleted || law.deleted) return refuse('notFound', 404, 'deleted');
  if (caller.suspended) return refuse('suspensionError', 403, 'suspended');
  if (caller.moderator && item.moderationStatus === 1 && live(law)) return { as: 'moderator' };
  if (caller.id === item.userId) {
    if (law.state !== 'creation') return refuse('unauthorizedAction', 403, 'not-in-creation');
    return { as: 'author' };
  }
  return refuse('unauthorizedAction', 403, 'not-allowed');
}

export function maySignal(caller: Caller, item: ItemFacts, law: LawFacts, to: 'moderator' | 'scribe'): Refusal | null {
  if (item.deleted || law.deleted) return refuse('notFound', 404, 'deleted');
  // A suspended member signals nothing, to the moderators or to the scribes, as they edit nothing.
  if (caller.suspended) return refuse('suspensionError', 403, 'suspended');
  if (!live(law)) return refuse('unauthorizedAction', 403, 'archived');
  if (to === 'scribe') {
    if (caller.id !== item.userId) return refuse('unauthorizedAction', 403, 'not-author');
    if (caller.scribe) return refuse('unauthorizedAction', 403, 'author-is-scribe');
    if (item.scribeStatus !== 0) return refuse('unauthorizedAction', 403, 'already-signalled');
    return null;
  }
  if (caller.id === item.userId) return refuse('unauthorizedAction', 403, 'author');
  if (item.moderationStatus !== 0) return refuse('unauthorizedAction', 403, 'already-signalled');
  return null;
}

export function mayPin(caller: Caller, item: Pick<ItemFacts, 'deleted'>, law: LawFacts): Refusal | null {
  if (item.deleted || law.deleted) return refuse('notFound', 404, 'deleted');
  if (!caller.moderator) return refuse('unauthorizedAction', 403, 'not-moderator');
  return null;
}

/** Adding a source to a law, article or amendment. */
export function mayAddSource(caller: Caller, item: ItemFacts, law: LawFacts): Refusal | null {
  if (item.kind === 'law' && !item.deleted && !law.deleted && law.state === 'creation' && isCreator(caller, law)) {
    return mayParticipate(caller);
  }
  const edit = mayEdit(caller, item, law);
  return 'as' in edit ? null : edit;
}

/**
 * Editing or deleting a source: a moderator (while the law is not archived), or with the permission
 * flag, `parentEditable`: the caller may add sources to the item the source is attached to.
 */
export function mayChangeSource(caller: Caller, source: { deleted: boolean }, law: LawFacts, parentEditable: boolean): Refusal | null {
  if (source.deleted || law.deleted) return refuse('notFound', 404, 'deleted');
  if (caller.suspended) return refuse('suspensionError', 403, 'suspended');
  if (caller.moderator && live(law)) return null;
  if (parentEditable) return null;
  return refuse('unauthorizedAction', 403, 'not-allowed');
}

/**
 * Editing or deleting a source attached to `item`: gone with its item, else mayChangeSource with the
 * permission flag worked out (the caller may add sources to that item).
 */
export function mayChangeSourceOn(caller: Caller, source: { deleted: boolean }, item: ItemFacts, law: LawFacts): Refusal | null {
  if (item.deleted) return refuse('notFound', 404, 'deleted');
  return mayChangeSource(caller, source, law, mayAddSource(caller, item, law) === null);
}

/** Pinning a source attached to `item`: gone with its item, else moderators. */
export function mayPinSource(caller: Caller, source: { deleted: boolean }, item: Pick<ItemFacts, 'deleted'>, law: LawFacts): Refusal | null {
  if (item.deleted) return refuse('notFound', 404, 'deleted');
  return mayPin(caller, source, law);
}

export function mayVote(caller: Caller, law: LawFacts): Refusal | null {
  if (law.deleted) return refuse('notFound', 404, 'deleted');
  const participation = mayParticipate(caller);
  if (participation) return participation;
  if (law.state !== 'final-vote') return refuse('unauthorizedAction', 403, 'vote-not-open');
  return null;
}
