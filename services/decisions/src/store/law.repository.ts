import { randomUUID } from 'node:crypto';
import {
  ArticleCreated,
  ContentModerated,
  ContentSignalled,
  type Article,
  type Creator,
  type LawDetail,
  type LawGroup,
  type LawState,
  type LawSummary,
  type Locale,
  type ProposalCategory,
  type Source,
  type VoteChoice,
} from '@civic/contracts';
import { AppError, enqueueEvent, newEvent, type SqlExecutor } from '@civic/service-kit';
import type { ItemFacts, LawFacts } from '../domain/content-rules.js';
import { scoreOf } from '../domain/ranking.js';
import { renderApa, type SourceFields } from '../domain/sources.js';
import { SCHEMA, type DecisionsPrisma } from './prisma.js';
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

const lawSelect = `SELECT l.id::text AS id, l.cycle_id::text AS "cycleId", c.number AS "cycleNumber", c.phase_ends_at AS "phaseEndsAt",
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

const articleSelect = `SELECT a.id::text AS id, a.law_id::text AS "lawId", a.group_id::text AS "groupId", a.parent_id::text AS "parentId",
  a.user_id::text AS "userId", coalesce(ci.user_name, '') AS "userName", a.title, a.body, a.position,
  a.moderation_status::int AS "moderationStatus", a.scribe_status::int AS "scribeStatus", a.pin,
  a.votes_for AS "for", a.votes_against AS against, a.votes_neutral AS neutral, a.votes_blank AS blank, a.winner, a.adopted,
  a.created_at AS "createdAt", a.updated_at AS "updatedAt", v.choice AS "myVote"
  FROM ${tables.article} a
  LEFT JOIN ${tables.citizen} ci ON ci.user_id = a.user_id
  LEFT JOIN ${tables.articleVote} v ON v.article_id = a.id AND v.user_id = $2::uuid`;

/** Visible: not deleted, and an amendment only while its article is. */
const articleVisible = `a.deleted_at IS NULL AND (a.parent_id IS NULL OR EXISTS (SELECT 1 FROM ${tables.article} p WHERE p.id = a.parent_id AND p.deleted_at IS NULL))`;

interface SourceRow extends SourceFields {
  id: string;
  lawId: string;
  targetKind: 'law' | 'article';
  targetId: string;
  userId: string;
  userName: string;
  pin: boolean;
  createdAt: Date;
  updatedAt: Date;
}

const sourceSelect = `SELECT s.id::text AS id, s.law_id::text AS "lawId", s.target_kind AS "targetKind", s.target_id::text AS "targetId",
  s.user_id::text AS "userId", coalesce(ci.user_name, '') AS "userName", s.type::int AS type, s.title, s.author, s.publisher,
  s.publication_date AS "publicationDate", s.url, s.access_date AS "accessDate", s.volume, s.issue, s.pages,
  s.periodical_title AS "periodicalTitle", s.article_title AS "articleTitle", s.director, s.production_company AS "productionCompany",
  s.release_year AS "releaseYear", s.description, s.frequency::int AS frequency, s.pin, s.created_at AS "createdAt", s.updated_at AS "updatedAt"
  FROM ${tables.source} s LEFT JOIN ${tables.citizen} ci ON ci.user_id = s.user_id`;

export function toSource(row: SourceRow, locale: Locale): Source {
  const fields: SourceFields = {
    type: row.type,
    title: row.title,
    author: row.author,
    publisher: row.publisher,
    publicationDate: row.publicationDate,
    url: row.url,
    accessDate: row.accessDate,
    volume: row.volume,
    issue: row.issue,
    pages: row.pages,
    periodicalTitle: row.periodicalTitle,
    articleTitle: row.articleTitle,
    director: row.director,
    productionCompany: row.productionCompany,
    releaseYear: row.releaseYear,
    description: row.description,
    frequency: row.frequency,
  };
  return {
    ...fields,
    id: row.id,
    lawId: row.lawId,
    targetKind: row.targetKind,
    targetId: row.targetId,
    userId: row.userId,
    userName: row.userName,
    pin: row.pin,
    apa: renderApa(fields, locale),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function toSummary(row: LawRow, now: Date): LawSummary {
  return {
    id: row.id,
    cycleId: row.cycleId,
    cycleNumber: row.cycleNumber,
    title: row.title,
    description: row.description,
    category: row.category,
    state: row.state,
    userId: row.userId,
    userName: row.userName,
    rank: row.rank,
    moderationStatus: row.moderationStatus === 1 ? 1 : 0,
    scribeStatus: row.scribeStatus === 1 ? 1 : 0,
    pin: row.pin,
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

function toArticle(row: ArticleRow, sources: Source[]): Article {
  return {
    id: row.id,
    lawId: row.lawId,
    kind: row.parentId ? 'amendment' : 'article',
    groupId: row.groupId,
    parentId: row.parentId,
    title: row.title,
    body: row.body,
    position: row.position,
    userId: row.userId,
    userName: row.userName,
    moderationStatus: row.moderationStatus === 1 ? 1 : 0,
    scribeStatus: row.scribeStatus === 1 ? 1 : 0,
    pin: row.pin,
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

export interface StoredLaw extends LawFacts {
  id: string;
  cycleId: string;
  title: string;
  moderationStatus: number;
  scribeStatus: number;
}

export interface StoredArticle extends ItemFacts {
  id: string;
  lawId: string;
  groupId: string | null;
  parentId: string | null;
}

export interface StoredSource {
  id: string;
  lawId: string;
  targetKind: 'law' | 'article';
  targetId: string;
  userId: string;
  deleted: boolean;
}

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A write found the law in another state than the one its permission was checked in. */
const changedMeanwhile = () => new AppError('unauthorizedAction', 403, { reason: 'changed-meanwhile' });

/** Laws, their groups, articles, amendments and sources as stored, and each change with its event. */
/** A source's columns from type to frequency, in the order the INSERT and UPDATE of sources list them. */
const sourceColumns = (f: SourceFields) => [
  f.type,
  f.title ?? f.articleTitle ?? '',
  f.author,
  f.publisher,
  f.publicationDate,
  f.url,
  f.accessDate,
  f.volume,
  f.issue,
  f.pages,
  f.periodicalTitle,
  f.articleTitle,
  f.director,
  f.productionCompany,
  f.releaseYear,
  f.description,
  f.frequency,
];

export class LawRepository {
  /** Live voter counts of laws in their final vote, recounted at most every `votersTtlMs`. */
  private readonly liveVoters = new Map<string, { count: number; at: number }>();

  constructor(
    private readonly db: DecisionsPrisma,
    private readonly votersTtlMs = 5000,
  ) {}

  /**
   * Distinct voters of laws in their final vote. Counting a million ballots costs a few hundred
   * milliseconds, so a screen polling every few seconds reads a count at most `votersTtlMs` old;
   * archived laws keep the count stored at the end of their vote.
   */
  private async withLiveVoters(rows: LawRow[]): Promise<LawRow[]> {
    const now = Date.now();
    const stale = rows.filter((row) => row.state === 'final-vote' && (this.liveVoters.get(row.id)?.at ?? 0) + this.votersTtlMs <= now).map((row) => row.id);
    if (stale.length > 0) {
      const counted = await this.db.$queryRawUnsafe<{ id: string; count: number }[]>(
        `SELECT a.law_id::text AS id, count(DISTINCT v.user_id)::int AS count FROM ${tables.articleVote} v JOIN ${tables.article} a ON a.id = v.article_id
         WHERE a.law_id = ANY($1::uuid[]) GROUP BY a.law_id`,
        stale,
      );
      const byId = new Map(counted.map((row) => [row.id, row.count]));
      for (const id of stale) this.liveVoters.set(id, { count: byId.get(id) ?? 0, at: now });
      if (this.liveVoters.size > 1000) for (const [id, entry] of this.liveVoters) if (entry.at + this.votersTtlMs <= now) this.liveVoters.delete(id);
    }
    return rows.map((row) => (row.state === 'final-vote' ? { ...row, voters: this.liveVoters.get(row.id)?.count ?? 0 } : row));
  }

  async list(filter: LawFilter, now: Date): Promise<LawSummary[]> {
    const where = ['l.deleted_at IS NULL'];
    const values: unknown[] = [];
    const add = (clause: (index: number) => string, value: unknown) => {
      values.push(value);
      where.push(clause(values.length));
    };
    if (filter.q?.trim()) add((i) => `l.title ILIKE $${i}`, likePattern(filter.q.trim()));
    if (filter.category) add((i) => `l.category = $${i}`, filter.category);
    if (filter.states?.length) add((i) => `l.state = ANY($${i}::text[])`, filter.states);
    if (filter.cycleId) add((i) => `l.cycle_id = $${i}::uuid`, filter.cycleId);
    const rows = await this.db.$queryRawUnsafe<LawRow[]>(
      `${lawSelect} WHERE ${where.join(' AND ')} ORDER BY l.pin DESC, coalesce(l.archived_at, l.created_at) DESC, c.number DESC, l.rank ASC LIMIT 500`,
      ...values,
    );
    return (await this.withLiveVoters(rows)).map((row) => toSummary(row, now));
  }

  async summary(id: string, now: Date): Promise<(LawSummary & { deleted: boolean }) | null> {
    const [found] = await this.db.$queryRawUnsafe<LawRow[]>(`${lawSelect} WHERE l.id = $1::uuid`, id);
    if (!found) return null;
    const [row] = await this.withLiveVoters([found]);
    return { ...toSummary(row!, now), deleted: row!.deleted };
  }

  /** The law with its groups, articles (each with its amendments) in final-text order, and sources. */
  async detail(id: string, viewerId: string | null, locale: Locale, now: Date): Promise<LawDetail | null> {
    const summary = await this.summary(id, now);
    if (!summary || summary.deleted) return null;
    const [groups, rows, sourceRows] = await Promise.all([
      this.db.$queryRawUnsafe<LawGroup[]>(
        `SELECT id::text AS id, name, position FROM ${tables.group} WHERE law_id = $1::uuid AND deleted_at IS NULL ORDER BY position, created_at`,
        id,
      ),
      this.db.$queryRawUnsafe<ArticleRow[]>(`${articleSelect} WHERE a.law_id = $1::uuid AND ${articleVisible} ORDER BY a.position, a.created_at, a.id`, id, viewerId),
      this.db.$queryRawUnsafe<SourceRow[]>(`${sourceSelect} WHERE s.law_id = $1::uuid AND s.deleted_at IS NULL ORDER BY s.pin DESC, s.created_at`, id),
    ]);
    const sources = sourceRows.map((row) => toSource(row, locale));
    const all = rows.map((row) => toArticle(row, sources));
    const byId = new Map(all.map((article) => [article.id, article]));
    for (const amendment of all) if (amendment.parentId) byId.get(amendment.parentId)?.amendments.push(amendment);
    const groupOrder = new Map<string | null, number>([[null, -1], ...groups.map((group, index): [string, number] => [group.id, index])]);
    const articles = all
      .filter((article) => article.parentId === null && groupOrder.has(article.groupId))
      .sort((a, b) => groupOrder.get(a.groupId)! - groupOrder.get(b.groupId)! || a.position - b.position);
    const { deleted: _deleted, ...rest } = summary;
    return { ...rest, groups, articles, sources: sources.filter((source) => source.targetKind === 'law') };
  }

  async facts(id: string): Promise<StoredLaw | null> {
    const [row] = await this.db.$queryRawUnsafe<(Omit<StoredLaw, 'creators'> & { creators: string[] })[]>(
      `SELECT l.id::text AS id, l.cycle_id::text AS "cycleId", l.title, l.state, l.user_id::text AS "userId", l.deleted_at IS NOT NULL AS deleted,
         l.moderation_status::int AS "moderationStatus", l.scribe_status::int AS "scribeStatus",
         coalesce((SELECT array_agg(lc.user_id::text ORDER BY lc.position) FROM ${tables.creator} lc WHERE lc.law_id = l.id), '{}') AS creators
       FROM ${tables.law} l WHERE l.id = $1::uuid`,
      id,
    );
    return row ?? null;
  }

  async article(lawId: string, articleId: string): Promise<StoredArticle | null> {
    const [row] = await this.db.$queryRawUnsafe<StoredArticle[]>(
      `SELECT a.id::text AS id, a.law_id::text AS "lawId", a.group_id::text AS "groupId", a.parent_id::text AS "parentId",
         CASE WHEN a.parent_id IS NULL THEN 'article' ELSE 'amendment' END AS kind, a.user_id::text AS "userId",
         a.moderation_status::int AS "moderationStatus", a.scribe_status::int AS "scribeStatus",
         (a.deleted_at IS NOT NULL OR (a.parent_id IS NOT NULL AND EXISTS (SELECT 1 FROM ${tables.article} p WHERE p.id = a.parent_id AND p.deleted_at IS NOT NULL))) AS deleted
       FROM ${tables.article} a WHERE a.id = $1::uuid AND a.law_id = $2::uuid`,
      articleId,
      lawId,
    );
    return row ?? null;
  }

  /** An article or amendment by its id alone (sources name their target without its law). */
  async articleAnywhere(articleId: string): Promise<StoredArticle | null> {
    const [row] = await this.db.$queryRawUnsafe<{ lawId: string }[]>(`SELECT law_id::text AS "lawId" FROM ${tables.article} WHERE id = $1::uuid`, articleId);
    return row ? this.article(row.lawId, articleId) : null;
  }

  async articleView(lawId: string, articleId: string, viewerId: string | null, locale: Locale): Promise<Article | null> {
    const [row] = await this.db.$queryRawUnsafe<ArticleRow[]>(`${articleSelect} WHERE a.id = $1::uuid AND a.law_id = $3::uuid AND ${articleVisible}`, articleId, viewerId, lawId);
    if (!row) return null;
    const sources = (await this.db.$queryRawUnsafe<SourceRow[]>(`${sourceSelect} WHERE s.target_id = $1::uuid AND s.deleted_at IS NULL ORDER BY s.created_at`, articleId)).map(
      (source) => toSource(source, locale),
    );
    const article = toArticle(row, sources);
    if (!row.parentId) {
      const amendments = await this.db.$queryRawUnsafe<ArticleRow[]>(
        `${articleSelect} WHERE a.parent_id = $1::uuid AND a.deleted_at IS NULL ORDER BY a.position, a.created_at`,
        articleId,
        viewerId,
      );
      article.amendments = amendments.map((amendment) => toArticle(amendment, []));
    }
    return article;
  }

  async group(lawId: string, groupId: string): Promise<{ id: string; deleted: boolean } | null> {
    const [row] = await this.db.$queryRawUnsafe<{ id: string; deleted: boolean }[]>(
      `SELECT id::text AS id, deleted_at IS NOT NULL AS deleted FROM ${tables.group} WHERE id = $1::uuid AND law_id = $2::uuid`,
      groupId,
      lawId,
    );
    return row ?? null;
  }

  // --- writes: each locks the law and checks it is still in the state the permission was checked in ---

  private async inLaw<T>(lawId: string, expected: LawState, work: (tx: SqlExecutor) => Promise<T>): Promise<T> {
    return this.db.$transaction(async (tx) => {
      const [law] = await tx.$queryRawUnsafe<{ state: LawState; deleted: boolean }[]>(
        `SELECT state, deleted_at IS NOT NULL AS deleted FROM ${tables.law} WHERE id = $1::uuid FOR UPDATE`,
        lawId,
      );
      if (!law || law.deleted || law.state !== expected) throw changedMeanwhile();
      return work(tx);
    });
  }

  async addGroup(lawId: string, name: string, now: Date): Promise<string> {
    return this.inLaw(lawId, 'creation', async (tx) => {
      const id = randomUUID();
      await tx.$executeRawUnsafe(
        `INSERT INTO ${tables.group} (id, law_id, name, position, created_at)
         SELECT $1::uuid, $2::uuid, $3, coalesce(max(position), 0) + 1, $4::timestamptz FROM ${tables.group} WHERE law_id = $2::uuid`,
        id,
        lawId,
        name,
        now,
      );
      return id;
    });
  }

  async renameGroup(lawId: string, groupId: string, name: string): Promise<void> {
    await this.inLaw(lawId, 'creation', async (tx) => {
      const changed = await tx.$executeRawUnsafe(`UPDATE ${tables.group} SET name = $3 WHERE id = $1::uuid AND law_id = $2::uuid AND deleted_at IS NULL`, groupId, lawId, name);
      if (changed === 0) throw changedMeanwhile();
    });
  }

  /** Deletes a group; its articles stay, ungrouped, after the ungrouped ones. */
  async deleteGroup(lawId: string, groupId: string, now: Date): Promise<void> {
    await this.inLaw(lawId, 'creation', async (tx) => {
      const changed = await tx.$executeRawUnsafe(
        `UPDATE ${tables.group} SET deleted_at = $3::timestamptz WHERE id = $1::uuid AND law_id = $2::uuid AND deleted_at IS NULL`,
        groupId,
        lawId,
        now,
      );
      if (changed === 0) throw changedMeanwhile();
      await tx.$executeRawUnsafe(
        `UPDATE ${tables.article} a SET group_id = NULL,
           position = (SELECT coalesce(max(position), 0) FROM ${tables.article} WHERE law_id = $2::uuid AND group_id IS NULL AND parent_id IS NULL) + a.position
         WHERE a.group_id = $1::uuid AND a.parent_id IS NULL`,
        groupId,
        lawId,
      );
      await tx.$executeRawUnsafe(`UPDATE ${tables.article} SET group_id = NULL WHERE group_id = $1::uuid`, groupId);
    });
  }

  /** Swaps the group with its visible neighbour above or below (nothing at either end). */
  async moveGroup(lawId: string, groupId: string, direction: 'up' | 'down'): Promise<void> {
    await this.inLaw(lawId, 'creation', async (tx) => {
      const groups = await tx.$queryRawUnsafe<{ id: string; position: number }[]>(
        `SELECT id::text AS id, position FROM ${tables.group} WHERE law_id = $1::uuid AND deleted_at IS NULL ORDER BY position, created_at`,
        lawId,
      );
      await LawRepository.swap(tx, tables.group, groups, groupId, direction);
    });
  }

  private static async swap(tx: SqlExecutor, table: string, rows: { id: string; position: number }[], id: string, direction: 'up' | 'down'): Promise<void> {
    const index = rows.findIndex((row) => row.id === id);
    if (index < 0) throw changedMeanwhile();
    const other = rows[direction === 'up' ? index - 1 : index + 1];
    if (!other) return;
    // Renumber so positions are distinct, then swap the two.
    const order = rows.map((row) => row.id);
    const target = direction === 'up' ? index - 1 : index + 1;
    [order[index], order[target]] = [order[target]!, order[index]!];
    for (const [position, rowId] of order.entries()) {
      await tx.$executeRawUnsafe(`UPDATE ${table} SET position = $2 WHERE id = $1::uuid`, rowId, position + 1);
    }
  }

  async addArticle(input: { lawId: string; userId: string; body: string; groupId: string | null; now: Date }): Promise<string> {
    return this.inLaw(input.lawId, 'creation', async (tx) => {
      if (input.groupId) {
        const [group] = await tx.$queryRawUnsafe<{ ok: boolean }[]>(
          `SELECT true AS ok FROM ${tables.group} WHERE id = $1::uuid AND law_id = $2::uuid AND deleted_at IS NULL`,
          input.groupId,
          input.lawId,
        );
        if (!group) throw new AppError('notFound', 404, { reason: 'group' });
      }
      const id = randomUUID();
      await tx.$executeRawUnsafe(
        `INSERT INTO ${tables.article} (id, law_id, group_id, user_id, body, position, created_at, updated_at)
         SELECT $1::uuid, $2::uuid, $3::uuid, $4::uuid, $5, coalesce(max(position), 0) + 1, $6::timestamptz, $6::timestamptz
         FROM ${tables.article} WHERE law_id = $2::uuid AND parent_id IS NULL AND group_id IS NOT DISTINCT FROM $3::uuid`,
        id,
        input.lawId,
        input.groupId,
        input.userId,
        input.body,
        input.now,
      );
      await enqueueEvent(tx, SCHEMA, newEvent(ArticleCreated, { articleId: id, userId: input.userId }, input.now));
      return id;
    });
  }

  async addAmendment(input: { lawId: string; articleId: string; userId: string; title: string | null; body: string; now: Date }): Promise<string> {
    return this.inLaw(input.lawId, 'creation', async (tx) => {
      const id = randomUUID();
      const inserted = await tx.$executeRawUnsafe(
        `INSERT INTO ${tables.article} (id, law_id, group_id, parent_id, user_id, title, body, position, created_at, updated_at)
         SELECT $1::uuid, a.law_id, a.group_id, a.id, $3::uuid, $4, $5,
           (SELECT coalesce(max(position), 0) + 1 FROM ${tables.article} WHERE parent_id = a.id), $6::timestamptz, $6::timestamptz
         FROM ${tables.article} a WHERE a.id = $2::uuid AND a.parent_id IS NULL AND a.deleted_at IS NULL`,
        id,
        input.articleId,
        input.userId,
        input.title,
        input.body,
        input.now,
      );
      if (inserted === 0) throw changedMeanwhile();
      await enqueueEvent(tx, SCHEMA, newEvent(ArticleCreated, { articleId: id, userId: input.userId }, input.now));
      return id;
    });
  }

  async editArticle(
    article: StoredArticle,
    input: { title: string | null; body: string },
    editor: { id: string; as: 'author' | 'moderator' | 'scribe' },
    now: Date,
  ): Promise<void> {
    await this.inLaw(article.lawId, 'creation', async (tx) => {
      const changed = await tx.$executeRawUnsafe(
        `UPDATE ${tables.article} SET title = $2, body = $3, updated_at = $4::timestamptz WHERE id = $1::uuid AND deleted_at IS NULL`,
        article.id,
        article.kind === 'amendment' ? input.title : null,
        input.body,
        now,
      );
      if (changed === 0) throw changedMeanwhile();
      if (editor.as !== 'author') {
        await enqueueEvent(
          tx,
          SCHEMA,
          newEvent(
            ContentModerated,
            { kind: article.kind, contentId: article.id, lawId: article.lawId, userId: article.userId, editorId: editor.id, role: editor.as, action: 'edited' },
            now,
          ),
        );
      }
    });
  }

  async deleteArticle(article: StoredArticle, by: { id: string; as: 'author' | 'moderator' }, lawState: LawState, now: Date): Promise<void> {
    await this.inLaw(article.lawId, lawState, async (tx) => {
      const changed = await tx.$executeRawUnsafe(
        `UPDATE ${tables.article} SET deleted_at = $2::timestamptz, deleted_by = $3::uuid, pin = false, updated_at = $2::timestamptz
         WHERE id = $1::uuid AND deleted_at IS NULL`,
        article.id,
        now,
        by.id,
      );
      if (changed === 0) throw changedMeanwhile();
      if (by.as === 'moderator') {
        await enqueueEvent(
          tx,
          SCHEMA,
          newEvent(
            ContentModerated,
            { kind: article.kind, contentId: article.id, lawId: article.lawId, userId: article.userId, editorId: by.id, role: 'moderator', action: 'deleted' },
            now,
          ),
        );
      }
    });
  }

  /** Moves an article up or down inside its group, or into another group (or none) at its end. */
  async moveArticle(article: StoredArticle, move: { direction?: 'up' | 'down'; groupId?: string | null }): Promise<void> {
    await this.inLaw(article.lawId, 'creation', async (tx) => {
      let groupId = article.groupId;
      if (move.groupId !== undefined && move.groupId !== article.groupId) {
        if (move.groupId) {
          const [group] = await tx.$queryRawUnsafe<{ ok: boolean }[]>(
            `SELECT true AS ok FROM ${tables.group} WHERE id = $1::uuid AND law_id = $2::uuid AND deleted_at IS NULL`,
            move.groupId,
            article.lawId,
          );
          if (!group) throw new AppError('notFound', 404, { reason: 'group' });
        }
        groupId = move.groupId;
        await tx.$executeRawUnsafe(
          `UPDATE ${tables.article} SET group_id = $2::uuid,
             position = (SELECT coalesce(max(position), 0) + 1 FROM ${tables.article} WHERE law_id = $3::uuid AND parent_id IS NULL AND group_id IS NOT DISTINCT FROM $2::uuid)
           WHERE id = $1::uuid`,
          article.id,
          groupId,
          article.lawId,
        );
        await tx.$executeRawUnsafe(`UPDATE ${tables.article} SET group_id = $2::uuid WHERE parent_id = $1::uuid`, article.id, groupId);
      }
      if (move.direction) {
        const rows = await tx.$queryRawUnsafe<{ id: string; position: number }[]>(
          `SELECT id::text AS id, position FROM ${tables.article}
           WHERE law_id = $1::uuid AND parent_id IS NULL AND deleted_at IS NULL AND group_id IS NOT DISTINCT FROM $2::uuid ORDER BY position, created_at`,
          article.lawId,
          groupId,
        );
        await LawRepository.swap(tx, tables.article, rows, article.id, move.direction);
      }
    });
  }

  /** Signals an article, amendment or the law itself to the moderators or (by its author) the scribes. */
  async signal(
    item: { kind: 'law' | 'article' | 'amendment'; id: string; lawId: string; userId: string },
    to: 'moderator' | 'scribe',
    signalledBy: string,
    now: Date,
  ): Promise<void> {
    const table = item.kind === 'law' ? tables.law : tables.article;
    const column = to === 'moderator' ? 'moderation_status' : 'scribe_status';
    await this.db.$transaction(async (tx) => {
      const changed = await tx.$executeRawUnsafe(
        `UPDATE ${table} SET ${column} = 1, updated_at = $2::timestamptz WHERE id = $1::uuid AND ${column} = 0 AND deleted_at IS NULL`,
        item.id,
        now,
      );
      if (changed === 0) throw new AppError('unauthorizedAction', 403, { reason: 'already-signalled' });
      await enqueueEvent(tx, SCHEMA, newEvent(ContentSignalled, { kind: item.kind, contentId: item.id, lawId: item.lawId, userId: item.userId, signalledBy, to }, now));
    });
  }

  async pin(kind: 'law' | 'article' | 'source', id: string, pin: boolean): Promise<void> {
    const table = kind === 'law' ? tables.law : kind === 'article' ? tables.article : tables.source;
    await this.db.$executeRawUnsafe(`UPDATE ${table} SET pin = $2 WHERE id = $1::uuid`, id, pin);
  }

  async editLaw(law: StoredLaw, input: { title: string; description: string }, editor: { id: string; as: 'author' | 'moderator' | 'scribe' }, now: Date): Promise<void> {
    await this.inLaw(law.id, 'creation', async (tx) => {
      await tx.$executeRawUnsafe(
        `UPDATE ${tables.law} SET title = $2, description = $3, updated_at = $4::timestamptz WHERE id = $1::uuid`,
        law.id,
        input.title,
        input.description,
        now,
      );
      if (editor.as !== 'author') {
        await enqueueEvent(
          tx,
          SCHEMA,
          newEvent(ContentModerated, { kind: 'law', contentId: law.id, lawId: law.id, userId: law.userId, editorId: editor.id, role: editor.as, action: 'edited' }, now),
        );
      }
    });
  }

  async deleteLaw(law: StoredLaw, by: { id: string; as: 'author' | 'moderator' }, now: Date): Promise<void> {
    await this.inLaw(law.id, law.state, async (tx) => {
      await tx.$executeRawUnsafe(
        `UPDATE ${tables.law} SET deleted_at = $2::timestamptz, deleted_by = $3::uuid, pin = false, updated_at = $2::timestamptz WHERE id = $1::uuid`,
        law.id,
        now,
        by.id,
      );
      if (by.as === 'moderator') {
        await enqueueEvent(
          tx,
          SCHEMA,
          newEvent(ContentModerated, { kind: 'law', contentId: law.id, lawId: law.id, userId: law.userId, editorId: by.id, role: 'moderator', action: 'deleted' }, now),
        );
      }
    });
  }

  // --- sources ---

  async sourceFacts(id: string): Promise<StoredSource | null> {
    const [row] = await this.db.$queryRawUnsafe<StoredSource[]>(
      `SELECT id::text AS id, law_id::text AS "lawId", target_kind AS "targetKind", target_id::text AS "targetId", user_id::text AS "userId",
         deleted_at IS NOT NULL AS deleted FROM ${tables.source} WHERE id = $1::uuid`,
      id,
    );
    return row ?? null;
  }

  async sourceView(id: string, locale: Locale): Promise<Source | null> {
    const [row] = await this.db.$queryRawUnsafe<SourceRow[]>(`${sourceSelect} WHERE s.id = $1::uuid AND s.deleted_at IS NULL`, id);
    return row ? toSource(row, locale) : null;
  }

  async addSource(input: { lawId: string; lawState: LawState; targetKind: 'law' | 'article'; targetId: string; userId: string; fields: SourceFields; now: Date }): Promise<string> {
    return this.inLaw(input.lawId, input.lawState, async (tx) => {
      const id = randomUUID();
      await tx.$executeRawUnsafe(
        `INSERT INTO ${tables.source} (id, law_id, target_kind, target_id, user_id, type, title, author, publisher, publication_date, url, access_date,
           volume, issue, pages, periodical_title, article_title, director, production_company, release_year, description, frequency, created_at, updated_at)
         VALUES ($1::uuid, $2::uuid, $3, $4::uuid, $5::uuid, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22,
           $23::timestamptz, $23::timestamptz)`,
        id,
        input.lawId,
        input.targetKind,
        input.targetId,
        input.userId,
        ...sourceColumns(input.fields),
        input.now,
      );
      return id;
    });
  }

  async editSource(source: StoredSource, lawState: LawState, fields: SourceFields, editor: { id: string; moderator: boolean }, now: Date): Promise<void> {
    await this.inLaw(source.lawId, lawState, async (tx) => {
      const changed = await tx.$executeRawUnsafe(
        `UPDATE ${tables.source} SET type = $2, title = $3, author = $4, publisher = $5, publication_date = $6, url = $7, access_date = $8,
           volume = $9, issue = $10, pages = $11, periodical_title = $12, article_title = $13, director = $14, production_company = $15,
           release_year = $16, description = $17, frequency = $18, updated_at = $19::timestamptz
         WHERE id = $1::uuid AND deleted_at IS NULL`,
        source.id,
        ...sourceColumns(fields),
        now,
      );
      if (changed === 0) throw changedMeanwhile();
      if (editor.moderator && editor.id !== source.userId) {
        await enqueueEvent(
          tx,
          SCHEMA,
          newEvent(ContentModerated, { kind: 'source', contentId: source.id, lawId: source.lawId, userId: source.userId, editorId: editor.id, role: 'moderator', action: 'edited' }, now),
        );
      }
    });
  }

  async deleteSource(source: StoredSource, lawState: LawState, editor: { id: string; moderator: boolean }, now: Date): Promise<void> {
    await this.inLaw(source.lawId, lawState, async (tx) => {
      const changed = await tx.$executeRawUnsafe(
        `UPDATE ${tables.source} SET deleted_at = $2::timestamptz, updated_at = $2::timestamptz WHERE id = $1::uuid AND deleted_at IS NULL`,
        source.id,
        now,
      );
      if (changed === 0) throw changedMeanwhile();
      if (editor.moderator && editor.id !== source.userId) {
        await enqueueEvent(
          tx,
          SCHEMA,
          newEvent(ContentModerated, { kind: 'source', contentId: source.id, lawId: source.lawId, userId: source.userId, editorId: editor.id, role: 'moderator', action: 'deleted' }, now),
        );
      }
    });
  }

  /** The stored draw of a law's cycle. */
  async draw(cycleId: string): Promise<{ seed: string; eligible: string[]; drawnAt: Date; perLaw: number } | null> {
    const [row] = await this.db.$queryRawUnsafe<{ seed: string; eligible: string[]; drawnAt: Date; perLaw: number }[]>(
      `SELECT seed, eligible::text[] AS eligible, drawn_at AS "drawnAt", per_law AS "perLaw" FROM ${tables.draw} WHERE cycle_id = $1::uuid`,
      cycleId,
    );
    return row ?? null;
  }

  /** Laws where the user is a creator (for /decisions/creators and the to-do page). */
  async creatorsOf(lawId: string): Promise<Creator[]> {
    return this.db.$queryRawUnsafe<Creator[]>(
      `SELECT lc.user_id::text AS "userId", coalesce(c.user_name, '') AS "userName" FROM ${tables.creator} lc
       LEFT JOIN ${tables.citizen} c ON c.user_id = lc.user_id WHERE lc.law_id = $1::uuid ORDER BY lc.position`,
      lawId,
    );
  }
}
