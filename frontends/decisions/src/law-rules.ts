/**
 * The pure rules of the law screens (unit-tested): who may do what with a law's content (the
 * service's rules of docs/product.md#roles-and-permissions, to show only the actions a reader may take), the words an
 * amendment changes, the adopted text, and the creators draw recomputed in the browser.
 */
import type { Article, LawDetail, LawSummary, SessionUser, Source } from '@civic/contracts';

interface Item {
  userId: string;
  moderationStatus: 0 | 1;
  scribeStatus: 0 | 1;
}

const suspended = (user: SessionUser) => user.suspendedUntil !== null && Date.parse(user.suspendedUntil) > Date.now();

export const isCreatorOf = (law: Pick<LawSummary, 'creators'>, user: SessionUser | null | undefined) =>
  Boolean(user && law.creators.some((creator) => creator.userId === user.id));

/** Drafting (articles, amendments, groups, order): the law's creators during creation. */
export function mayDraft(law: Pick<LawSummary, 'creators' | 'state'>, user: SessionUser | null | undefined): boolean {
  return Boolean(user && user.verified && !suspended(user) && law.state === 'creation' && isCreatorOf(law, user));
}

/** What the reader may do with an article, an amendment or the law itself. */
export function contentPermissions(item: Item, law: Pick<LawSummary, 'creators' | 'state'>, user: SessionUser | null | undefined) {
  const author = Boolean(user && user.id === item.userId);
  const active = Boolean(user && !suspended(user));
  const creation = law.state === 'creation';
  const live = creation || law.state === 'final-vote';
  const moderator = Boolean(user?.moderator);
  const scribe = Boolean(user?.scribe);
  const edit = active && creation && (author || (moderator && item.moderationStatus === 1) || (scribe && item.scribeStatus === 1));
  return {
    author,
    edit,
    remove: active && ((author && creation) || (moderator && item.moderationStatus === 1 && live)),
    signalModerator: !author && item.moderationStatus === 0 && live,
    signalScribe: author && !scribe && item.scribeStatus === 0 && live,
    pin: moderator && live,
    addSource: edit,
  };
}

export type DiffPart = { kind: 'same' | 'added' | 'removed'; text: string };

/**
 * The words an amendment changes in its article: a longest-common-subsequence diff over words
 * (spaces kept with the word before them), as runs of same, removed and added text.
 */
export function wordDiff(before: string, after: string): DiffPart[] {
  // Words and punctuation are separate tokens, so "dimanche." against "dimanche et" keeps "dimanche".
  const split = (text: string) => text.match(/[\p{L}\p{N}][\p{L}\p{N}'’-]*\s*|[^\p{L}\p{N}\s]+\s*|\s+/gu) ?? [];
  const a = split(before);
  const b = split(after);
  const n = a.length;
  const m = b.length;
  const same = (x: string, y: string) => x.trim() === y.trim();
  const lcs = Array.from({ length: n + 1 }, () => new Array<number>(m + 1).fill(0));
  for (let i = n - 1; i >= 0; i--) for (let j = m - 1; j >= 0; j--) lcs[i]![j] = same(a[i]!, b[j]!) ? lcs[i + 1]![j + 1]! + 1 : Math.max(lcs[i + 1]![j]!, lcs[i]![j + 1]!);
  const parts: DiffPart[] = [];
  const push = (kind: DiffPart['kind'], text: string) => {
    const last = parts[parts.length - 1];
    if (last && last.kind === kind) last.text += text;
    else parts.push({ kind, text });
  };
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    if (same(a[i]!, b[j]!)) {
      push('same', b[j]!);
      i++;
      j++;
    } else if (lcs[i + 1]![j]! >= lcs[i]![j + 1]!) push('removed', a[i++]!);
    else push('added', b[j++]!);
  }
  while (i < n) push('removed', a[i++]!);
  while (j < m) push('added', b[j++]!);
  return separateChanges(parts);
}

/**
 * A removed run right before an added one (or the reverse) keeps a space between them, outside both
 * marks: "dimanche" replaced by "samedi" at the end of a sentence reads "dimanche samedi", not
 * "dimanchesamedi", and the space is not struck through or underlined.
 */
function separateChanges(parts: DiffPart[]): DiffPart[] {
  const result: DiffPart[] = [];
  parts.forEach((part, index) => {
    const next = parts[index + 1];
    if (part.kind === 'same' || !next || next.kind === 'same' || next.kind === part.kind) {
      result.push(part);
      return;
    }
    const text = part.text.trimEnd();
    result.push({ kind: part.kind, text }, { kind: 'same', text: part.text.slice(text.length) || ' ' });
  });
  return result;
}

/** The adopted text: each article's winning text (the article or the amendment that replaced it), numbered in order. */
export function adoptedArticles(law: Pick<LawDetail, 'articles'>): { number: number; article: Article; text: Article }[] {
  const result: { number: number; article: Article; text: Article }[] = [];
  for (const article of law.articles) {
    const winner = [article, ...article.amendments].find((text) => text.result?.winner);
    if (winner?.result?.adopted) result.push({ number: result.length + 1, article, text: winner });
  }
  return result;
}

/**
 * The sources of an archived law, as its PDF lists them: the law's own, then those of its adopted
 * text in order. Sources of texts that were not adopted stay with those texts' record, not the law.
 */
export function archivedSources(law: Pick<LawDetail, 'articles' | 'sources'>): Source[] {
  return [...law.sources, ...adoptedArticles(law).flatMap((entry) => entry.text.sources)];
}

// --- the creators draw (algorithm sha256-fisher-yates-v1, as the service documents it) ---

async function block(seed: string, lawId: string, index: number): Promise<Uint8Array> {
  const data = new TextEncoder().encode(`${seed}:${lawId}:${index}`);
  return new Uint8Array(await crypto.subtle.digest('SHA-256', data));
}

/** Recomputes the creators from the published seed and eligible list (same result as the service). */
export async function recomputeDraw(seed: string, lawId: string, eligible: readonly string[], perLaw: number): Promise<string[]> {
  const pool = [...new Set(eligible.map((value) => value.toLowerCase()))].sort();
  const k = Math.min(Math.max(0, perLaw), pool.length);
  let index = 0;
  let bytes: Uint8Array = new Uint8Array(0);
  let offset = 0;
  const next = async () => {
    if (offset + 4 > bytes.length) {
      bytes = await block(seed, lawId.toLowerCase(), index++);
      offset = 0;
    }
    const value = ((bytes[offset]! << 24) >>> 0) + (bytes[offset + 1]! << 16) + (bytes[offset + 2]! << 8) + bytes[offset + 3]!;
    offset += 4;
    return value;
  };
  const uniform = async (range: number) => {
    const limit = Math.floor(0x1_0000_0000 / range) * range;
    for (;;) {
      const x = await next();
      if (x < limit) return x % range;
    }
  };
  for (let j = 0; j < k; j++) {
    const r = j + (await uniform(pool.length - j));
    [pool[j], pool[r]] = [pool[r]!, pool[j]!];
  }
  return pool.slice(0, k);
}

/**
 * The archive's list once more pages were read: the first page as last fetched (it is refreshed, so
 * a newly archived law appears at the top), then the later pages in order, each law once.
 */
export function withMorePages<T extends { id: string }>(first: readonly T[], more: readonly T[]): T[] {
  const seen = new Set(first.map((law) => law.id));
  return [...first, ...more.filter((law) => !seen.has(law.id) && Boolean(seen.add(law.id)))];
}
