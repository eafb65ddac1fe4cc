import { DELETED_USER_NAME } from './anonymization.js';

/** Characters that show nothing: format controls (zero-width, direction marks, soft hyphen) and other default-ignorables. */
const INVISIBLE = /[\p{Cf}\p{Default_Ignorable_Code_Point}]/gu;
/** Any run of spaces, including the blank Braille pattern that renders as one. */
const SPACES = /[\s\u2800]+/gu;

/**
 * Letters and digits drawn like Latin letters (the commonest of Unicode's confusables), in case-folded
 * form. Only letters whose capital and small forms both imitate the same Latin letter are here, so
 * that the key stays blind to case (Greek Ν looks like N but ν like v: neither is mapped).
 */
const LOOKALIKES: Record<string, string> = {
  а: 'a', е: 'e', і: 'i', ј: 'j', к: 'k', о: 'o', р: 'p', с: 'c', у: 'y', х: 'x', ѕ: 's', һ: 'h', ԁ: 'd', ԛ: 'q', ԝ: 'w', ӏ: 'l',
  α: 'a', ι: 'i', κ: 'k', ο: 'o', ρ: 'p', χ: 'x',
  ɩ: 'i', ɡ: 'g', '0': 'o', '1': 'l', '|': 'l',
};

const unmasked = (text: string) => Array.from(text, (char) => LOOKALIKES[char] ?? char).join('');

/**
 * The key under which a user name is unique, so that a member cannot pass for another: two names are
 * the same when their keys are equal. The key is the name in NFKC, without invisible characters, with
 * lookalikes of other scripts and of digits drawn as the Latin letter they imitate, case-folded, and
 * with its spaces collapsed ('Ada  Lovelace', 'ADA LOVELACE', 'Ada\u200B Lovelace' and 'Аda Lovelace'
 * with a Cyrillic А are one name).
 */
export function userNameKey(name: string): string {
  const visible = name.normalize('NFKC').replace(INVISIBLE, '');
  // Upper then lower case folds what lower case alone keeps apart (ß and SS, final and medial sigma).
  const folded = visible.toUpperCase().toLowerCase().replaceAll('ς', 'σ');
  return unmasked(folded).replaceAll('rn', 'm').normalize('NFKC').replace(SPACES, ' ').trim();
}

/** The name deleted accounts show: no member may take it, or anything that looks like it. */
export function isReservedUserName(name: string): boolean {
  return userNameKey(name) === userNameKey(DELETED_USER_NAME);
}
