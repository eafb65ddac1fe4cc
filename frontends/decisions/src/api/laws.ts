/** The calls of LawsApi (packages/contracts/src/decisions.ts), typed by their answers. */
import type {
  Article,
  ArticleEditInput,
  EditConflictData,
  CreatorsDraw,
  LawDetail,
  LawList,
  LawState,
  LawSummary,
  Source,
  SourceInput,
  SourceTargetKind,
  VoteAnswer,
  VoteChoice,
} from '@civic/contracts';
import { ApiError, apiRequest } from '@civic/frontend-kit/api-client';
import { isDecisionsId, notFoundError } from '../not-found.js';
import { id, query } from './paths.js';
import { readPaths } from './read-paths.js';

const law = (lawId: string) => `/api/laws/${id(lawId)}`;
const article = (lawId: string, articleId: string) => `${law(lawId)}/articles/${id(articleId)}`;

export const lawsApi = {
  list: (filter: Parameters<typeof readPaths.laws>[0], signal?: AbortSignal) => apiRequest<LawList>('GET', readPaths.laws(filter), { signal }),
  // By the id of the address (path or ?law=): one that cannot be an id is refused here as the service
  // refuses an unknown one (404), never sent to become a 400.
  law: (lawId: string, lang: string, signal?: AbortSignal) =>
    isDecisionsId(lawId) ? apiRequest<LawDetail>('GET', readPaths.law(lawId, lang), { signal }) : Promise.reject(notFoundError()),
  draw: (lawId: string, signal?: AbortSignal) =>
    isDecisionsId(lawId) ? apiRequest<CreatorsDraw>('GET', `${law(lawId)}/draw`, { signal }) : Promise.reject(notFoundError()),
  kanban: (signal?: AbortSignal) => apiRequest<{ columns: { state: LawState; laws: LawSummary[] }[] }>('GET', '/api/kanban/laws', { signal }),
  pdfUrl: (lawId: string, lang: string) => `${law(lawId)}/pdf${query({ lang })}`,
  openDataUrl: (lawId: string) => `${law(lawId)}/open-data`,

  signalLaw: (lawId: string, to: 'moderator' | 'scribe') => apiRequest<LawDetail>('POST', `${law(lawId)}/signal`, { body: { to } }),
  /** `reason` (why a scribe or a moderator edits someone else's text) goes into the text's history. */
  editLaw: (lawId: string, input: { title: string; description: string; reason?: string }) => apiRequest<LawDetail>('PUT', law(lawId), { body: input }),
  deleteLaw: (lawId: string) => apiRequest<void>('DELETE', law(lawId)),
  pinLaw: (lawId: string, pin: boolean) => apiRequest<LawDetail>('PUT', `${law(lawId)}/pin`, { body: { pin } }),
  addGroup: (lawId: string, name: string) => apiRequest<LawDetail>('POST', `${law(lawId)}/groups`, { body: { name } }),
  renameGroup: (lawId: string, groupId: string, name: string) => apiRequest<LawDetail>('PUT', `${law(lawId)}/groups/${id(groupId)}`, { body: { name } }),
  deleteGroup: (lawId: string, groupId: string) => apiRequest<LawDetail>('DELETE', `${law(lawId)}/groups/${id(groupId)}`),
  moveGroup: (lawId: string, groupId: string, direction: 'up' | 'down') => apiRequest<LawDetail>('POST', `${law(lawId)}/groups/${id(groupId)}/move`, { body: { direction } }),

  addArticle: (lawId: string, body: string, groupId: string | null) => apiRequest<Article>('POST', `${law(lawId)}/articles`, { body: { body, groupId } }),
  addAmendment: (lawId: string, articleId: string, title: string | null, body: string) =>
    apiRequest<Article>('POST', `${article(lawId, articleId)}/amendments`, { body: { title, body } }),
  /** With `baseBody` (the text the editor started from), 409 editConflict when another save changed it in between. */
  editArticle: (lawId: string, articleId: string, input: ArticleEditInput) => apiRequest<Article>('PUT', article(lawId, articleId), { body: input }),
  deleteArticle: (lawId: string, articleId: string) => apiRequest<void>('DELETE', article(lawId, articleId)),
  moveArticle: (lawId: string, articleId: string, move: { direction?: 'up' | 'down'; groupId?: string | null }) =>
    apiRequest<LawDetail>('POST', `${article(lawId, articleId)}/move`, { body: move }),
  signalArticle: (lawId: string, articleId: string, to: 'moderator' | 'scribe') => apiRequest<Article>('POST', `${article(lawId, articleId)}/signal`, { body: { to } }),
  pinArticle: (lawId: string, articleId: string, pin: boolean) => apiRequest<Article>('PUT', `${article(lawId, articleId)}/pin`, { body: { pin } }),
  vote: (lawId: string, articleId: string, vote: VoteChoice) => apiRequest<VoteAnswer>('PUT', `${article(lawId, articleId)}/vote`, { body: { vote } }),
  deleteVote: (lawId: string, articleId: string) => apiRequest<VoteAnswer>('DELETE', `${article(lawId, articleId)}/vote`),

  addSource: (target: { kind: SourceTargetKind; id: string }, input: SourceInput, lang: string) =>
    apiRequest<Source>('POST', `/api/sources${query({ lang })}`, { body: { targetKind: target.kind, targetId: target.id, ...input } }),
  editSource: (sourceId: string, input: SourceInput, lang: string) => apiRequest<Source>('PUT', `/api/sources/${id(sourceId)}${query({ lang })}`, { body: input }),
  deleteSource: (sourceId: string) => apiRequest<void>('DELETE', `/api/sources/${id(sourceId)}`),
  pinSource: (sourceId: string, pin: boolean, lang: string) => apiRequest<Source>('PUT', `/api/sources/${id(sourceId)}/pin${query({ lang })}`, { body: { pin } }),
};

/** The version saved meanwhile, when `failure` is an edit refused as based on an older one (409 editConflict). */
export function editConflictOf(failure: unknown): EditConflictData | null {
  return failure instanceof ApiError && failure.key === 'editConflict' ? (failure.data as EditConflictData) : null;
}
