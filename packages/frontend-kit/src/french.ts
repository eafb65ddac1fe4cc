/**
 * French elision: "de" before a word that starts with a vowel sound becomes "d’" ("le message
 * d’Alice", "l’élection d’avril 2026"), which a message with "de {name}" cannot do itself. Messages
 * take the result as a value of its own (`{ofName}`), English ones keep `{name}`.
 */
const vowelStart = /^[aàâäeéèêëiîïoôöuùûüyæœ]/iu;

/** "d’Alice", "d’avril 2026", "de Bob": "de" and `word`, elided before a vowel. An h is left as it is ("de Hugo"). */
export function frenchOf(word: string): string {
  return vowelStart.test(word.trim()) ? `d’${word.trim()}` : `de ${word.trim()}`;
}
