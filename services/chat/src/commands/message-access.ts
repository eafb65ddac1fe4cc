import { AppError } from '@civic/service-kit';
import type { MessageFacts, Refusal, RoomFacts } from '../domain/permissions.js';
import type { ChatPrisma } from '../store/prisma.js';
import { MessageRepository, type MessageRow } from '../store/message.repository.js';
import { RoomRepository, type RoomRow } from '../store/room.repository.js';
import { refused } from './unit-of-work.js';

/** The room, or a 404 'unknown-room'. */
export async function roomOf(db: ChatPrisma, name: string): Promise<RoomRow> {
  const room = await new RoomRepository(db).byId(name);
  if (!room) throw new AppError('notFound', 404, { reason: 'unknown-room' });
  return room;
}

/** The message and its room, or a 404 'unknown-message'. */
export async function messageOf(db: ChatPrisma, id: string): Promise<{ message: MessageRow; room: RoomRow }> {
  const message = await new MessageRepository(db).byId(id);
  if (!message) throw new AppError('notFound', 404, { reason: 'unknown-message' });
  return { message, room: await roomOf(db, message.roomId) };
}

/** The message and its room once `rule` lets the caller act on them: a 404 when missing, the rule's refusal otherwise. */
export async function permittedMessage(db: ChatPrisma, id: string, rule: (message: MessageFacts, room: RoomFacts) => Refusal | null): Promise<{ message: MessageRow; room: RoomRow }> {
  const found = await messageOf(db, id);
  refused(rule(facts(found.message), { open: found.room.closedAt === null }));
  return found;
}

/** A message a command changed, and its room (what the caller may do next depends on both). */
export interface ChangedMessage {
  row: MessageRow;
  room: RoomRow;
}

/** The facts of a message the permission rules look at. */
export const facts = (message: MessageRow) => ({ userId: message.userId, moderationStatus: message.moderationStatus, deleted: message.deletedAt !== null, hidden: message.hideInChat });
