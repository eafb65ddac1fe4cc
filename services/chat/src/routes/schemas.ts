import Type from 'typebox';
import { chatRoomPattern } from '@civic/contracts';

const nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) => Type.Union([schema, Type.Null()]);
const DateTime = Type.String({ format: 'date-time' });
const Id = Type.String({ format: 'uuid' });

export const RoomParams = Type.Object({ room: Type.String({ pattern: chatRoomPattern }) });
export const HistoryQuery = Type.Object(
  { before: Type.Optional(Id), limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200 })) },
  { additionalProperties: false },
);

export const MessageSchema = Type.Object({
  id: Id,
  room: Type.String(),
  userId: Id,
  userName: Type.String(),
  text: nullable(Type.String()),
  createdAt: DateTime,
  editedAt: nullable(DateTime),
  editedByModerator: Type.Boolean(),
  replyTo: nullable(Type.Object({ id: Id, userId: Id, userName: Type.String(), excerpt: nullable(Type.String()) })),
  pin: Type.Boolean(),
  hideInChat: Type.Boolean(),
  moderationStatus: Type.Union([Type.Literal(0), Type.Literal(1)]),
  deleted: Type.Boolean(),
  deletedByModerator: Type.Boolean(),
});

export const RoomSchema = Type.Object({
  id: Type.String(),
  kind: Type.Union([Type.Literal('proposals'), Type.Literal('voting'), Type.Literal('creation'), Type.Literal('final-vote')]),
  cycleId: Id,
  lawId: nullable(Id),
  title: nullable(Type.String()),
  open: Type.Boolean(),
  openedAt: DateTime,
  closedAt: nullable(DateTime),
  pinned: Type.Array(MessageSchema),
});

export const HistorySchema = Type.Object({ messages: Type.Array(MessageSchema), nextBefore: nullable(Id) });
export const MutesSchema = Type.Object({ muted: Type.Array(Type.Object({ userId: Id, userName: Type.String() })) });
export const TrollHuntSchema = Type.Object({
  since: DateTime,
  users: Type.Array(Type.Object({ userId: Id, userName: Type.String(), mutes: Type.Integer() })),
});
export const SignalledSchema = Type.Object({ messages: Type.Array(MessageSchema) });

export const ErrorSchema = Type.Object({ statusCode: Type.Integer(), statusMessage: Type.String(), data: Type.Optional(Type.Unknown()) });

export function errors(...statuses: number[]): Record<number, typeof ErrorSchema> {
  return Object.fromEntries(statuses.map((status) => [status, ErrorSchema]));
}
