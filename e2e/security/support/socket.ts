/**
 * socket.io clients of the chat through the gateway, opened as the browser's chat panel opens them:
 * path /socket.io over websocket, the caller's session cookies (the chat reads the access cookie
 * when the handshake carries no `auth.token`) and the site's own Origin (the gateway's socket
 * origin guard refuses another one). Each caller speaks from its own loopback address.
 */
import type { ChatAck, ErrorBody } from '@civic/contracts';
import { io, type ManagerOptions, type Socket, type SocketOptions } from 'socket.io-client';
import type { Client } from './http.js';

export type { Socket };

/** Connects as the client's session (none for a visitor), from `localAddress`. */
export async function connectChat(baseUrl: string, localAddress: string, client: Client | null): Promise<Socket> {
  const headers: Record<string, string> = { origin: new URL(baseUrl).origin };
  if (client && client.cookies.size > 0) headers.cookie = [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  // engine.io-client hands `localAddress` to the `ws` socket in Node, though its types leave it out.
  const options: Partial<ManagerOptions & SocketOptions> & { localAddress: string } = {
    path: '/socket.io',
    transports: ['websocket'],
    extraHeaders: headers,
    localAddress,
    forceNew: true,
    reconnection: false,
    timeout: 10_000,
  };
  const socket = io(baseUrl, options);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', (error) => reject(new Error(`the chat socket from ${localAddress} did not connect through the gateway: ${error.message}`)));
  });
  return socket;
}

/** Emits and waits for the acknowledgement (a payload of `undefined` sends none). */
export function emit<T = unknown>(socket: Socket, event: string, payload?: unknown): Promise<ChatAck<T>> {
  const timed = socket.timeout(5000);
  return (payload === undefined ? timed.emitWithAck(event) : timed.emitWithAck(event, payload)) as Promise<ChatAck<T>>;
}

export const isAckOk = <T>(ack: ChatAck<T>): ack is { ok: true; data: T } => typeof ack === 'object' && ack !== null && 'ok' in ack && ack.ok === true;

/** The error shape of docs/product.md#errors: `{ statusCode, statusMessage, data? }` and nothing else (no `ok`). */
export function isErrorAck(ack: unknown): ack is ErrorBody {
  if (typeof ack !== 'object' || ack === null || 'ok' in ack) return false;
  const body = ack as Record<string, unknown>;
  return typeof body.statusCode === 'number' && typeof body.statusMessage === 'string' && Object.keys(body).every((key) => ['statusCode', 'statusMessage', 'data'].includes(key));
}

/** An acknowledgement in a line of a report. */
export function describeAck(ack: unknown): string {
  if (isAckOk(ack as ChatAck<unknown>)) return 'ok';
  const text = JSON.stringify(ack) ?? String(ack);
  return text.length > 200 ? `${text.slice(0, 200)}…` : text;
}
