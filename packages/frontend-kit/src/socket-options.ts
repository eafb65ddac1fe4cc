/**
 * How the chat panel's socket connects (pure, no React: the rehearsal's Node clients use the same).
 *
 * - WebSocket first: one long-lived connection, so it works through a balancer that spreads
 *   connections over several chat instances without sticky sessions.
 * - Long-polling only when WebSocket cannot connect at all (a proxy without upgrades):
 *   `tryAllTransports` moves on to the next transport. Long-polling sends every request of a session
 *   to the instance that holds it, so it works only where sessions are sticky (or one instance).
 * - Reconnection is left on: when an instance stops, its transports close (no socket.io disconnect),
 *   the client reconnects by itself through the balancer and recovers its session.
 *
 * Pass a copy, `io(url, { ...chatSocketOptions, ... })`: socket.io writes into the options it gets,
 * and this object is frozen so a shared one fails at once instead of leaking between sockets.
 */
import type { ManagerOptions, SocketOptions } from 'socket.io-client';

export const chatSocketOptions = Object.freeze({
  path: '/socket.io',
  transports: ['websocket', 'polling'],
  tryAllTransports: true,
  // After falling back to long-polling, keep trying to move the session to WebSocket.
  upgrade: true,
  rememberUpgrade: false,
  withCredentials: true,
  forceNew: true,
  reconnection: true,
  reconnectionDelay: 1000,
  reconnectionDelayMax: 10_000,
}) satisfies Partial<ManagerOptions & SocketOptions>;
