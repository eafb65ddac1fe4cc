import { qualifiedTableFragments } from '@civic/service-kit';
import { SCHEMA } from './prisma.js';

/** Schema-qualified tables as fragments for tagged SQL: sql`SELECT … FROM ${tables.message} m`. */
export const tables = qualifiedTableFragments(SCHEMA, {
  member: 'member',
  cycle: 'cycle',
  room: 'room',
  message: 'message',
  mute: 'mute',
  lawCreator: 'law_creator',
  draftDocument: 'draft_document',
  draftUpdate: 'draft_update',
  draftWriter: 'draft_writer',
});
