import { quoteIdent } from '@civic/service-kit';
import { SCHEMA } from './prisma.js';

/** Schema-qualified table names for raw SQL. */
export const tables = {
  member: `${quoteIdent(SCHEMA)}."member"`,
  cycle: `${quoteIdent(SCHEMA)}."cycle"`,
  room: `${quoteIdent(SCHEMA)}."room"`,
  message: `${quoteIdent(SCHEMA)}."message"`,
  mute: `${quoteIdent(SCHEMA)}."mute"`,
} as const;
