/**
 * What each client event does, once its payload is checked: read rooms; post and change messages and
 * mute authors through the commands (src/commands), then wake the outbox relay and broadcast. A
 * refusal throws an AppError, answered in the catalogue's error shape, and nothing is broadcast.
 */
import type { ChatAckData, ChatMessage } from '@civic/contracts';
import { AppError, type OutboxRelay } from '@civic/service-kit';
import type { Server } from 'socket.io';
import { resolveCaller, socketCaller, type ResolvedCaller } from '../caller.js';
import { roomView } from '../room-view.js';
import { deleteMessage } from '../commands/delete-message.command.js';
import { editMessage } from '../commands/edit-message.command.js';
import { hideMessage } from '../commands/hide-message.command.js';
import { roomOf, type ChangedMessage } from '../commands/message-access.js';
import { setSlowMode } from '../commands/set-slow-mode.command.js';
import { viewerSlowMode } from '../commands/slow-mode-state.js';
import { muteUser } from '../commands/mute-user.command.js';
import { pinMessage } from '../commands/pin-message.command.js';
import { postMessage } from '../commands/post-message.command.js';
import { signalMessage } from '../commands/signal-message.command.js';
import { unmuteUser } from '../commands/unmute-user.command.js';
import type { CommandDeps } from '../commands/unit-of-work.js';
import { messageView } from '../domain/message-view.js';
import type { Caller } from '../domain/permissions.js';
import { withMessageMay } from '../domain/permitted-actions.js';
import { messageViews } from '../message-views.js';
import type { MemberRepository } from '../store/member.repository.js';
import type { MessageRepository } from '../store/message.repository.js';
import type { RoomRepository } from '../store/room.repository.js';
import type { DraftAckData, Drafting } from '../drafting/drafting.js';
import { liveHandlers, type LiveAckData } from '../live/live-handlers.js';
import { isChatRoom, mutingRoom, userRoom, type ChatSocket } from './handshake.js';
import type { ClientEvent, Payload } from './payloads.js';
import type { RoomDelivery } from './room-delivery.js';
import type { ViewerMay } from './viewer-may.js';

export interface ChatContext extends CommandDeps {
  rooms: RoomRepository;
  messages: MessageRepository;
  members: MemberRepository;
  relay: OutboxRelay;
}

type AckData = ChatAckData & LiveAckData & DraftAckData;
export type Handlers = { [E in ClientEvent]: (socket: ChatSocket, payload: Payload<E>) => Promise<AckData[E]> };

/** The viewer behind a socket: null for a visitor, or a token no longer usable (reads stay open). */
export async function socketViewer(context: Pick<ChatContext, 'members' | 'clock'>, socket: ChatSocket): Promise<ResolvedCaller | null> {
  const user = socket.data.user;
  if (!user || user.expiresAt <= Date.now()) return null;
  return resolveCaller(context.members, user, context.clock()).catch(() => null);
}

/**
 * The handlers of the client events; `maxRooms` is how many chat rooms one socket may be in at once,
 * `viewers` hands each join the viewer's table, `drafting` handles live co-drafting's events.
 */
export function chatHandlers(io: Server, context: ChatContext, maxRooms: number, delivery: RoomDelivery, viewers: ViewerMay, drafting: Drafting): Handlers {
  /** The member behind a socket, or a 401 with the reason. */
  const callerOf = (socket: ChatSocket): Promise<Caller & { name: string }> => socketCaller(context.members, socket.data, context.clock());

  /**
   * The public view to the room, alone or in its next batch (room-delivery.ts: alone it skips the
   * author's muters, a batch reaches them and their panel hides it); the caller's own view, with what
   * they may do with it now, in the ack.
   */
  async function broadcast(event: 'message:new' | 'message:updated', { row, room }: ChangedMessage, viewer: Caller): Promise<ChatMessage> {
    const reply = row.replyToId ? await context.messages.byId(row.replyToId) : null;
    delivery.send(row.roomId, event, messageView(row, reply, null), row.userId);
    return withMessageMay(messageView(row, reply, viewer), viewer, { open: room.closedAt === null });
  }

  return {
    ...liveHandlers(),
    ...drafting.handlers(),

    async 'room:join'(socket, { room: name }) {
      const room = await roomOf(context.db, name);
      const joined = [...socket.rooms].filter(isChatRoom);
      if (!joined.includes(room.id) && joined.length >= maxRooms) throw new AppError('badRequest', 400, { reason: 'too-many-rooms' });
      const viewer = await socketViewer(context, socket);
      await socket.join(room.id);
      const muted = viewer ? await context.messages.mutedBy(viewer.id) : [];
      if (viewer) await socket.join([userRoom(viewer.id), ...muted.map(mutingRoom)]);
      // Counted in the room first: the slow mode told is the one its next post meets.
      const slowMode = await viewerSlowMode(context, room, viewer);
      return {
        room: { ...(await roomView(room, viewer, context.messages)), slowMode },
        muted,
        moderator: viewer?.moderator ?? false,
        userId: viewer?.id ?? null,
        mayByCase: viewers.tableFor(socket, viewer),
      };
    },

    async 'room:leave'(socket, { room }) {
      await socket.leave(room);
      return { room };
    },

    async 'message:post'(socket, payload) {
      const caller = await callerOf(socket);
      // A re-send of a post already stored (its answer was lost): the same answer, nothing new.
      const posted = await postMessage(context, caller, payload);
      if (posted.replayed) return (await messageViews(context.messages, [posted.row], caller, () => posted.room.closedAt === null))[0]!;
      context.relay.wake();
      return broadcast('message:new', posted, caller);
    },

    async 'message:edit'(socket, payload) {
      const caller = await callerOf(socket);
      const edited = await editMessage(context, caller, payload);
      context.relay.wake();
      return broadcast('message:updated', edited, caller);
    },

    async 'message:delete'(socket, { id }) {
      const caller = await callerOf(socket);
      const deleted = await deleteMessage(context, caller, id);
      context.relay.wake();
      return broadcast('message:updated', deleted, caller);
    },

    async 'message:signal'(socket, { id }) {
      const caller = await callerOf(socket);
      const signalled = await signalMessage(context, caller, id);
      context.relay.wake();
      return broadcast('message:updated', signalled, caller);
    },

    async 'message:pin'(socket, payload) {
      const caller = await callerOf(socket);
      return broadcast('message:updated', await pinMessage(context, caller, payload), caller);
    },

    async 'message:hide'(socket, payload) {
      const caller = await callerOf(socket);
      return broadcast('message:updated', await hideMessage(context, caller, payload), caller);
    },

    async 'user:mute'(socket, { userId }) {
      const caller = await callerOf(socket);
      if (await muteUser(context, caller, userId)) context.relay.wake();
      const muted = await context.messages.mutedBy(caller.id);
      io.in(userRoom(caller.id)).socketsJoin(mutingRoom(userId));
      io.to(userRoom(caller.id)).emit('mutes:changed', { muted });
      return { muted };
    },

    async 'room:slow-mode'(socket, payload) {
      const settings = await setSlowMode(context, await callerOf(socket), payload);
      // Through the adapter: every pod's sockets of the room (the row already holds it for every post).
      io.to(settings.room).emit('room:settings', settings);
      return settings;
    },

    async 'user:unmute'(socket, { userId }) {
      const caller = await callerOf(socket);
      await unmuteUser(context, caller, userId);
      const muted = await context.messages.mutedBy(caller.id);
      io.in(userRoom(caller.id)).socketsLeave(mutingRoom(userId));
      io.to(userRoom(caller.id)).emit('mutes:changed', { muted });
      return { muted };
    },
  };
}
