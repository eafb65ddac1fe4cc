import type { DraftSaved } from '@civic/contracts';
import { draftSettled, settlement } from '../domain/drafting.js';
import { textOfUpdates } from '../domain/draft-update.js';
import { DraftRepository } from '../store/draft.repository.js';
import { unitOfWork, type CommandDeps } from './unit-of-work.js';

export type SettleOutcome =
  /** Written: ChatDraftSettled is in the outbox, the text's sockets are to be told. */
  | { kind: 'written'; saved: DraftSaved }
  /** Nothing to write: nobody typed since the last version, or the words typed came back to it. */
  | { kind: 'unchanged'; body: string }
  /** The text is blank: never a version; the updates wait for more typing. */
  | { kind: 'blank' }
  /** After a pause: someone typed less than a pause ago; try again in `ms`. */
  | { kind: 'wait'; ms: number }
  | { kind: 'missing' };

/**
 * Settles a text's typed words (docs/co-drafting.md#settling): on a creator's save (`saver`), or after
 * a pause of `pauseMs` since the last update anyone made (`saver` null: the last who typed saves).
 * The document's row is locked, so across pods one settle runs at a time and each update is written
 * once. When the words differ from the last version and are not blank, ChatDraftSettled goes to the
 * outbox, the text becomes the new base, and the updates up to it become one.
 */
export async function settleDraft(deps: CommandDeps, textId: string, how: { saver: string } | { pauseMs: number }): Promise<SettleOutcome> {
  return unitOfWork(deps.db, async (tx, events) => {
    const drafts = new DraftRepository(tx);
    const document = await drafts.lockDocument(textId);
    if (!document) return { kind: 'missing' };
    const typed = await drafts.typedSince(textId, document.settledSeq);
    if (typed.length === 0) return { kind: 'unchanged', body: document.baseBody };
    if ('pauseMs' in how) {
      const wait = how.pauseMs - typed[typed.length - 1]!.ageMs;
      if (wait > 0) return { kind: 'wait', ms: Math.ceil(wait) };
    }
    const stored = await drafts.updates(textId);
    const { merged, text } = textOfUpdates(stored.map((row) => row.data));
    const typists = typed.flatMap((row) => (row.userId ? [row.userId] : []));
    const decision = settlement({ text, baseBody: document.baseBody, typists, saver: 'saver' in how ? how.saver : null });
    if (!decision.write && decision.why === 'blank') return { kind: 'blank' };
    const seq = stored[stored.length - 1]!.seq;
    await drafts.setSettled(textId, { baseBody: text, seq });
    await drafts.compact(textId, seq, merged);
    if (!decision.write) return { kind: 'unchanged', body: text };
    const at = deps.clock();
    const words = { body: text, baseBody: document.baseBody, savedBy: decision.savedBy, coEditors: decision.coEditors };
    events.push(draftSettled(document, words, at));
    return { kind: 'written', saved: { textId, body: text, savedBy: decision.savedBy, coEditors: decision.coEditors, at: at.toISOString() } };
  });
}
