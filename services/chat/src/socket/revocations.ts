/**
 * Identity's revocations on open sockets: every instance hears every revocation and disconnects its
 * own sockets of the member whose token is now denied.
 */
import type { RevocationList } from '@civic/service-kit';
import type { FastifyBaseLogger } from 'fastify';
import type { Server } from 'socket.io';
import { userRoom, type ChatSocket } from './handshake.js';

/**
 * Disconnects the sockets whose token a revocation denies, as revocations come in; returns what
 * stops following them. socket.io's own disconnect is not recoverable: a client that comes back
 * connects afresh, with the token it holds then.
 */
export function disconnectOnRevocation(io: Server, revocations: RevocationList, log: FastifyBaseLogger): () => void {
  return revocations.onRevocation(({ userId }) => {
    const namespace = io.of('/');
    let disconnected = 0;
    for (const id of [...(namespace.adapter.rooms.get(userRoom(userId)) ?? [])]) {
      const socket = namespace.sockets.get(id) as ChatSocket | undefined;
      const user = socket?.data.user;
      if (socket && user && revocations.denies(user)) {
        socket.disconnect(true);
        disconnected += 1;
      }
    }
    if (disconnected > 0) log.info({ userId, sockets: disconnected }, 'sockets of a revoked token disconnected');
  });
}
