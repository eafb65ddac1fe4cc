/**
 * What a new password must not be (OWASP ASVS 5.0, V6.2): the account's own email, the local part of
 * that email or the user name, alone or inside it; or easy to guess, as a strength estimator scores it
 * (zxcvbn-ts with its common, English and French dictionaries: common and breached passwords, names,
 * words, keyboard patterns, dates, l33t substitutions). The length rule (8 to 128 characters) is the
 * routes' schema.
 */
export type PasswordRefusalKey = 'passwordTooCommon' | 'passwordMatchesAccount';

export interface PasswordOwner {
  email: string;
  userName: string;
}

/** The estimator's advice on a password, as keys the front end translates (zxcvbn's warning and suggestion keys). */
export interface PasswordFeedback {
  warning: string | null;
  suggestions: string[];
}

/** A strength estimate: zxcvbn's score from 0 (guessed at once) to 4 (very unlikely to be guessed), and why. */
export interface PasswordEstimate {
  score: number;
  feedback: PasswordFeedback;
}

export type PasswordEstimator = (password: string, userInputs: readonly string[]) => PasswordEstimate;

export type PasswordRefusal = { key: 'passwordMatchesAccount' } | { key: 'passwordTooCommon'; feedback: PasswordFeedback };

/**
 * The lowest score accepted: 3, "safely unguessable" (zxcvbn: about 10^8 guesses or more, out of
 * reach of an online attack and costly offline against argon2id). 'Passw0rd!' and 'letmein123'
 * score 1, 'correct horse battery staple' 4.
 */
export const MIN_PASSWORD_SCORE = 3;

/** Identifiers shorter than this refuse only a password equal to them: a one-letter local part must not refuse every password holding that letter. */
export const MIN_CONTAINED_LENGTH = 3;

const fold = (text: string) => text.normalize('NFKC').toLowerCase();

function accountWords({ email, userName }: PasswordOwner): string[] {
  const address = fold(email.trim());
  const name = fold(userName.trim());
  const localPart = address.slice(0, Math.max(0, address.lastIndexOf('@')));
  return [address, localPart, name, name.replace(/\s+/gu, '')].filter((word) => word !== '');
}

/** Why the password is refused for this account, or null when it may be used. */
export function passwordRefusal(password: string, owner: PasswordOwner, estimate: PasswordEstimator): PasswordRefusal | null {
  const folded = fold(password);
  const words = accountWords(owner);
  if (words.some((word) => folded === word || (word.length >= MIN_CONTAINED_LENGTH && folded.includes(word)))) return { key: 'passwordMatchesAccount' };
  const { score, feedback } = estimate(password, words);
  return score < MIN_PASSWORD_SCORE ? { key: 'passwordTooCommon', feedback } : null;
}
