/** The calls of LawsApi (packages/contracts/src/decisions.ts), typed by their answers. */
import type {
  Article,
  CreatorsDraw,
  LawDetail,
  LawList,
  LawState,
  LawSummary,
  ProposalCategory,
  Source,
  SourceInput,
  SourceTargetKind,
  VoteAnswer,
  VoteChoice,
} from '@civic/contracts';
import { api } from '@civic/frontend-kit/api-client';
import { isDecisionsId, notFoundError } from '../rules.js';
import { id, query } from './paths.js';

const law = (lawId: string) => `/api/laws/${id(lawId)}`;
const article = (lawId: string, articleId: string) => `${law(lawId)}/articles/${id(articleId)}`;

export const lawsApi = {
  list: (filter: { q?: string; category?: ProposalCategory; state?: LawState; cycleId?: string }, signal?: AbortSignal) =>
    api<LawList>('GET', `/api/laws${query(filter)}`, undefined, signal),
  // By the id of the address (path or ?law=): one that cannot be an id is refused here as the service
  // refuses an unknown one (404), never sent to become a 400.
  law: (lawId: string, lang: string, signal?: AbortSignal) =>
    isDecisionsId(lawId) ? api<LawDetail>('GET', `${law(lawId)}${query({ lang })}`, undefined, signal) : Promise.reject(notFoundError()),
  draw: (lawId: string, signal?: AbortSignal) =>
    isDecisionsId(lawId) ? api<CreatorsDraw>('GET', `${law(lawId)}/draw`, undefined, signal) : Promise.reject(notFoundError()),
  kanban: (signal?: AbortSignal) => api<{ columns: { state: LawState; laws: LawSummary[] }[] }>('GET', '/api/kanban/laws', undefined, signal),
  pdfUrl: (lawId: string, lang: string) => `${law(lawId)}/pdf${query({ lang })}`,
  openDataUrl: (lawId: string) => `${law(lawId)}/open-data`,

  signalLaw: (lawId: string, to: 'moderator' | 'scribe') => api<LawDetail>('POST', `${law(lawId)}/signal`, { to }),
  editLaw: (lawId: string, input: { title: string; description: string }) => api<LawDetail>('PUT', law(lawId), input),
  deleteLaw: (lawId: string) => api<void>('DELETE', law(lawId)),
  pinLaw: (lawId: string, pin: boolean) => api<LawDetail>('PUT', `${law(lawId)}/pin`, { pin }),
  addGroup: (lawId: string, name: string) => api<LawDetail>('POST', `${law(lawId)}/groups`, { name }),
  renameGroup: (lawId: string, groupId: string, name: string) => api<LawDetail>('PUT', `${law(lawId)}/groups/${id(groupId)}`, { name }),
  deleteGroup: (lawId: string, groupId: string) => api<LawDetail>('DELETE', `${law(lawId)}/groups/${id(groupId)}`),
  moveGroup: (lawId: string, groupId: string, direction: 'up' | 'down') => api<LawDetail>('POST', `${law(lawId)}/groups/${id(groupId)}/move`, { direction }),

  addArticle: (lawId: string, body: string, groupId: string | null) => api<Article>('POST', `${law(lawId)}/articles`, { body, groupId }),
  addAmendment: (lawId: string, articleId: string, title: string | null, body: string) =>
    api<Article>('POST', `${article(lawId, articleId)}/amendments`, { title, body }),
  editArticle: (lawId: string, articleId: string, title: string | null, body: string) => api<Article>('PUT', article(lawId, articleId), { title, body }),
  deleteArticle: (lawId: string, articleId: string) => api<void>('DELETE', article(lawId, articleId)),
  moveArticle: (lawId: string, articleId: string, move: { direction?: 'up' | 'down'; groupId?: string | null }) =>
    api<LawDetail>('POST', `${article(lawId, articleId)}/move`, move),
  signalArticle: (lawId: string, articleId: string, to: 'moderator' | 'scribe') => api<Article>('POST', `${article(lawId, articleId)}/signal`, { to }),
  pinArticle: (lawId: string, articleId: string, pin: boolean) => api<Article>('PUT', `${article(lawId, articleId)}/pin`, { pin }),
  vote: (lawId: string, articleId: string, vote: VoteChoice) => api<VoteAnswer>('PUT', `${article(lawId, articleId)}/vote`, { vote }),
  deleteVote: (lawId: string, articleId: string) => api<VoteAnswer>('DELETE', `${article(lawId, articleId)}/vote`),

  addSource: (target: { kind: SourceTargetKind; id: string }, input: SourceInput, lang: string) =>
    api<Source>('POST', `/api/sources${query({ lang })}`, { targetKind: target.kind, targetId: target.id, ...input }),
  editSource: (sourceId: string, input: SourceInput, lang: string) => api<Source>('PUT', `/api/sources/${id(sourceId)}${query({ lang })}`, input),
  deleteSource: (sourceId: string) => api<void>('DELETE', `/api/sources/${id(sourceId)}`),
  pinSource: (sourceId: string, pin: boolean, lang: string) => api<Source>('PUT', `/api/sources/${id(sourceId)}/pin${query({ lang })}`, { pin }),
};
