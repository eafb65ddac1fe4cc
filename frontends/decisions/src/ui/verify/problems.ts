/**
 * The verification of an archived law's open data put in words (unit-tested): the name of each text
 * the data holds, read from the data itself (a downloaded file may be of another law), and the
 * sentence of each problem `verifyOpenData` reports (docs/text-chain.md#verification).
 */
import type { ChainProblem } from '@civic/contracts';

/** The name of a text: the law, a group, an article (numbered in the text) or an amendment of one. */
export type TextName = { kind: 'law' } | { kind: 'group'; name: string } | { kind: 'article'; number: number } | { kind: 'amendment'; article: number; number: number };

export interface Sentence {
  id: string;
  values?: Record<string, string | number>;
}

const record = (value: unknown): Record<string, unknown> | null => (typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null);
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/** Every text of the open data by id; whatever the data does not hold stays unnamed. */
export function textNames(data: unknown): Map<string, TextName> {
  const names = new Map<string, TextName>();
  const law = record(data);
  if (!law) return names;
  const lawId = text(law['id']);
  if (lawId) names.set(lawId, { kind: 'law' });
  for (const group of list(law['groups'])) {
    const fields = record(group);
    const id = text(fields?.['id']);
    if (id) names.set(id, { kind: 'group', name: text(fields?.['name']) ?? '' });
  }
  list(law['articles']).forEach((article, index) => {
    const fields = record(article);
    const id = text(fields?.['id']);
    if (id) names.set(id, { kind: 'article', number: index + 1 });
    list(fields?.['amendments']).forEach((amendment, position) => {
      const amendmentId = text(record(amendment)?.['id']);
      if (amendmentId) names.set(amendmentId, { kind: 'amendment', article: index + 1, number: position + 1 });
    });
  });
  return names;
}

/** The sentence naming a text, or "a text" with the start of its id when the data does not name it. */
export function nameSentence(textId: string, names: ReadonlyMap<string, TextName>): Sentence {
  const name = names.get(textId);
  if (!name) return { id: 'decisions.verify.text.unknown', values: { id: textId.slice(0, 8) } };
  if (name.kind === 'law') return { id: 'decisions.verify.text.law' };
  if (name.kind === 'group') return { id: 'decisions.verify.text.group', values: { name: name.name } };
  if (name.kind === 'article') return { id: 'decisions.verify.text.article', values: { number: name.number } };
  return { id: 'decisions.verify.text.amendment', values: { article: name.article, number: name.number } };
}

/** The sentence of one problem; `text` is the text's name already in words (nameSentence, translated). */
export function problemSentence(problem: ChainProblem, textName: (textId: string) => string): Sentence {
  switch (problem.problem) {
    case 'no-seal':
      return { id: 'decisions.verify.problem.noSeal' };
    case 'seal-hash':
      return { id: 'decisions.verify.problem.sealHash' };
    case 'law-text':
      return { id: 'decisions.verify.problem.lawText' };
    case 'version-hash':
      return { id: 'decisions.verify.problem.versionHash', values: { text: textName(problem.textId), seq: problem.seq } };
    case 'broken-link':
      return { id: 'decisions.verify.problem.brokenLink', values: { text: textName(problem.textId), seq: problem.seq } };
    case 'not-sealed':
      return { id: 'decisions.verify.problem.notSealed', values: { text: textName(problem.textId) } };
    case 'adopted-text':
      // An article that was not adopted has no number in the text: it is named by its place.
      return problem.number === null
        ? { id: 'decisions.verify.problem.adoptedTextOf', values: { text: textName(problem.articleId) } }
        : { id: 'decisions.verify.problem.adoptedText', values: { number: problem.number } };
  }
}

/** A downloaded file's text as JSON, or null when it is not JSON. */
export function parseJson(content: string): { ok: true; data: unknown } | { ok: false } {
  try {
    return { ok: true, data: JSON.parse(content) as unknown };
  } catch {
    return { ok: false };
  }
}
