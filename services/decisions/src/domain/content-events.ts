/**
 * When a change to a law, an article, an amendment or a source counts as moderation, and the events a
 * change implies. Pure but for the event ids. Who may make the change at all is content-rules.ts.
 */
import { ArticleCreated, ContentModerated, ContentSignalled, type EventEnvelope } from '@civic/contracts';
import { newEvent } from '@civic/service-kit';

/** A law, article or amendment as the events name it. */
export interface ContentRef {
  kind: 'law' | 'article' | 'amendment';
  id: string;
  lawId: string;
  /** Its author. */
  userId: string;
}

export interface SourceRef {
  id: string;
  lawId: string;
  userId: string;
}

/** Changing a source is moderation when a moderator changes someone else's. */
export const sourceChangeIsModeration = (editor: { id: string; moderator: boolean }, source: Pick<SourceRef, 'userId'>): boolean =>
  editor.moderator && editor.id !== source.userId;

export const articleCreated = (articleId: string, userId: string, at: Date): EventEnvelope => newEvent(ArticleCreated, { articleId, userId }, at);

/** An edit made as moderator or scribe is moderation (ContentModerated); the author's own is not. */
export function contentEdited(item: ContentRef, editor: { id: string; as: 'author' | 'moderator' | 'scribe' }, at: Date): EventEnvelope[] {
  const role = editor.as;
  if (role === 'author') return [];
  return [
    newEvent(ContentModerated, { kind: item.kind, contentId: item.id, lawId: item.lawId, userId: item.userId, editorId: editor.id, role, action: 'edited' }, at),
  ];
}

/** A deletion is moderation when a moderator makes it. */
export function contentDeleted(item: ContentRef, by: { id: string; as: 'author' | 'moderator' }, at: Date): EventEnvelope[] {
  if (by.as !== 'moderator') return [];
  return [newEvent(ContentModerated, { kind: item.kind, contentId: item.id, lawId: item.lawId, userId: item.userId, editorId: by.id, role: 'moderator', action: 'deleted' }, at)];
}

export function sourceChanged(source: SourceRef, editor: { id: string; moderator: boolean }, action: 'edited' | 'deleted', at: Date): EventEnvelope[] {
  if (!sourceChangeIsModeration(editor, source)) return [];
  return [newEvent(ContentModerated, { kind: 'source', contentId: source.id, lawId: source.lawId, userId: source.userId, editorId: editor.id, role: 'moderator', action }, at)];
}

export const contentSignalled = (item: ContentRef, to: 'moderator' | 'scribe', signalledBy: string, at: Date): EventEnvelope =>
  newEvent(ContentSignalled, { kind: item.kind, contentId: item.id, lawId: item.lawId, userId: item.userId, signalledBy, to }, at);
