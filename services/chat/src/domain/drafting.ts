/**
 * Live co-drafting's rules (docs/co-drafting.md): who may type a law's texts live, and what a settle
 * writes. Pure but for the event ids.
 */
import { ChatDraftSettled, type DraftTextKind, type EventEnvelope } from '@civic/contracts';
import { newEvent } from '@civic/service-kit';
import type { Caller, Refusal } from './permissions.js';

/** What the chat knows of a law when a member drafts in it. */
export interface DraftLawFacts {
  /** The member is one of the law's drawn creators. */
  creator: boolean;
  /** The law's creation room exists and is open (the law is still in creation). */
  open: boolean;
}

const refuse = (key: Refusal['key'], status: number, reason: string): Refusal => ({ key, status, reason });

/**
 * Every `draft:*` event: a signed-in member (401), not suspended (403 as posting), one of the law's
 * creators, while its creation room is open. Scribes and moderators who are not creators edit through
 * the decisions service's route, with a reason, not live.
 */
export function mayDraft(caller: Caller | null, law: DraftLawFacts): Refusal | null {
  if (!caller) return refuse('unauthorized', 401, 'visitor');
  if (caller.suspended) return refuse('suspensionError', 403, 'suspended');
  if (!law.creator) return refuse('unauthorizedAction', 403, 'not-creator');
  if (!law.open) return refuse('unauthorizedAction', 403, 'closed');
  return null;
}

/** A text that would save nothing a reader sees: empty, spaces, or only invisible characters. */
export function isBlank(text: string): boolean {
  return text.replace(/[\p{White_Space}\p{Cf}\p{Default_Ignorable_Code_Point}\u2800]/gu, '') === '';
}

export type Settlement =
  /** Nobody typed since the last version. */
  | { write: false; why: 'nothing-typed' }
  /** The words typed came back to the text of the last version: nothing to write, the updates are settled. */
  | { write: false; why: 'unchanged' }
  /** A blank text is never a version: the updates wait for more typing. */
  | { write: false; why: 'blank' }
  | { write: true; savedBy: string; coEditors: string[] };

/**
 * What a settle does with the text its updates make. `typists` are the members whose updates came
 * since the last version, in the order they came; `saver` is who pressed save, null after a pause
 * (then the last who typed saves). The co-editors are the other typists, once each, sorted.
 */
export function settlement(input: { text: string; baseBody: string; typists: readonly string[]; saver: string | null }): Settlement {
  const savedBy = input.saver ?? input.typists[input.typists.length - 1];
  if (input.typists.length === 0 || !savedBy) return { write: false, why: 'nothing-typed' };
  if (input.text === input.baseBody) return { write: false, why: 'unchanged' };
  if (isBlank(input.text)) return { write: false, why: 'blank' };
  const coEditors = [...new Set(input.typists)].filter((userId) => userId !== savedBy).sort();
  return { write: true, savedBy, coEditors };
}

/** The event of a settle that writes: decisions writes the version while the text still reads `baseBody`. */
export function draftSettled(
  text: { lawId: string; kind: DraftTextKind; textId: string },
  words: { body: string; baseBody: string; savedBy: string; coEditors: string[] },
  at: Date,
): EventEnvelope {
  return newEvent(ChatDraftSettled, { lawId: text.lawId, textKind: text.kind, textId: text.textId, ...words, at: at.toISOString() }, at);
}
