/** The version history of a text and the open data a seal is verified against (docs/text-chain.md). */
import type { TextHistory, TextKind } from '@civic/contracts';
import { textKinds } from '@civic/contracts';
import { apiRequest } from '@civic/frontend-kit/api-client';
import { isDecisionsId, notFoundError } from '../not-found.js';
import { id } from './paths.js';

export const isTextKind = (value: string): value is TextKind => (textKinds as readonly string[]).includes(value);

/** The address of a text's history screen. */
export const historyPath = (kind: TextKind, textId: string) => `/decisions/history/${kind}/${encodeURIComponent(textId)}`;

export const historyApi = {
  /** By the kind and id of the address: one that cannot be either is refused here as the service refuses an unknown text (404). */
  history: (kind: string, textId: string, signal?: AbortSignal) =>
    isTextKind(kind) && isDecisionsId(textId)
      ? apiRequest<TextHistory>('GET', `/api/decisions/history/${kind}/${id(textId)}`, { signal })
      : Promise.reject(notFoundError()),
  /** The open data of an archived law as served, unread: the verification reads it as it would a file. */
  openData: (lawId: string, signal?: AbortSignal) => apiRequest<unknown>('GET', `/api/laws/${id(lawId)}/open-data`, { signal }),
};
