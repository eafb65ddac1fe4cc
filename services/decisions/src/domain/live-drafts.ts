/**
 * What becomes of words typed live (chat.draft.settled, docs/co-drafting.md): written as one version
 * of the text, nothing at all, or a conflict handed back to the editors. Pure but for the event ids:
 * the command passes the law, the text and the member who saved as stored, within its transaction.
 */
import { ARTICLE_BODY_MAX, DraftConflicted, textProblem, type DraftTextKind, type EventEnvelope } from '@civic/contracts';
import { newEvent } from '@civic/service-kit';
import { mayLiveEdit, type LawFacts } from './content-rules.js';
import type { Caller } from './proposal-rules.js';
import { canonicalCoEditors } from './text-versions.js';

/** The words a creator saved live, as chat.draft.settled carries them. */
export interface LiveDraft {
  lawId: string;
  textKind: DraftTextKind;
  textId: string;
  body: string;
  baseBody: string;
  savedBy: string;
  coEditors: readonly string[];
}

/** The text the words were typed in, as stored now. */
export interface LiveText {
  kind: DraftTextKind;
  lawId: string;
  userId: string;
  deleted: boolean;
  title: string | null;
  body: string;
}

export type LiveDraftDecision =
  /** Nothing written, ever: the event can never apply (logged, not retried). */
  | { outcome: 'refused'; reason: string }
  /** Nothing to write: the text already reads these words. */
  | { outcome: 'unchanged' }
  /** Nothing written: the text changed outside live editing since the words were based on it. */
  | { outcome: 'conflicted'; current: string }
  /** One version by `savedBy`, as `role`, with the co-editors who are creators of the law. */
  | { outcome: 'write'; role: 'author' | 'creator'; coEditors: string[] };

/** The rules an HTTP edit's body passes (ArticleEditInputSchema and the text rule of a multi-line field); null when it passes. */
export function liveBodyProblem(body: string): string | null {
  // Counted in characters (code points), as the HTTP schema's maxLength is: an emoji counts once.
  if ([...body].length > ARTICLE_BODY_MAX) return 'body-too-long';
  if (!/\S/u.test(body)) return 'body-blank';
  return textProblem(body, { multiline: true });
}

/**
 * Judges a live save: the law in creation, the text its own (of that kind, not deleted), the member who
 * saved one of its creators (verified, not suspended), the words valid; then written when the text
 * still reads `baseBody`, nothing when it already reads `body`, else a conflict with the text now.
 */
export function judgeLiveDraft(draft: LiveDraft, law: (LawFacts & { id: string }) | null, text: LiveText | null, savedBy: Caller | null): LiveDraftDecision {
  if (!law || law.deleted) return { outcome: 'refused', reason: 'law-not-found' };
  if (!text || text.kind !== draft.textKind || text.lawId !== law.id) return { outcome: 'refused', reason: 'text-not-found' };
  if (!savedBy) return { outcome: 'refused', reason: 'unknown-member' };
  const refusal = mayLiveEdit(savedBy, text, law);
  if (refusal) return { outcome: 'refused', reason: refusal.reason };
  const problem = liveBodyProblem(draft.body);
  if (problem) return { outcome: 'refused', reason: problem };
  if (draft.body === text.body) return { outcome: 'unchanged' };
  if (draft.baseBody !== text.body) return { outcome: 'conflicted', current: text.body };
  return { outcome: 'write', role: liveDraftRole(savedBy.id, text.userId), coEditors: liveCoEditors(draft.coEditors, law.creators, savedBy.id) };
}

/** A creator's live save of their own text is the author's edit, of a fellow creator's a creator's. */
export const liveDraftRole = (savedBy: string, authorId: string): 'author' | 'creator' => (savedBy.toLowerCase() === authorId.toLowerCase() ? 'author' : 'creator');

/** The co-editors a version names: only the law's creators (nobody else drafts), in canonical order, without the one who saved. */
export function liveCoEditors(coEditors: readonly string[], creators: readonly string[], savedBy: string): string[] {
  const drafting = new Set(creators.map((id) => id.toLowerCase()));
  return canonicalCoEditors(
    coEditors.filter((id) => drafting.has(id.toLowerCase())),
    savedBy,
  );
}

/** DraftConflicted: the words were not written; the editors see `current`, the text now. */
export const draftConflicted = (draft: Pick<LiveDraft, 'lawId' | 'textKind' | 'textId'>, current: string, at: Date): EventEnvelope =>
  newEvent(DraftConflicted, { lawId: draft.lawId, textKind: draft.textKind, textId: draft.textId, current, at: at.toISOString() }, at);
