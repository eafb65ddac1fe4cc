/**
 * What the live editor's status line says (pure, no Yjs): whether the words on screen are saved, wait
 * for the pause, cannot be saved, or wait for the connection; and who saved the last version.
 */
import type { Creator, DraftPresent, DraftSaved } from '@civic/contracts';

export type DraftStatus =
  /** Joining the text's document: the field is read-only until the server's words arrive. */
  | { kind: 'joining' }
  /** The connection dropped: the words typed are kept and sent once it is back. */
  | { kind: 'offline' }
  /** Empty, spaces or invisible characters only: never saved as a version (the server waits for more). */
  | { kind: 'blank' }
  /** The words differ from the last version: saved after a pause of everyone's typing. */
  | { kind: 'pending' }
  /** The words are the last version's; `by` says who saved it when this page saw it saved. */
  | { kind: 'saved'; by: { savedBy: string; coEditors: string[] } | null };

/** A text that would save nothing a reader sees (the chat service's rule: such a text waits for more typing). */
export function isBlank(text: string): boolean {
  return text.replace(/[\p{White_Space}\p{Cf}\p{Default_Ignorable_Code_Point}\u2800]/gu, '') === '';
}

export interface DraftFacts {
  /** Joined, and connected since. */
  live: boolean;
  /** Joined once at least (a drop after that is "offline", not "joining"). */
  joinedOnce: boolean;
  text: string;
  /** The text of the last version written. */
  savedBody: string;
  /** The last save this page was told of, if its words are still the saved ones. */
  lastSave: Pick<DraftSaved, 'body' | 'savedBy' | 'coEditors'> | null;
}

export function draftStatus({ live, joinedOnce, text, savedBody, lastSave }: DraftFacts): DraftStatus {
  if (!live) return joinedOnce ? { kind: 'offline' } : { kind: 'joining' };
  if (isBlank(text)) return { kind: 'blank' };
  // The service may trim what it writes: spaces at the ends are not a change a reader sees.
  if (text.trim() !== savedBody.trim()) return { kind: 'pending' };
  const by = lastSave && lastSave.body.trim() === savedBody.trim() ? { savedBy: lastSave.savedBy, coEditors: lastSave.coEditors } : null;
  return { kind: 'saved', by };
}

/**
 * The people a save names, the saver first: the reader as null ("you"), the others by the name the
 * page knows, '' for someone it does not know (a creator no longer on the law).
 */
export function savedByNames(
  by: { savedBy: string; coEditors: string[] },
  readerId: string | null,
  known: { creators: readonly Creator[]; present: readonly Pick<DraftPresent, 'userId' | 'name'>[] },
): { savedBy: string | null; others: (string | null)[] } {
  const nameOf = (userId: string): string | null => {
    if (userId === readerId) return null;
    return known.present.find((person) => person.userId === userId)?.name ?? known.creators.find((creator) => creator.userId === userId)?.userName ?? '';
  };
  return { savedBy: nameOf(by.savedBy), others: by.coEditors.filter((userId) => userId !== by.savedBy).map(nameOf) };
}
