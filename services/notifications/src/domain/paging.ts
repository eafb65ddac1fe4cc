/**
 * Pages of a user's alerts (docs/product.md#notifications): newest first, 50 by default. Pages are cut by id
 * (keyset), so a page costs the same for the first alerts and for the millionth:
 *  - `getNewsAlertsFromId`: alerts newer than that id, which the client prepends. They are taken
 *    from the oldest up (no gap between what the client has and what it gets); a full page means the
 *    client asks again from the newest it received.
 *  - `before`: alerts older than that id, which the client appends (the "load more" cursor).
 *  - neither: the newest alerts.
 * `offset` (a parameter of the call, docs/product.md#calls) skips that many alerts of the range; paging by cursor keeps it 0.
 */
import { Limits } from '@civic/contracts';

export const DEFAULT_LIMIT = Limits.notificationPageSize;
export const MAX_LIMIT = 100;

export interface PageQuery {
  offset?: number;
  limit?: number;
  getNewsAlertsFromId?: number;
  before?: number;
}

export interface PagePlan {
  /** 'newer' scans up from `after`; 'older' scans down from `before` (or from the newest). */
  direction: 'newer' | 'older';
  after: number | null;
  before: number | null;
  offset: number;
  limit: number;
}

export type PagePlanResult = { ok: true; plan: PagePlan } | { ok: false; reason: string };

const isCount = (value: number | undefined): boolean => value === undefined || (Number.isSafeInteger(value) && value >= 0);

export function planPage(query: PageQuery): PagePlanResult {
  const { offset = 0, limit = DEFAULT_LIMIT, getNewsAlertsFromId, before } = query;
  if (!isCount(offset)) return { ok: false, reason: 'offset must be a whole number from 0' };
  if (!Number.isSafeInteger(limit) || limit < 1 || limit > MAX_LIMIT) return { ok: false, reason: `limit must be from 1 to ${MAX_LIMIT}` };
  if (!isCount(getNewsAlertsFromId) || !isCount(before)) return { ok: false, reason: 'ids are whole numbers from 0' };
  if (getNewsAlertsFromId !== undefined && before !== undefined) return { ok: false, reason: 'getNewsAlertsFromId and before exclude each other' };
  if (getNewsAlertsFromId !== undefined) return { ok: true, plan: { direction: 'newer', after: getNewsAlertsFromId, before: null, offset, limit } };
  return { ok: true, plan: { direction: 'older', after: null, before: before ?? null, offset, limit } };
}

/** Rows come back in scan order; the answer is always newest first. */
export function newestFirst<T extends { id: number }>(rows: T[], plan: PagePlan): T[] {
  return plan.direction === 'newer' ? [...rows].reverse() : rows;
}
