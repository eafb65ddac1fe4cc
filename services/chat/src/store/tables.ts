import { qualifiedTables } from '@civic/service-kit';
import { SCHEMA } from './prisma.js';

/** Schema-qualified table names for raw SQL. */
export const tables = qualifiedTables(SCHEMA, { member: 'member', cycle: 'cycle', room: 'room', message: 'message', mute: 'mute' });
