import type { DraftTextKind } from '@civic/contracts';
import { seedUpdate } from '../domain/draft-update.js';
import { DraftRepository, type DraftDocumentRow } from '../store/draft.repository.js';
import { unitOfWork, type CommandDeps } from './unit-of-work.js';

/**
 * A creator opens a text for live editing: its document, made from `body` (the text as the page read
 * it) when the text has none yet. Insert-if-absent: pods joining at once make one document, the
 * others read it; an existing document keeps its own state and `body` is ignored.
 */
export async function joinDraft(deps: CommandDeps, text: { textId: string; lawId: string; kind: DraftTextKind; body: string }): Promise<DraftDocumentRow> {
  const existing = await new DraftRepository(deps.db).document(text.textId);
  if (existing) return existing;
  return unitOfWork(deps.db, async (tx) => {
    const drafts = new DraftRepository(tx);
    if (await drafts.insertDocument({ ...text, baseBody: text.body, at: deps.clock() })) {
      // The seed is the text of the last version: settled from the start, typed by nobody.
      const seq = await drafts.append(text.textId, null, seedUpdate(text.body));
      await drafts.setSettled(text.textId, { baseBody: text.body, seq });
    }
    return (await drafts.document(text.textId))!;
  });
}
