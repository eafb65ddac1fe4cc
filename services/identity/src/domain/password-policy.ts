/**
 * What a new password must not be (OWASP ASVS 5.0, V6.2): one of the commonest breached passwords,
 * or the account's own email, the local part of that email or the user name, alone or inside it.
 * The length rule (8 to 128 characters) is the routes' schema.
 */
export type PasswordRefusal = 'passwordTooCommon' | 'passwordMatchesAccount';

export interface PasswordOwner {
  email: string;
  userName: string;
}

/** Identifiers shorter than this refuse only a password equal to them: a one-letter local part must not refuse every password holding that letter. */
export const MIN_CONTAINED_LENGTH = 3;

const fold = (text: string) => text.normalize('NFKC').toLowerCase();

/** How the common-password list is compared: its entries are folded the same way. */
export const foldCommonPassword = fold;

function accountWords({ email, userName }: PasswordOwner): string[] {
  const address = fold(email.trim());
  const name = fold(userName.trim());
  const localPart = address.slice(0, Math.max(0, address.lastIndexOf('@')));
  return [address, localPart, name, name.replace(/\s+/gu, '')].filter((word) => word !== '');
}

/** Why the password is refused for this account, or null when it may be used. */
export function passwordRefusal(password: string, owner: PasswordOwner, commonPasswords: ReadonlySet<string>): PasswordRefusal | null {
  const folded = fold(password);
  if (commonPasswords.has(folded)) return 'passwordTooCommon';
  const matches = accountWords(owner).some((word) => folded === word || (word.length >= MIN_CONTAINED_LENGTH && folded.includes(word)));
  return matches ? 'passwordMatchesAccount' : null;
}
