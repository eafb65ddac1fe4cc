import { qualifiedTables } from '@civic/service-kit';
import { SCHEMA } from './prisma.js';

/** Schema-qualified table names for raw SQL. */
export const tables = qualifiedTables(SCHEMA, {
  alert: 'alert',
  /** The sequence of alert ids, shared with broadcast_alert: one id space for a member's page. */
  alertIds: 'alert_id_seq',
  broadcast: 'broadcast_alert',
  broadcastTotal: 'broadcast_total',
  mark: 'broadcast_mark',
  counter: 'unread_counter',
  member: 'member',
  document: 'document',
  follow: 'follow',
  preference: 'follow_preference',
});
