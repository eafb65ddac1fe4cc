/**
 * Live co-drafting (docs/co-drafting.md): a law's creators type in one article's or amendment's text
 * at once, the text held as a Yjs document by the chat service and carried over the page's one socket.
 * Each explicit save, or each pause of DRAFT_SETTLE_PAUSE_MS, becomes one version of the text chain,
 * written by the decisions service. Plain values and types only: the front ends import this module at
 * run time; the chat service checks the payloads with its own schemas.
 */

/** The texts typed live: an article's text, or an amendment's text (an amendment's title is edited alone). */
export const draftTextKinds = ['article', 'amendment'] as const;
export type DraftTextKind = (typeof draftTextKinds)[number];

/** The name of the Y.Text holding the words in a text's Yjs document. */
export const DRAFT_YTEXT = 'body';
/** After this long without a keystroke from anyone, the typed text is saved as one version. */
export const DRAFT_SETTLE_PAUSE_MS = 3000;
/** The largest Yjs update one `draft:update` may carry, in bytes once decoded (a paste of a whole article fits). */
export const DRAFT_UPDATE_MAX_BYTES = 64 * 1024;

/** The events a page emits (each answered by an acknowledgement, or the catalogue's error shape). */
export const draftClientEvents = {
  /** Open a text for live editing: `DraftJoin` → `DraftJoined`. */
  join: 'draft:join',
  /** Send the page's own changes: `DraftUpdate` → `{ textId }`. */
  update: 'draft:update',
  /** Save now, without waiting for the pause: `{ textId }` → `DraftSaved`. */
  save: 'draft:save',
  /** Stop editing a text: `{ textId }` → `{ textId }`. */
  leave: 'draft:leave',
  /** Say that the member is on the law's drafting page, and which text they edit: `DraftHere` → `DraftPresence`. */
  here: 'draft:here',
  /** Leave the law's drafting page: `{ lawId }` → `{ lawId }`. */
  away: 'draft:away',
} as const;

/** The events the chat service sends to the pages. */
export const draftServerEvents = {
  /** Another page's changes to a text this page edits: `DraftUpdate`. */
  update: 'draft:update',
  /** Who is on a law's drafting page now: `DraftPresence`, to everyone there whenever it changes. */
  presence: 'draft:presence',
  /** A text's typed words were handed over to be written as a version: `DraftSaved`. */
  saved: 'draft:saved',
  /**
   * The text changed outside live editing (a scribe's or a moderator's edit) since the words typed
   * here were based on it; nothing was written: `DraftConflict`. The editor shows both to merge; the
   * next save is based on `current`.
   */
  conflict: 'draft:conflict',
} as const;

/**
 * `draft:join`. `body` is the text as the page read it: it seeds the document when the server holds
 * none for this text; otherwise the server's document wins and `body` is ignored.
 */
export interface DraftJoin {
  lawId: string;
  kind: DraftTextKind;
  textId: string;
  body: string;
}

export interface DraftJoined {
  textId: string;
  /** The whole document as one Yjs update (`Y.encodeStateAsUpdate`), base64. */
  state: string;
  /** The text of the last version written (what the next save is based on). */
  savedBody: string;
}

/** `draft:update`, both ways: one Yjs update (`Y.encodeStateAsUpdate` or an `update` event's bytes), base64. */
export interface DraftUpdate {
  textId: string;
  update: string;
}

export interface DraftHere {
  lawId: string;
  /** The article or amendment the member is editing, or null when only reading. */
  editing: { kind: DraftTextKind; textId: string } | null;
}

export interface DraftPresent {
  userId: string;
  name: string;
  /** Up to two letters from the name, the only picture of a member. */
  initials: string;
  editing: { kind: DraftTextKind; textId: string } | null;
}

export interface DraftPresence {
  lawId: string;
  /** Everyone on the page now, once each (a member with two pages open counts once), by name. */
  present: DraftPresent[];
}

export interface DraftSaved {
  textId: string;
  body: string;
  savedBy: string;
  /** The others who typed in this text since its last version. */
  coEditors: string[];
  at: string;
}

export interface DraftConflict {
  textId: string;
  /** The text as it is now, written outside live editing. */
  current: string;
}

/** The socket room of a text's document, and of a law's drafting page (presence). */
export const draftRooms = {
  text: (textId: string) => `draft:${textId}`,
  law: (lawId: string) => `drafting:${lawId}`,
} as const;

/** Initials of a name: the first letters of its first two words, in capitals ("Élise Martin" → "ÉM"). */
export function initialsOf(name: string): string {
  const words = name.trim().split(/[\s\-_.]+/u).filter(Boolean);
  const letters = words.slice(0, 2).map((word) => Array.from(word)[0]!.toLocaleUpperCase('fr'));
  return letters.join('') || '?';
}
