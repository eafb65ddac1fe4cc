/**
 * Shutdown (scale-down, rolling update): new handshakes are refused and events already being handled
 * are answered; then every transport is closed without a socket.io disconnect packet, so the clients
 * see "transport close", reconnect by themselves (to another instance) and recover their session
 * (kept in Redis when shared), getting what was broadcast meanwhile.
 */
import type { ServiceApp } from '@civic/service-kit';
import type { Server } from 'socket.io';

/** Whether the socket server is closing, and the events it is answering. */
export class SocketShutdown {
  closing = false;
  private readonly inFlight = new Set<Promise<void>>();

  /** Counts `work` as being answered until it settles. */
  track(work: Promise<void>): Promise<void> {
    this.inFlight.add(work);
    return work.finally(() => this.inFlight.delete(work));
  }

  /** Closes the socket server when the app closes, after the events being handled are answered (at most `answerOnCloseMs`). */
  closeWithApp(app: ServiceApp, io: Server, answerOnCloseMs: number, beforeClose?: () => void, beforeTransportsClose?: () => void): void {
    app.addHook('preClose', async () => {
      this.closing = true;
      beforeClose?.();
      await settledWithin([...this.inFlight], answerOnCloseMs);
      beforeTransportsClose?.();
      io.engine.close();
      await Promise.resolve(io.of('/').adapter.close());
    });
  }
}

/** Waits for `work` to settle, at most `ms`. */
async function settledWithin(work: Promise<unknown>[], ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, ms);
  });
  await Promise.race([Promise.allSettled(work), deadline]);
  clearTimeout(timer);
}
