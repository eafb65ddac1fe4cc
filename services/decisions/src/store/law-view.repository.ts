import type { Creator, LawGroup, LawState, Locale, ProposalCategory, VoteChoice } from '@civic/contracts';
import type { ArticleRecord, LawDetailRecord, LawSummaryRecord, SourceRecord } from '../domain/permitted-actions.js';
import { join, sql, type Sql, type SqlExecutor } from '@civic/service-kit';
import { scoreOf } from '../domain/ranking.js';
import { sourceSelect, toSource, type SourceRow } from './source.repository.js';
import { tables } from './tables.js';

interface LawRow {
  id: string;
  cycleId: string;
  cycleNumber: number;
  phaseEndsAt: Date | null;
  title: string;
  description: string;
  category: ProposalCategory;
  state: LawState;
  userId: string;
  userName: string;
  rank: number;
  moderationStatus: number;
  scribeStatus: number;
  pin: boolean;
  deleted: boolean;
  createdAt: Date;
  updatedAt: Date;
  archivedAt: Date | null;
  articleCount: number;
  voters: number;
  creators: Creator[];
}

const lawSelect = sql`SELECT l.id::text AS id, l.cycle_id::text AS "cycleId", c.number AS "cycleNumber", c.phase_ends_at AS "phaseEndsAt",
  l.title, l.description, l.category, l.state, l.user_id::text AS "userId", coalesce(ci.user_name, '') AS "userName", l.rank,
  l.moderation_status::int AS "moderationStatus", l.scribe_status::int AS "scribeStatus", l.pin, l.deleted_at IS NOT NULL AS deleted,
  l.created_at AS "createdAt", l.updated_at AS "updatedAt", l.archived_at AS "archivedAt",
  (SELECT count(*)::int FROM ${tables.article} a WHERE a.law_id = l.id AND a.parent_id IS NULL AND a.deleted_at IS NULL) AS "articleCount",
  l.voters,
  coalesce((SELECT json_agg(json_build_object('userId', lc.user_id, 'userName', coalesce(cc.user_name, '')) ORDER BY lc.position)
    FROM ${tables.creator} lc LEFT JOIN ${tables.citizen} cc ON cc.user_id = lc.user_id WHERE lc.law_id = l.id), '[]'::json) AS creators
  FROM ${tables.law} l JOIN ${tables.cycle} c ON c.id = l.cycle_id LEFT JOIN ${tables.citizen} ci ON ci.user_id = l.user_id`;

interface ArticleRow {
  id: string;
  lawId: string;
  groupId: string | null;
  parentId: string | null;
  userId: string;
  userName: string;
  title: string | null;
  body: string;
  position: number;
  moderationStatus: number;
  scribeStatus: number;
  pin: boolean;
  for: number;
  against: number;
  neutral: number;
  blank: number;
  winner: boolean | null;
  adopted: boolean | null;
  createdAt: Date;
  updatedAt: Date;
  myVote: VoteChoice | null;
}

/** The articles with their author's name and the reader's ballot (`viewerId`, null for a visitor). */
const articleSelect = (viewerId: string | null) => sql`SELECT a.id::text AS id, a.law_id::text AS "lawId", a.group_id::text AS "groupId", a.parent_id::text AS "parentId",
  a.user_id::text AS "userId", coalesce(ci.user_name, '') AS "userName", a.title, a.body, a.position,
  a.moderation_status::int AS "moderationStatus", a.scribe_status::int AS "scribeStatus", a.pin,
  a.votes_for AS "for", a.votes_against AS against, a.votes_neutral AS neutral, a.votes_blank AS blank, a.winner, a.adopted,
  a.created_at AS "createdAt", a.updated_at AS "updatedAt", v.choice AS "myVote"
  FROM ${tables.article} a
  LEFT JOIN ${tables.citizen} ci ON ci.user_id = a.user_id
  LEFT JOIN ${tables.articleVote} v ON v.article_id = a.id AND v.user_id = ${viewerId}::uuid`;

/** Visible: not deleted, and an amendment only while its article is. */
const articleVisible = sql`a.deleted_at IS NULL AND (a.parent_id IS NULL OR EXISTS (SELECT 1 FROM ${tables.article} p WHERE p.id = a.parent_id AND p.deleted_at IS NULL))`;

/**
 * Laws per list, newest first: the archive and the laws board read the latest 100 (search narrows
 * the archive); 500 laws with their texts made an answer of about 750 KiB once 50,000 were archived.
 */
export const LAW_LIST_LIMIT = 100;

/** The laws lists' order: pinned, newest (archive or creation date), cycle, rank; the id breaks ties so that paging is exact. */
const lawListOrder = sql`l.pin DESC, coalesce(l.archived_at, l.created_at) DESC, c.number DESC, l.rank ASC, l.id ASC`;

/**
 * Laws after the law `before` in lawListOrder, its keys read once (scalar subqueries, evaluated
 * before the scan). The first clause is the index's own prefix (pin and date, both descending), so
 * PostgreSQL reads law_list_order_idx from the cursor on; the second keeps the exact order within one
 * date. An unknown law matches nothing (the caller tells why).
 */
export const keysetAfter = (before: string): Sql => {
  const at = sql`coalesce(l.archived_at, l.created_at)`;
  const of = (column: Sql) => sql`(SELECT ${column} FROM ${tables.law} k JOIN ${tables.cycle} kc ON kc.id = k.cycle_id WHERE k.id = ${before}::uuid)`;
  const [pin, date, cycle, rank] = [of(sql`k.pin`), of(sql`coalesce(k.archived_at, k.created_at)`), of(sql`kc.number`), of(sql`k.rank`)];
  return sql`(l.pin, ${at}) <= (${pin}, ${date})
    AND ((l.pin, ${at}, c.number, -l.rank) < (${pin}, ${date}, ${cycle}, -${rank})
      OR ((l.pin, ${at}, c.number, l.rank) = (${pin}, ${date}, ${cycle}, ${rank}) AND l.id > ${before}::uuid))`;
};

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

type AuthorAndFlags = Pick<LawSummaryRecord & ArticleRecord, 'userId' | 'userName' | 'moderationStatus' | 'scribeStatus' | 'pin'>;

/** Who wrote a law or an article, and the moderators' and scribes' marks on it. */
const authorAndFlags = (row: Omit<AuthorAndFlags, 'moderationStatus' | 'scribeStatus'> & { moderationStatus: number; scribeStatus: number }): AuthorAndFlags => ({
  userId: row.userId,
  userName: row.userName,
  moderationStatus: row.moderationStatus === 1 ? 1 : 0,
  scribeStatus: row.scribeStatus === 1 ? 1 : 0,
  pin: row.pin,
});

function toSummary(row: LawRow, now: Date): LawSummaryRecord {
  return {
    id: row.id,
    cycleId: row.cycleId,
    cycleNumber: row.cycleNumber,
    title: row.title,
    description: row.description,
    category: row.category,
    state: row.state,
    rank: row.rank,
    ...authorAndFlags(row),
    creators: row.creators,
    articleCount: row.articleCount,
    voters: row.voters,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    archivedAt: row.archivedAt?.toISOString() ?? null,
    serverTime: now.toISOString(),
    phaseEndsAt: row.archivedAt ? null : (row.phaseEndsAt?.toISOString() ?? null),
  };
}

function toArticle(row: ArticleRow, sources: SourceRecord[]): ArticleRecord {
  return {
    id: row.id,
    lawId: row.lawId,
    kind: row.parentId ? 'amendment' : 'article',
    groupId: row.groupId,
    parentId: row.parentId,
    title: row.title,
    body: row.body,
    position: row.position,
    ...authorAndFlags(row),
    counts: { for: row.for, against: row.against, neutral: row.neutral, blank: row.blank, score: scoreOf(row) },
    myVote: row.myVote,
    result: row.winner === null ? null : { winner: row.winner, adopted: row.adopted ?? false },
    sources: sources.filter((source) => source.targetKind === 'article' && source.targetId === row.id),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    amendments: [],
  };
}

export interface LawFilter {
  q?: string;
  category?: ProposalCategory;
  states?: readonly LawState[];
  cycleId?: string;
}

/** Laws as readers see them (not their permitted actions: domain/permitted-actions.ts): lists, one law with its groups, articles, amendments and sources, one article. */
export class LawViewRepository {
  /** Live voter counts of laws in their final vote, recounted at most every `votersTtlMs`. */
  private readonly liveVoters = new Map<string, { count: number; at: number }>();

  constructor(
    private readonly db: SqlExecutor,
    private readonly votersTtlMs: number,
  ) {}

  /** The recount running in the background, if any (one at a time). */
  private refreshing: Promise<void> | null = null;

  /**
   * Distinct voters of laws in their final vote. Counting a million ballots costs a few hundred
   * milliseconds, so a screen polling every few seconds reads a count at most `votersTtlMs` old
   * (plus one recount): a law counted before answers its last count at once and is recounted in the
   * background; only a law never counted yet (or a cache of 0 ms) waits for its count. Archived laws
   * keep the count stored at the end of their vote.
   */
  private async withLiveVoters(rows: LawRow[]): Promise<LawRow[]> {
    const now = Date.now();
    const stale = rows.filter((row) => row.state === 'final-vote' && (this.liveVoters.get(row.id)?.at ?? 0) + this.votersTtlMs <= now).map((row) => row.id);
    if (stale.length > 0) {
      if (this.votersTtlMs === 0 || stale.some((id) => !this.liveVoters.has(id))) await this.countVoters(stale);
      else
        this.refreshing ??= this.countVoters(stale)
          .catch(() => undefined)
          .finally(() => {
            this.refreshing = null;
          });
    }
    return rows.map((row) => (row.state === 'final-vote' ? { ...row, voters: this.liveVoters.get(row.id)?.count ?? 0 } : row));
  }

  /**
   * The live voter count of a law in its final vote, with the same reuse as the lists (the live
   * figures read it each second); `reusedForMs` > 0 when the count was reused: it is counted again
   * once that time has passed.
   */
  async votersOf(lawId: string): Promise<{ count: number; reusedForMs: number }> {
    const known = this.liveVoters.get(lawId);
    const left = known ? known.at + this.votersTtlMs - Date.now() : 0;
    if (known && left > 0) return { count: known.count, reusedForMs: left };
    await this.countVoters([lawId]);
    return { count: this.liveVoters.get(lawId)?.count ?? 0, reusedForMs: 0 };
  }

  private async countVoters(lawIds: string[]): Promise<void> {
    const counted = await this.db.$queryRaw<{ id: string; count: number }[]>(
      sql`SELECT a.law_id::text AS id, count(DISTINCT v.user_id)::int AS count FROM ${tables.articleVote} v JOIN ${tables.article} a ON a.id = v.article_id
       WHERE a.law_id = ANY(${lawIds}::uuid[]) GROUP BY a.law_id`,
    );
    const at = Date.now();
    const byId = new Map(counted.map((row) => [row.id, row.count]));
    for (const id of lawIds) this.liveVoters.set(id, { count: byId.get(id) ?? 0, at });
    if (this.liveVoters.size > 1000) for (const [id, entry] of this.liveVoters) if (entry.at + this.votersTtlMs <= at) this.liveVoters.delete(id);
  }

  /** The first page of laws (newest first); the boards read only this one. */
  async list(filter: LawFilter, now: Date): Promise<LawSummaryRecord[]> {
    return (await this.page(filter, now))?.laws ?? [];
  }

  /**
   * One page of laws in the list order, after the law `before` when given (the last law of the
   * previous page): a keyset on the order's columns, read from that law so that a page never skips
   * or repeats a law, served by law_list_order_idx. `nextBefore` is null after the last page; a
   * `before` that names no law is refused (null).
   */
  async page(filter: LawFilter & { before?: string }, now: Date, limit = LAW_LIST_LIMIT): Promise<{ laws: LawSummaryRecord[]; nextBefore: string | null } | null> {
    const where = [sql`l.deleted_at IS NULL`];
    if (filter.q?.trim()) where.push(sql`l.title ILIKE ${likePattern(filter.q.trim())}`);
    if (filter.category) where.push(sql`l.category = ${filter.category}`);
    if (filter.states?.length) where.push(sql`l.state = ANY(${filter.states}::text[])`);
    if (filter.cycleId) where.push(sql`l.cycle_id = ${filter.cycleId}::uuid`);
    if (filter.before) where.push(keysetAfter(filter.before));
    const rows = await this.db.$queryRaw<LawRow[]>(sql`${lawSelect} WHERE ${join(where, ' AND ')} ORDER BY ${lawListOrder} LIMIT ${Math.trunc(limit) + 1}`);
    if (filter.before && rows.length === 0) {
      const [known] = await this.db.$queryRaw<{ id: string }[]>(sql`SELECT id::text AS id FROM ${tables.law} WHERE id = ${filter.before}::uuid`);
      if (!known) return null;
    }
    const more = rows.length > limit;
    const pageRows = more ? rows.slice(0, limit) : rows;
    return { laws: (await this.withLiveVoters(pageRows)).map((row) => toSummary(row, now)), nextBefore: more ? pageRows.at(-1)!.id : null };
  }

  async summary(id: string, now: Date): Promise<(LawSummaryRecord & { deleted: boolean }) | null> {
    const [found] = await this.db.$queryRaw<LawRow[]>(sql`${lawSelect} WHERE l.id = ${id}::uuid`);
    if (!found) return null;
    const [row] = await this.withLiveVoters([found]);
    return { ...toSummary(row!, now), deleted: row!.deleted };
  }

  /** The law with its groups, articles (each with its amendments) in final-text order, and sources. */
  async detail(id: string, viewerId: string | null, locale: Locale, now: Date): Promise<LawDetailRecord | null> {
    const summary = await this.summary(id, now);
    if (!summary || summary.deleted) return null;
    const [groups, rows, sourceRows] = await Promise.all([
      this.db.$queryRaw<LawGroup[]>(
        sql`SELECT id::text AS id, name, position FROM ${tables.group} WHERE law_id = ${id}::uuid AND deleted_at IS NULL ORDER BY position, created_at`,
      ),
      this.db.$queryRaw<ArticleRow[]>(sql`${articleSelect(viewerId)} WHERE a.law_id = ${id}::uuid AND ${articleVisible} ORDER BY a.position, a.created_at, a.id`),
      this.db.$queryRaw<SourceRow[]>(sql`${sourceSelect} WHERE s.law_id = ${id}::uuid AND s.deleted_at IS NULL ORDER BY s.pin DESC, s.created_at`),
    ]);
    const sources = sourceRows.map((row) => toSource(row, locale));
    const all = rows.map((row) => toArticle(row, sources));
    const byId = new Map(all.map((article) => [article.id, article]));
    for (const amendment of all) if (amendment.parentId) byId.get(amendment.parentId)?.amendments.push(amendment);
    const groupOrder = new Map<string | null, number>([[null, -1], ...groups.map((group, index): [string, number] => [group.id, index])]);
    const articles = all
      .filter((article) => article.parentId === null && groupOrder.has(article.groupId))
      .sort((a, b) => groupOrder.get(a.groupId)! - groupOrder.get(b.groupId)! || a.position - b.position);
    const [seal] = await this.db.$queryRaw<{ hash: string; sealedAt: Date }[]>(sql`SELECT hash, sealed_at AS "sealedAt" FROM ${tables.seal} WHERE law_id = ${id}::uuid`);
    const { deleted: _deleted, ...rest } = summary;
    return {
      ...rest,
      groups,
      articles,
      sources: sources.filter((source) => source.targetKind === 'law'),
      seal: seal ? { hash: seal.hash, sealedAt: seal.sealedAt.toISOString() } : null,
    };
  }

  async articleView(lawId: string, articleId: string, viewerId: string | null, locale: Locale): Promise<ArticleRecord | null> {
    const [row] = await this.db.$queryRaw<ArticleRow[]>(sql`${articleSelect(viewerId)} WHERE a.id = ${articleId}::uuid AND a.law_id = ${lawId}::uuid AND ${articleVisible}`);
    if (!row) return null;
    const sources = (await this.db.$queryRaw<SourceRow[]>(sql`${sourceSelect} WHERE s.target_id = ${articleId}::uuid AND s.deleted_at IS NULL ORDER BY s.created_at`)).map(
      (source) => toSource(source, locale),
    );
    const article = toArticle(row, sources);
    if (!row.parentId) {
      const amendments = await this.db.$queryRaw<ArticleRow[]>(
        sql`${articleSelect(viewerId)} WHERE a.parent_id = ${articleId}::uuid AND a.deleted_at IS NULL ORDER BY a.position, a.created_at`,
      );
      article.amendments = amendments.map((amendment) => toArticle(amendment, []));
    }
    return article;
  }
}
