import { readFileSync } from 'node:fs';
import { foldCommonPassword } from '../domain/password-policy.js';

/** data/common-passwords.txt of the service (its source is in data/README.md), from src/ or dist/ alike. */
const LIST = new URL('../../data/common-passwords.txt', import.meta.url);

let loaded: ReadonlySet<string> | null = null;

/** The commonest breached passwords, folded as the policy compares them; read once. */
export function commonPasswords(): ReadonlySet<string> {
  loaded ??= new Set(
    readFileSync(LIST, 'utf8')
      .split('\n')
      .map((line) => foldCommonPassword(line.trim()))
      .filter((line) => line !== ''),
  );
  return loaded;
}
