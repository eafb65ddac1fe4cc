/**
 * A textarea bound to a text's Yjs document (packages/contracts/src/drafting.ts): what the member
 * types becomes the smallest change of the document's text, and what others type is shown without
 * moving the member's caret or selection in the words. Yjs computes; nothing here touches the page
 * or the socket, so the rules are unit-tested on their own.
 */
import * as Y from 'yjs';
import { DRAFT_YTEXT } from '@civic/contracts';

/** The changes this page makes: sent to the server. Anything else applied to the document came from it. */
export const LOCAL = Symbol('local draft change');
/** The server's state and the other pages' changes: applied, never sent back. */
export const REMOTE = Symbol('remote draft change');

/** One change of a text: `remove` characters (UTF-16 units, as Yjs and the textarea count) at `index`, then `insert` there. */
export interface TextChange {
  index: number;
  remove: number;
  insert: string;
}

/** A textarea's selection (start = end: a caret), in UTF-16 units. */
export interface TextSelection {
  start: number;
  end: number;
  direction?: 'forward' | 'backward' | 'none';
}

const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff;
const isLowSurrogate = (code: number) => code >= 0xdc00 && code <= 0xdfff;

/**
 * The smallest change that turns `before` into `after`: what lies between their common prefix and
 * their common suffix. `caret`, where the caret stands in `after` once the input happened, places the
 * change where the member made it when the words repeat ("aa" → "aaa" typed between the two letters
 * is an insertion at 1, not at 2): the words after the caret belong to the suffix. A change never
 * splits the two halves of a character outside the Basic Multilingual Plane (an emoji): Yjs would
 * store half a character, which the server refuses.
 */
export function smallestChange(before: string, after: string, caret?: number): TextChange | null {
  if (before === after) return null;
  const shorter = Math.min(before.length, after.length);
  const commonPrefix = (limit: number) => {
    let prefix = 0;
    while (prefix < limit && before.charCodeAt(prefix) === after.charCodeAt(prefix)) prefix++;
    return prefix > 0 && isHighSurrogate(before.charCodeAt(prefix - 1)) ? prefix - 1 : prefix;
  };
  const commonSuffix = (limit: number) => {
    let suffix = 0;
    while (suffix < limit && before.charCodeAt(before.length - 1 - suffix) === after.charCodeAt(after.length - 1 - suffix)) suffix++;
    return suffix > 0 && isLowSurrogate(before.charCodeAt(before.length - suffix)) ? suffix - 1 : suffix;
  };
  let prefix: number;
  let suffix: number;
  if (caret === undefined) {
    prefix = commonPrefix(shorter);
    suffix = commonSuffix(shorter - prefix);
  } else {
    suffix = commonSuffix(Math.max(0, Math.min(shorter, after.length - caret)));
    prefix = commonPrefix(shorter - suffix);
  }
  return { index: prefix, remove: before.length - prefix - suffix, insert: after.slice(prefix, after.length - suffix) };
}

/** The Y.Text holding a document's words. */
export const wordsOf = (doc: Y.Doc): Y.Text => doc.getText(DRAFT_YTEXT);

/**
 * Applies what the member typed (the textarea now reads `after`) to the document, as one transaction
 * of a delete and an insert with the local origin. Answers the change, or null when nothing changed.
 */
export function applyInput(doc: Y.Doc, after: string, caret?: number): TextChange | null {
  const text = wordsOf(doc);
  const change = smallestChange(text.toString(), after, caret);
  if (!change) return null;
  doc.transact(() => {
    if (change.remove > 0) text.delete(change.index, change.remove);
    if (change.insert) text.insert(change.index, change.insert);
  }, LOCAL);
  return change;
}

/**
 * A selection pinned to the words rather than to numbers: a caret stays after the character it
 * follows (so the member's next letter goes after their last one even when someone types at the
 * same place), and a selection keeps the characters it holds, not growing when someone types at its
 * edges.
 */
export interface PinnedSelection {
  start: Y.RelativePosition;
  end: Y.RelativePosition;
  direction?: TextSelection['direction'];
}

export function pinSelection(doc: Y.Doc, selection: TextSelection): PinnedSelection {
  const text = wordsOf(doc);
  const collapsed = selection.start === selection.end;
  return {
    start: Y.createRelativePositionFromTypeIndex(text, selection.start, collapsed ? -1 : 0),
    end: Y.createRelativePositionFromTypeIndex(text, selection.end, -1),
    ...(selection.direction ? { direction: selection.direction } : {}),
  };
}

/** Where a pinned selection stands in the document now. */
export function placeSelection(doc: Y.Doc, pinned: PinnedSelection): TextSelection {
  const length = wordsOf(doc).length;
  const place = (position: Y.RelativePosition) => {
    const absolute = Y.createAbsolutePositionFromRelativePosition(position, doc);
    return Math.min(length, Math.max(0, absolute?.index ?? length));
  };
  const start = place(pinned.start);
  const end = Math.max(start, place(pinned.end));
  return { start, end, ...(pinned.direction ? { direction: pinned.direction } : {}) };
}

/**
 * Applies an update from the server (another page's words, or the whole state on a join) and answers
 * the text it makes and where the member's selection now stands in it (null without one: the
 * textarea does not have the focus).
 */
export function applyRemote(doc: Y.Doc, update: Uint8Array, selection: TextSelection | null): { text: string; selection: TextSelection | null } {
  const pinned = selection ? pinSelection(doc, selection) : null;
  Y.applyUpdate(doc, update, REMOTE);
  return { text: wordsOf(doc).toString(), selection: pinned ? placeSelection(doc, pinned) : null };
}

/**
 * After a (re)join applied the server's state: what this page holds that the server lacks (words
 * typed while disconnected, or sent but never acknowledged), as one update; null when nothing.
 * Deletions add nothing to a state vector, so the words themselves are compared too.
 */
export function missingOnServer(doc: Y.Doc, serverState: Uint8Array): Uint8Array | null {
  const serverVector = Y.decodeStateVector(Y.encodeStateVectorFromUpdate(serverState));
  const aheadOfServer = [...Y.decodeStateVector(Y.encodeStateVector(doc))].some(([client, clock]) => clock > (serverVector.get(client) ?? 0));
  let sameWords = true;
  if (!aheadOfServer) {
    const server = new Y.Doc();
    Y.applyUpdate(server, serverState);
    sameWords = wordsOf(server).toString() === wordsOf(doc).toString();
    server.destroy();
  }
  return aheadOfServer || !sameWords ? Y.encodeStateAsUpdate(doc, Y.encodeStateVectorFromUpdate(serverState)) : null;
}

/** Bytes as base64, as `draft:*` payloads carry them. */
export function toBase64(bytes: Uint8Array): string {
  let binary = '';
  // In slices: String.fromCharCode takes its characters as arguments, and a large paste has many.
  for (let offset = 0; offset < bytes.length; offset += 0x8000) binary += String.fromCharCode(...bytes.subarray(offset, offset + 0x8000));
  return btoa(binary);
}

export function fromBase64(text: string): Uint8Array {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index++) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

/** What sending one merged update came to. */
export type SendResult =
  | { sent: true }
  /** Refused for the socket's event rate: the same update is sent again after the wait, merged with what came meanwhile. */
  | { sent: false; retryAfterMs: number }
  /** Not sent and not to be sent again (disconnected: the next join sends what the server lacks). */
  | { sent: false; retryAfterMs?: undefined };

export interface Timers {
  setTimeout: (run: () => void, ms: number) => unknown;
  clearTimeout: (timer: unknown) => void;
}

const browserTimers: Timers = {
  setTimeout: (run, ms) => globalThis.setTimeout(run, ms),
  clearTimeout: (timer) => globalThis.clearTimeout(timer as ReturnType<typeof setTimeout>),
};

/**
 * The page's own updates of one text, merged (`Y.mergeUpdates`) over `delayMs` and sent one at a
 * time: a member typing fast sends a few events a second, not one per keystroke, and never two at
 * once, so their order is kept.
 */
export class UpdateBatcher {
  private queue: Uint8Array[] = [];
  private timer: unknown = null;
  private inFlight: Promise<void> | null = null;

  constructor(
    private readonly send: (update: Uint8Array) => Promise<SendResult>,
    private readonly delayMs = 50,
    private readonly timers: Timers = browserTimers,
  ) {}

  /** Updates waiting or being sent. */
  get pending(): boolean {
    return this.queue.length > 0 || this.inFlight !== null;
  }

  add(update: Uint8Array): void {
    this.queue.push(update);
    this.schedule(this.delayMs);
  }

  /** Sends what waits now, and resolves once nothing is waiting or being sent (or a send failed). */
  async drain(): Promise<void> {
    for (let rounds = 0; rounds < 10 && this.pending; rounds++) {
      if (this.inFlight) await this.inFlight;
      else if (!this.sendNow()) break;
    }
  }

  /** Starts sending what waits now, without waiting for its answer (the editor closes). */
  flushNow(): void {
    this.sendNow();
  }

  /** Forgets what waits (the next join sends whatever the server lacks). */
  clear(): void {
    this.queue = [];
    if (this.timer !== null) this.timers.clearTimeout(this.timer);
    this.timer = null;
  }

  private schedule(ms: number): void {
    if (this.timer !== null || this.inFlight) return;
    this.timer = this.timers.setTimeout(() => {
      this.timer = null;
      this.sendNow();
    }, ms);
  }

  /** Starts one send of everything waiting; false when there was nothing to send. */
  private sendNow(): boolean {
    if (this.inFlight || this.queue.length === 0) return false;
    if (this.timer !== null) this.timers.clearTimeout(this.timer);
    this.timer = null;
    const merged = this.queue.length === 1 ? this.queue[0]! : Y.mergeUpdates(this.queue);
    this.queue = [];
    this.inFlight = this.send(merged)
      .catch((): SendResult => ({ sent: false }))
      .then((result) => {
        this.inFlight = null;
        if (!result.sent && result.retryAfterMs !== undefined) {
          this.queue.unshift(merged);
          this.schedule(Math.max(this.delayMs, result.retryAfterMs));
        } else if (this.queue.length > 0) this.schedule(this.delayMs);
      });
    return true;
  }
}
