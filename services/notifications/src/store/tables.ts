import { qualifiedTableFragments, quoteIdent, raw } from '@civic/service-kit';
import { SCHEMA } from './prisma.js';

/** Schema-qualified tables as fragments for tagged SQL: sql`SELECT … FROM ${tables.alert} a`. */
export const tables = qualifiedTableFragments(SCHEMA, {
  alert: 'alert',
  broadcast: 'broadcast_alert',
  broadcastTotal: 'broadcast_total',
  mark: 'broadcast_mark',
  counter: 'unread_counter',
  member: 'member',
  document: 'document',
  follow: 'follow',
  preference: 'follow_preference',
});

/**
 * The sequence of alert ids, shared with broadcast_alert (one id space for a member's page), as the
 * regclass literal `nextval` takes: sql`nextval(${sequences.alertIds})`.
 */
export const sequences = {
  alertIds: raw(`'${quoteIdent(SCHEMA)}.${quoteIdent('alert_id_seq')}'`),
};
