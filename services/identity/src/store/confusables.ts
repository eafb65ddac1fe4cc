import { readFileSync } from 'node:fs';
import { parseConfusables, type Confusables } from '../domain/user-name.js';

/** data/confusables.txt of the service (made from Unicode's, see data/README.md), from src/ or dist/ alike. */
const TABLE = new URL('../../data/confusables.txt', import.meta.url);

let loaded: Confusables | null = null;

/** Unicode's confusable characters and their prototypes; read once. */
export function confusables(): Confusables {
  loaded ??= parseConfusables(readFileSync(TABLE, 'utf8'));
  return loaded;
}
