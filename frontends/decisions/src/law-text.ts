/**
 * A law's text as the screens show it (unit-tested): the words an amendment changes, the adopted
 * text and its sources, and the archive's list read a page at a time.
 */
import type { Article, LawDetail, Source } from '@civic/contracts';

export type DiffPart = { kind: 'same' | 'added' | 'removed'; text: string };

/**
 * The words an amendment changes in its article: a longest-common-subsequence diff over words,
 * punctuation and spaces as separate tokens, as runs of same, removed and added text. A change starts
 * and ends on a word boundary: its edge spaces stay outside the marks, so "Buses and trams" against
 * "Buses, trams" reads "Buses, ~~and~~ trams", never "Buses~~and~~ ,trams".
 */
export function wordDiff(before: string, after: string): DiffPart[] {
  // Words (with their inner apostrophes and hyphens), each punctuation mark, each run of spaces.
  const split = (text: string) => text.match(/[\p{L}\p{N}][\p{L}\p{N}'’-]*|\s+|[^\p{L}\p{N}\s]/gu) ?? [];
  const a = split(before);
  const b = split(after);
  const n = a.length;
  const m = b.length;
  // Any two runs of spaces are the same token: a changed line break is no change to the law.
  const same = (x: string, y: string) => x === y || (/^\s+$/u.test(x) && /^\s+$/u.test(y));
  const lcs = Array.from({ length: n + 1 }, () => new Array<number>(m + 1).fill(0));
  for (let i = n - 1; i >= 0; i--) for (let j = m - 1; j >= 0; j--) lcs[i]![j] = same(a[i]!, b[j]!) ? lcs[i + 1]![j + 1]! + 1 : Math.max(lcs[i + 1]![j]!, lcs[i]![j + 1]!);
  const parts: DiffPart[] = [];
  const push = (kind: DiffPart['kind'], text: string) => {
    if (!text) return;
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
  return separateChanges(spacesOutside(parts));
}

/** A changed run's leading and trailing spaces move out of it, into the same text around it. */
function spacesOutside(parts: DiffPart[]): DiffPart[] {
  const result: DiffPart[] = [];
  const push = (kind: DiffPart['kind'], text: string) => {
    if (!text) return;
    const last = result[result.length - 1];
    if (last && last.kind === kind) last.text += text;
    else result.push({ kind, text });
  };
  for (const part of parts) {
    if (part.kind === 'same') {
      push('same', part.text);
      continue;
    }
    const [, lead = '', core = '', trail = ''] = /^(\s*)([\s\S]*?)(\s*)$/u.exec(part.text) ?? [];
    // Spaces already on the same side are not doubled.
    const last = result[result.length - 1];
    push('same', last && last.kind === 'same' && /\s$/u.test(last.text) ? '' : lead);
    push(part.kind, core);
    push('same', trail);
  }
  return result;
}

/**
 * A removed run right before an added one (or the reverse) keeps a space between them, outside both
 * marks, unless the added one is punctuation: "dimanche" replaced by "samedi" reads "dimanche samedi",
 * not "dimanchesamedi", and the space is not struck through or underlined.
 */
function separateChanges(parts: DiffPart[]): DiffPart[] {
  const result: DiffPart[] = [];
  parts.forEach((part, index) => {
    const next = parts[index + 1];
    result.push(part);
    if (part.kind !== 'same' && next && next.kind !== 'same' && next.kind !== part.kind) result.push({ kind: 'same', text: ' ' });
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

/**
 * The archive's list once more pages were read: the first page as last fetched (it is refreshed, so
 * a newly archived law appears at the top), then the later pages in order, each law once.
 */
export function withMorePages<T extends { id: string }>(first: readonly T[], more: readonly T[]): T[] {
  const seen = new Set(first.map((law) => law.id));
  return [...first, ...more.filter((law) => !seen.has(law.id) && Boolean(seen.add(law.id)))];
}
