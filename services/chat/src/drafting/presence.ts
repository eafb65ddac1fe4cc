/**
 * Who is on a law's drafting page (docs/co-drafting.md#presence): every socket in the law's drafting
 * room, on every pod (socket.io's fetchSockets asks the other pods through the Redis adapter), once
 * per member, with what they edit. Sent to the room whenever it changes, and in `draft:here`'s answer.
 */
import { draftRooms, initialsOf, type DraftPresence, type DraftPresent } from '@civic/contracts';
import type { Server } from 'socket.io';
import type { SocketData } from '../socket/handshake.js';
import type { MemberRepository } from '../store/member.repository.js';

type Drafting = NonNullable<SocketData['drafting']>;

/**
 * Presence from the sockets' data, pure: one entry per member (the editing of the socket that said
 * `draft:here` last), by name. `names` are the member projection's, the token's name otherwise.
 */
export function presenceFrom(lawId: string, sockets: readonly Pick<SocketData, 'user' | 'drafting'>[], names: ReadonlyMap<string, string>): DraftPresence {
  const newest = new Map<string, { tokenName: string; drafting: Drafting }>();
  for (const { user, drafting } of sockets) {
    if (!user || !drafting || drafting.lawId !== lawId) continue;
    const seen = newest.get(user.id);
    if (!seen || drafting.at >= seen.drafting.at) newest.set(user.id, { tokenName: user.name ?? '', drafting });
  }
  const present: DraftPresent[] = [...newest].map(([userId, { tokenName, drafting }]) => {
    const name = names.get(userId) || tokenName || 'Citizen';
    return { userId, name, initials: initialsOf(name), editing: drafting.editing };
  });
  present.sort((a, b) => a.name.localeCompare(b.name, 'fr') || a.userId.localeCompare(b.userId));
  return { lawId, present };
}

/** Everyone on the law's drafting page now, across the pods. */
export async function presenceOf(io: Server, members: MemberRepository, lawId: string): Promise<DraftPresence> {
  const sockets = await io.in(draftRooms.law(lawId)).fetchSockets();
  const data = sockets.map((socket) => socket.data as SocketData);
  const userIds = [...new Set(data.flatMap((entry) => (entry.user && entry.drafting?.lawId === lawId ? [entry.user.id] : [])))];
  return presenceFrom(lawId, data, await members.names(userIds));
}

/** Tells the law's drafting page, on every pod, who is there now; answers it. */
export async function announcePresence(io: Server, members: MemberRepository, lawId: string): Promise<DraftPresence> {
  const presence = await presenceOf(io, members, lawId);
  io.to(draftRooms.law(lawId)).emit('draft:presence', presence);
  return presence;
}
