/**
 * The viewer's table on their sockets (`mayByCase`, packages/contracts/src/chat.ts, built by
 * domain/permitted-actions.ts): in each join's answer, then again as `may:changed` whenever what
 * decides it changes while the socket is open: a suspension, its lift, a moderator role given or
 * taken (identity's events, told by the member consumers on whichever pod reads them), and a
 * suspension's end (a timer of the socket). A room closing needs no new table: the room's open state
 * is one of its columns, and `room:closed` tells the panel which rows now apply.
 */
import type { ChatMayCase } from '@civic/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Server, Socket } from 'socket.io';
import type { ResolvedCaller } from '../caller.js';
import { mayByCase } from '../domain/permitted-actions.js';
import { isChatRoom, userRoom, type ChatSocket } from './handshake.js';

/** The server-side event by which one pod tells the others that a member's standing changed. */
const STANDING_CHANGED = 'chat:standing-changed';
/** setTimeout's longest wait (a suspension lasts a day at most). */
const LONGEST_TIMER_MS = 2_147_483_647;
/** A little past the end, so that the viewer read then is no longer suspended. */
const PAST_THE_END_MS = 50;

export interface ViewerMayOptions {
  /** The viewer of a socket now, as a join reads them (null: a visitor, or a token no longer usable). */
  viewerOf: (socket: ChatSocket) => Promise<ResolvedCaller | null>;
  clock: () => Date;
  /** Whether other pods share the rooms (the Redis adapter): they are told of standing changes too. */
  shared: boolean;
  log: FastifyBaseLogger;
}

export class ViewerMay {
  private readonly timers = new WeakMap<ChatSocket, ReturnType<typeof setTimeout>>();
  private readonly followed = new WeakSet<ChatSocket>();

  constructor(
    private readonly io: Server,
    private readonly options: ViewerMayOptions,
  ) {
    if (options.shared) io.on(STANDING_CHANGED, (userId: unknown) => typeof userId === 'string' && void this.refreshLocal(userId));
  }

  /** The table of a socket's viewer (a join's answer); the socket gets it again when the viewer's suspension ends. */
  tableFor(socket: ChatSocket, viewer: ResolvedCaller | null): ChatMayCase[] {
    this.untilSuspensionEnds(socket, viewer);
    return mayByCase(viewer);
  }

  /** A member's standing changed: each of their sockets in a chat room, on every pod, gets their new table. */
  standingChanged(userId: string): void {
    if (this.options.shared) this.io.serverSideEmit(STANDING_CHANGED, userId);
    void this.refreshLocal(userId);
  }

  private async refreshLocal(userId: string): Promise<void> {
    const namespace = this.io.of('/');
    for (const id of [...(namespace.adapter.rooms.get(userRoom(userId)) ?? [])]) {
      const socket = namespace.sockets.get(id) as ChatSocket | undefined;
      if (socket && [...socket.rooms].some(isChatRoom)) await this.send(socket);
    }
  }

  private async send(socket: ChatSocket): Promise<void> {
    try {
      const viewer = await this.options.viewerOf(socket);
      if (socket.connected) (socket as unknown as Socket).emit('may:changed', { mayByCase: this.tableFor(socket, viewer) });
    } catch (error) {
      // The next join reads it again: a failed refresh only leaves the panel's actions as they were.
      this.options.log.warn({ err: error, socket: socket.id }, 'the viewer’s table could not be sent');
    }
  }

  private untilSuspensionEnds(socket: ChatSocket, viewer: ResolvedCaller | null): void {
    clearTimeout(this.timers.get(socket));
    this.timers.delete(socket);
    if (!viewer?.suspendedUntil) return;
    const wait = Math.min(LONGEST_TIMER_MS, Math.max(0, viewer.suspendedUntil.getTime() - this.options.clock().getTime()) + PAST_THE_END_MS);
    const timer = setTimeout(() => void this.send(socket), wait);
    timer.unref();
    this.timers.set(socket, timer);
    if (!this.followed.has(socket)) {
      this.followed.add(socket);
      socket.once('disconnect', () => clearTimeout(this.timers.get(socket)));
    }
  }
}
