/**
 * What a Yjs update sent by a page may do to a text's document (docs/co-drafting.md#updates): be
 * readable, hold only words of the `body` Y.Text, write new changes only under Yjs client ids of its
 * own member, depend on nothing the document lacks, and keep the text within ARTICLE_BODY_MAX. An
 * update is tried on a copy of the document first, so that a refused one leaves the document as it
 * was. Pure: Yjs computes, nothing is read or written.
 */
import { ARTICLE_BODY_MAX, DRAFT_UPDATE_MAX_BYTES, DRAFT_YTEXT, textProblem, type ErrorKey } from '@civic/contracts';
import * as Y from 'yjs';

export type UpdateProblem =
  /** Not base64, empty, over DRAFT_UPDATE_MAX_BYTES, not a Yjs update, or Yjs throws on it. */
  | 'bad-update'
  /** It writes something other than plain words of the `body` text: another shared type, a nested type, an embed, formatting. */
  | 'other-type'
  /** It depends on changes the document does not hold (the page should join again). */
  | 'missing-dependencies'
  /** The text would grow past ARTICLE_BODY_MAX characters. */
  | 'too-long'
  /** Its words hold control or direction-reversing characters (packages/contracts/src/text.ts). */
  | 'forbidden-characters'
  /** It writes new changes under a Yjs client id that another member's page writes with. */
  | 'foreign-client';

export interface UpdateRefusal {
  key: ErrorKey;
  status: 400;
  reason: UpdateProblem;
}

const refusal = (reason: UpdateProblem): UpdateRefusal => ({ key: reason === 'forbidden-characters' ? 'forbiddenCharacters' : 'badRequest', status: 400, reason });

/** The characters of a text as the platform counts them (code points, as the decisions service's schemas). */
export function characters(text: string): number {
  // A text within the bound in UTF-16 units is within it in code points: no need to count.
  return text.length <= ARTICLE_BODY_MAX ? text.length : [...text].length;
}

/** The bytes of a base64 update, or the refusal (not base64, empty, too large). */
export function decodeUpdate(base64: string, maxBytes = DRAFT_UPDATE_MAX_BYTES): Uint8Array | UpdateRefusal {
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(base64) || base64.length % 4 === 1) return refusal('bad-update');
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length === 0 || bytes.length > maxBytes) return refusal('bad-update');
  return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length);
}

/** Whether a struct of a decoded update only adds or removes words of the `body` text. */
function plainWords(struct: Y.Item | Y.GC | Y.Skip): UpdateProblem | null {
  if (!(struct instanceof Y.Item)) return null; // GC and Skip hold no content
  // A parent named by id is a nested type; a parentSub a map entry on the text (attributes).
  if ((typeof struct.parent === 'string' && struct.parent !== DRAFT_YTEXT) || (struct.parent !== null && typeof struct.parent !== 'string') || struct.parentSub !== null) return 'other-type';
  if (struct.content instanceof Y.ContentString) return textProblem(struct.content.str, { multiline: true }) === 'forbiddenCharacters' ? 'forbidden-characters' : null;
  return struct.content instanceof Y.ContentDeleted ? null : 'other-type';
}

const pending = (doc: Y.Doc) => doc.store.pendingStructs !== null || doc.store.pendingDs !== null;

/** The Yjs client ids under which the structs write something `doc` does not hold yet. */
function newWriters(doc: Y.Doc, structs: readonly (Y.Item | Y.GC | Y.Skip)[]): Set<number> {
  const held = Y.decodeStateVector(Y.encodeStateVector(doc));
  const writers = new Set<number>();
  for (const struct of structs) {
    if (struct instanceof Y.Skip) continue;
    if (struct.id.clock + struct.length > (held.get(struct.id.client) ?? 0)) writers.add(struct.id.client);
  }
  return writers;
}

/**
 * The members whose pages write under each Yjs client id of a text: the first member to write new
 * changes under an id keeps it. A page picks its id at random and shows it in every update it sends,
 * so without this another creator could send changes under that id before the page's own next one,
 * which the document would then take for a repeat and drop while answering it ok.
 */
export interface WriterIds {
  /** The member who sends the update. */
  writer: string;
  /** The member of each client id that has written to the text. */
  owners: ReadonlyMap<number, string>;
}

/** The client ids under which a decodable `update` writes changes `doc` does not hold yet. */
export function writerIdsOf(doc: Y.Doc, update: Uint8Array): Set<number> {
  return newWriters(doc, Y.decodeUpdate(update).structs);
}

/**
 * Whether `update` may be applied to `doc`: tried on a copy, never on `doc` itself. Null when it may;
 * `missing-dependencies` also when `doc` itself waits for changes it lacks (the caller catches up
 * from the stored updates and asks again). `ids`: who writes under which client id (without it,
 * any id may write).
 */
export function checkUpdate(doc: Y.Doc, update: Uint8Array, { maxCharacters = ARTICLE_BODY_MAX, ids }: { maxCharacters?: number; ids?: WriterIds } = {}): UpdateRefusal | null {
  let structs: (Y.Item | Y.GC | Y.Skip)[];
  try {
    structs = Y.decodeUpdate(update).structs;
  } catch {
    return refusal('bad-update');
  }
  for (const struct of structs) {
    const problem = plainWords(struct);
    if (problem) return refusal(problem);
  }
  if (ids) {
    for (const id of newWriters(doc, structs)) {
      const owner = ids.owners.get(id);
      if (owner !== undefined && owner !== ids.writer) return refusal('foreign-client');
    }
  }
  if (pending(doc)) return refusal('missing-dependencies');
  const before = doc.getText(DRAFT_YTEXT).toString();
  const scratch = new Y.Doc({ gc: true });
  try {
    Y.applyUpdate(scratch, Y.encodeStateAsUpdate(doc));
    Y.applyUpdate(scratch, update);
  } catch {
    return refusal('bad-update');
  } finally {
    scratch.destroy();
  }
  if (pending(scratch)) return refusal('missing-dependencies');
  if ([...scratch.share.keys()].some((name) => name !== DRAFT_YTEXT)) return refusal('other-type');
  const after = scratch.getText(DRAFT_YTEXT).toString();
  // Past the bound, only a text that gets no longer passes: deleting brings it back within.
  if (characters(after) > maxCharacters && characters(after) > characters(before)) return refusal('too-long');
  return null;
}

/** The first state of a text's document: the words of its last version. */
export function seedUpdate(body: string): Uint8Array {
  const doc = new Y.Doc();
  if (body) doc.getText(DRAFT_YTEXT).insert(0, body);
  const update = Y.encodeStateAsUpdate(doc);
  doc.destroy();
  return update;
}

/** The stored updates of a text as one update, and the text they make. */
export function textOfUpdates(updates: readonly Uint8Array[]): { merged: Uint8Array; text: string } {
  const merged = updates.length === 1 ? updates[0]! : Y.mergeUpdates([...updates]);
  const doc = new Y.Doc();
  Y.applyUpdate(doc, merged);
  const text = doc.getText(DRAFT_YTEXT).toString();
  doc.destroy();
  return { merged, text };
}
