/**
 * The words a citizen types, made into a full-text query (docs/product.md#search). The database
 * indexes titles and descriptions accent-folded and stemmed in French and English (the migration
 * `proposal_search`); this module folds the typed words the same way, drops the stop words of both
 * languages, and keeps only letters and digits, so that quotes, `&`, `|`, `!`, `:` or parentheses
 * typed by anyone can never change the shape of the query.
 */
import { join, sql, type Sql } from '@civic/service-kit';

/** Enough words to describe a subject; the rest of a long description adds cost, not precision. */
export const MAX_SEARCH_TERMS = 12;
/**
 * The words of a similar search, the title's first (the form sends its title, then its description):
 * each one more word widens the set of laws sharing any of them (docs/benchmarks.md, similar-search).
 */
export const MAX_SIMILAR_TERMS = 8;

/** Ligatures and letters that Unicode decomposition does not split into a base letter and an accent. */
const LETTERS: Record<string, string> = { œ: 'oe', æ: 'ae', ß: 'ss', ø: 'o', ı: 'i', đ: 'd', ł: 'l' };

/**
 * Lower case without accents, as the database's `search_fold` does: "Écologie" and "ecologie" are
 * the same word, and so are "Œuvre" and "oeuvre".
 */
export function foldAccents(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .replace(/[œæßøıđł]/g, (letter) => LETTERS[letter] ?? letter)
    .replace(/[’‘]/g, "'");
}

// PostgreSQL's own stop lists of the `french` and `english` configurations (Snowball), folded.
const FRENCH_STOP_WORDS =
  'au aux avec ce ces dans de des du elle en et eux il je la le leur lui ma mais me même mes moi mon ne nos notre nous on ou par pas pour qu que qui sa se ses son sur ta te tes toi ton tu un une vos votre vous c d j l à m n s t y été étée étées étés étant étante étants étantes suis es est sommes êtes sont serai seras sera serons serez seront serais serait serions seriez seraient étais était étions étiez étaient fus fut fûmes fûtes furent sois soit soyons soyez soient fusse fusses fût fussions fussiez fussent ayant ayante ayantes ayants eu eue eues eus ai as avons avez ont aurai auras aura aurons aurez auront aurais aurait aurions auriez auraient avais avait avions aviez avaient eut eûmes eûtes eurent aie aies ait ayons ayez aient eusse eusses eût eussions eussiez eussent';
const ENGLISH_STOP_WORDS =
  'i me my myself we our ours ourselves you your yours yourself yourselves he him his himself she her hers herself it its itself they them their theirs themselves what which who whom this that these those am is are was were be been being have has had having do does did doing a an the and but if or because as until while of at by for with about against between into through during before after above below to from up down in out on off over under again further then once here there when where why how all any both each few more most other some such no nor not only own same so than too very s t can will just don should now';

/** Frequent French words the Snowball list leaves out (it has `le` and `la` but not `les`). */
const MORE_FRENCH_STOP_WORDS = 'les cet cette ceux celle celles leurs dont ni sans sous chez vers comme aussi plus tout tous toute toutes';

/** Words that say nothing about a subject in either language, folded as the typed words are. */
export const STOP_WORDS: ReadonlySet<string> = new Set(`${FRENCH_STOP_WORDS} ${MORE_FRENCH_STOP_WORDS} ${ENGLISH_STOP_WORDS}`.split(' ').map(foldAccents));

/** One word of the query: a lexeme made only of letters and digits, `prefix` when it is still being typed. */
export interface SearchTerm {
  word: string;
  prefix: boolean;
}

/**
 * The distinct words worth searching, in the order typed (at most MAX_SEARCH_TERMS): folded, without
 * stop words nor single letters. The last word is a prefix unless the text ends after it (a space or
 * a punctuation mark), so "transpo" already finds "transports".
 */
export function searchTerms(input: string, max = MAX_SEARCH_TERMS): SearchTerm[] {
  const folded = foldAccents(input);
  const words = folded.match(/[\p{L}\p{N}]+/gu) ?? [];
  const typing = /[\p{L}\p{N}]$/u.test(folded);
  const terms: SearchTerm[] = [];
  words.forEach((word, index) => {
    if (word.length < 2 || STOP_WORDS.has(word)) return;
    const prefix = typing && index === words.length - 1;
    const same = terms.find((term) => term.word === word);
    if (same) same.prefix ||= prefix;
    else terms.push({ word, prefix });
  });
  if (terms.length <= max) return terms;
  // The word being typed stays: it is what changes from one keystroke to the next.
  const last = terms[terms.length - 1]!;
  return last.prefix ? [...terms.slice(0, max - 1), last] : terms.slice(0, max);
}

/** The text of one term for PostgreSQL's to_tsquery: `velo` or `velo:*` (safe: letters and digits only). */
export const lexeme = (term: SearchTerm): string => (term.prefix ? `${term.word}:*` : term.word);

/**
 * The tsquery of the terms, one parameter per term in each language: each term in French or English
 * stemming, every term required (`all`, to narrow a list) or any of them (`any`, to find what is
 * similar, the ranking putting those matching most words first).
 */
export function tsquery(terms: readonly SearchTerm[], mode: 'all' | 'any'): Sql {
  if (terms.length === 0) return sql`''::tsquery`;
  const parts = terms.map(lexeme).map((text) => sql`(to_tsquery('french', ${text}) || to_tsquery('english', ${text}))`);
  return sql`(${join(parts, mode === 'all' ? ' && ' : ' || ')})`;
}
