import { DELETED_USER_NAME } from './anonymization.js';

/** Characters that show nothing: format controls (zero-width, direction marks, soft hyphen) and other default-ignorables. */
const INVISIBLE = /[\p{Cf}\p{Default_Ignorable_Code_Point}]/gu;
/** Any run of spaces, including the blank Braille pattern that renders as one. */
const SPACES = /[\s\u2800]+/gu;
/** The blocks of combining diacritics that decorate Latin, Greek and Cyrillic letters once decomposed (é is e and U+0301). */
const DIACRITICS: readonly (readonly [number, number])[] = [
  [0x0300, 0x036f],
  [0x1ab0, 0x1aff],
  [0x1dc0, 0x1dff],
  [0x20d0, 0x20ff],
  [0xfe20, 0xfe2f],
];
const isDiacritic = (char: string) => {
  const code = char.codePointAt(0) ?? 0;
  return DIACRITICS.some(([first, last]) => code >= first && code <= last);
};

/**
 * Which character is drawn like which (Unicode's UTS #39 confusables: each source character and its
 * prototype, one or more characters). Read from the service's data/confusables.txt (data/README.md).
 */
export type Confusables = ReadonlyMap<string, string>;

const fromHex = (hex: string) => String.fromCodePoint(Number.parseInt(hex, 16));

/** The table in its stored form: `source;prototype` lines, code points in hex, `#` comments. */
export function parseConfusables(text: string): Confusables {
  const table = new Map<string, string>();
  for (const line of text.split('\n')) {
    if (line.trim() === '' || line.startsWith('#')) continue;
    const [from = '', to = ''] = line.split(';');
    table.set(fromHex(from.trim()), to.trim().split(/\s+/u).map(fromHex).join(''));
  }
  return table;
}

/** UTS #39 skeleton: decomposed, each character replaced by its prototype, decomposed again. */
export function skeleton(text: string, table: Confusables): string {
  return Array.from(text.normalize('NFD'), (char) => table.get(char) ?? char)
    .join('')
    .normalize('NFD');
}

/** Without accents: 'Lefèvre' and 'Lefevre' are one name. */
export function foldAccents(text: string): string {
  return Array.from(text.normalize('NFD'))
    .filter((char) => !isDiacritic(char))
    .join('');
}

/** Upper then lower case folds what lower case alone keeps apart (ß and SS, final and medial sigma). */
const foldCase = (text: string) => text.toUpperCase().toLowerCase().replaceAll('ς', 'σ');
const looks = (text: string, table: Confusables) => skeleton(foldAccents(text), table);

/**
 * The key under which a user name is unique, so that a member cannot pass for another: two names are
 * the same when their keys are equal. The name is taken in NFKC, without invisible characters or
 * accents, and compared by its UTS #39 skeleton ('SecAIice' with a capital i and 'SecAlice' are one,
 * as are 'Аda' with a Cyrillic А and 'Ada', '0' and 'O', 'rn' and 'm'), whatever its case, spaces
 * collapsed. Skeletons tell case apart (I is l, i is not), so the key takes the skeleton of the
 * lower-case form, then of its capitals, then of their lower case: each lookalike of either case
 * meets the same key, and a name and its capitals always share theirs (which makes Ian and Lan one
 * name, as IAN and LAN look alike).
 */
export function userNameKey(name: string, table: Confusables): string {
  const visible = name.normalize('NFKC').replace(INVISIBLE, '');
  const lower = looks(foldCase(visible), table);
  const upper = looks(lower.toUpperCase(), table);
  const key = foldCase(looks(foldCase(upper), table));
  return key.normalize('NFC').replace(SPACES, ' ').trim();
}

/** Bumped whenever userNameKey changes: accounts keyed by an older version get their key again at start. */
export const USER_NAME_KEY_VERSION = 2;

/** The name deleted accounts show: no member may take it, or anything that looks like it. */
export function isReservedUserName(name: string, table: Confusables): boolean {
  return userNameKey(name, table) === userNameKey(DELETED_USER_NAME, table);
}
