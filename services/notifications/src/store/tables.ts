import { quoteIdent } from '@civic/service-kit';
import { SCHEMA } from './prisma.js';

/** Schema-qualified table names for raw SQL. */
export const tables = {
  alert: `${quoteIdent(SCHEMA)}."alert"`,
  counter: `${quoteIdent(SCHEMA)}."unread_counter"`,
  member: `${quoteIdent(SCHEMA)}."member"`,
} as const;
