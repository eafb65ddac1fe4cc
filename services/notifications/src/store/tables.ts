import { qualifiedTables } from '@civic/service-kit';
import { SCHEMA } from './prisma.js';

/** Schema-qualified table names for raw SQL. */
export const tables = qualifiedTables(SCHEMA, {
  alert: 'alert',
  counter: 'unread_counter',
  member: 'member',
  document: 'document',
  follow: 'follow',
  preference: 'follow_preference',
});
