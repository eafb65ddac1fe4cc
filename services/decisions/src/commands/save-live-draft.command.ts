import type { ChatDraftSettled, EventPayload } from '@civic/contracts';
import type { SqlExecutor } from '@civic/service-kit';
import { draftConflicted, judgeLiveDraft, type LiveText } from '../domain/live-drafts.js';
import type { Caller } from '../domain/proposal-rules.js';
import { ArticleRepository } from '../store/article.repository.js';
import { citizenStanding } from '../store/citizen.repository.js';
import { LawRepository } from '../store/law.repository.js';
import { recordVersion } from './record-version.js';
import { inConsumerTransaction } from './unit-of-work.js';

/** What a live save came to: the consumer logs a refusal and, once committed, announces a written one. */
export type LiveSaveResult =
  | { outcome: 'written'; lawId: string; seq: number }
  | { outcome: 'unchanged' }
  | { outcome: 'conflicted' }
  | { outcome: 'refused'; reason: string };

/**
 * Writes words typed live (chat.draft.settled, docs/co-drafting.md) as one version of an article's or
 * amendment's text, in the transaction the consumer opened with the event's inbox row. The law's row
 * is locked first, as every drafting change locks it (inLaw), then the text's, so that no edit and no
 * phase change lands between the check and the write. A save that can never apply writes nothing (the
 * consumer logs why; retrying would change nothing); a text changed outside live editing meanwhile
 * answers DraftConflicted with the text as it is.
 */
export async function saveLiveDraft(tx: SqlExecutor, draft: EventPayload<typeof ChatDraftSettled>, now: Date): Promise<LiveSaveResult> {
  return inConsumerTransaction(tx, async (tx, events) => {
    const laws = new LawRepository(tx);
    const articles = new ArticleRepository(tx);
    const law = (await laws.lockState(draft.lawId)) ? await laws.facts(draft.lawId) : null;
    const text = law ? await textOf(articles, law.id, draft.textId) : null;
    const savedBy = await memberOf(tx, draft.savedBy, now);

    const decision = judgeLiveDraft(draft, law, text, savedBy);
    if (decision.outcome === 'refused' || decision.outcome === 'unchanged') return decision;
    if (decision.outcome === 'conflicted') {
      events.push(draftConflicted(draft, decision.current, now));
      return { outcome: 'conflicted' };
    }
    // What judgeLiveDraft writes for needs all three.
    if (!law || !text || !savedBy) throw new Error('a live save was judged without its law, text or member');
    const words = { title: text.title, body: draft.body };
    // Both rows are locked: the base only guards against a writer that would not lock them.
    if (!(await articles.update(text.id, words, now, { title: text.title, body: draft.baseBody }))) throw new Error('the text changed under its lock');
    const version = await recordVersion(
      tx,
      events,
      { kind: text.kind, textId: text.id, change: 'edited', role: decision.role, editorId: savedBy.id, reason: null, ...words, coEditors: decision.coEditors },
      { documentId: law.id, documentTitle: law.title, lawId: law.id },
      now,
    );
    return { outcome: 'written', lawId: law.id, seq: version.seq };
  });
}

/** The law's article or amendment as stored, its row locked; null when the law has none by that id. */
async function textOf(articles: ArticleRepository, lawId: string, textId: string): Promise<(LiveText & { id: string }) | null> {
  const facts = await articles.facts(lawId, textId);
  const stored = facts ? await articles.lockText(facts.id) : null;
  if (!facts || !stored || facts.kind === 'law') return null;
  return { id: facts.id, kind: facts.kind, lawId: facts.lawId, userId: facts.userId, deleted: facts.deleted, title: stored.title, body: stored.body };
}

/** The member who saved as this service knows them (the citizen projection), null when it knows nothing of them. */
async function memberOf(tx: SqlExecutor, userId: string, now: Date): Promise<Caller | null> {
  const id = userId.toLowerCase();
  const standing = await citizenStanding(tx, id);
  if (!standing) return null;
  return {
    id,
    verified: standing.verified,
    moderator: standing.moderator,
    scribe: standing.scribe,
    suspended: standing.suspendedUntil ? standing.suspendedUntil.getTime() > now.getTime() : false,
  };
}
