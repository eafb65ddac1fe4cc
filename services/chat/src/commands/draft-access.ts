import { AppError, type SqlExecutor } from '@civic/service-kit';
import { mayDraft } from '../domain/drafting.js';
import type { Caller } from '../domain/permissions.js';
import { DraftRepository, type DraftDocumentRow } from '../store/draft.repository.js';
import { refused } from './unit-of-work.js';

/** Lets the caller draft in the law live, or throws the refusal (docs/co-drafting.md#who-may). */
export async function permittedDraft(db: SqlExecutor, caller: Caller, lawId: string): Promise<void> {
  // A suspension refuses before the law is read, as posting does.
  refused(mayDraft(caller, caller.suspended ? { creator: true, open: true } : await new DraftRepository(db).lawFacts(lawId, caller.id)));
}

/** The text's document, or a 404 'unknown-text' (nobody joined it yet). */
export async function draftDocumentOf(db: SqlExecutor, textId: string): Promise<DraftDocumentRow> {
  const document = await new DraftRepository(db).document(textId);
  if (!document) throw new AppError('notFound', 404, { reason: 'unknown-text' });
  return document;
}
