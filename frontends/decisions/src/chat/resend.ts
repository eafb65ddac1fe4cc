/**
 * Sending an event until it is answered, across reconnections (pure, no React). Only for events the
 * server applies once however often they arrive: a post carries a `clientMessageId` the server
 * stores it under, so a post sent again after its answer was lost (its instance stopped) is stored
 * and broadcast once, and the answer is the stored message.
 */
import type { Socket } from 'socket.io-client';

export interface ResendOptions {
  /** Sends at most this many times. */
  attempts?: number;
  /** How long one send waits for its answer (a send made while disconnected waits in the socket's buffer). */
  timeoutMs?: number;
}

/** Emits `event` and answers the acknowledgement; sends again when the connection drops or no answer came in time. */
export async function emitUntilAnswered<T>(socket: Socket, event: string, payload: unknown, { attempts = 3, timeoutMs = 10_000 }: ResendOptions = {}): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      // A send while disconnected is buffered by socket.io and goes out once reconnected.
      return (await socket.timeout(timeoutMs).emitWithAck(event, payload)) as T;
    } catch (error) {
      if (attempt >= attempts || !socket.active) throw error;
    }
  }
}

/** A fresh client message id, a random (version 4) uuid; `crypto.randomUUID` exists only on https pages. */
export function newClientMessageId(): string {
  const bytes = globalThis.crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
