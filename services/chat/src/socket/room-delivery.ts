/**
 * How a room's events reach its sockets (README.md#delivery): at most one frame per room per tick.
 * The first event of a quiet room goes at once, as itself; events that follow within the tick wait for
 * its end and go together as ONE `batch` frame, `[[event, payload], ...]` in order, which the page
 * socket unpacks (packages/frontend-kit/src/page-socket.ts). Measured on 2 cores with 4,000 sockets
 * in a room at 20 posts/s: one emit per post cost 12.2 µs per delivery, p99 598 ms; a frame per
 * 250 ms tick cost 4.0 µs, p99 332 ms. A frame is encoded once for every socket of the pod.
 *
 * With several pods, the frames of the other pods join this pod's next frame (room-relay.ts): a socket
 * receives one frame per tick whatever the number of pods, and each pod writes ONE stream entry per
 * room per tick, with only its own events.
 *
 * Mutes: an event alone leaves out the author's muters (`except`), as before; a batch is one frame
 * for the whole room, so the client hides the messages of authors its member muted (it knows them from
 * the join's answer and `mutes:changed`), as it already does for the history it holds.
 */
import { activeTraceContext, carriesTrace, SpanKind, traced, type TraceContext } from '@civic/service-kit';
import type { Server } from 'socket.io';
import { mutingRoom } from './handshake.js';
import { KeyedPacer } from './pacing.js';
import { BATCH_EVENT, laterOffset, type RoomRelay } from './room-relay.js';

/** One server event of a room, with the author whose muters an event sent alone leaves out. */
export interface RoomEvent {
  event: string;
  payload: unknown;
  author?: string;
  /** The trace of the action that caused it, when traced: a batch sent later continues it. */
  trace?: TraceContext;
  /** Set on another pod's events: the stream entry that carried them here (room-relay.ts). */
  relayedIn?: string;
}

/** The content of a `batch` frame. */
export type BatchFrame = [event: string, payload: unknown][];

/** The frame of a room's waiting events: one event alone as itself, several as one batch (pure). */
export function frameOf(events: readonly RoomEvent[]): { event: string; payload: unknown; except?: string } {
  if (events.length === 1) {
    const [only] = events as [RoomEvent];
    return { event: only.event, payload: only.payload, ...(only.author ? { except: mutingRoom(only.author) } : {}) };
  }
  return { event: BATCH_EVENT, payload: batchOf(events) };
}

const batchOf = (events: readonly RoomEvent[]): BatchFrame => events.map(({ event, payload }) => [event, payload]);

export class RoomDelivery {
  private readonly pacer: KeyedPacer<RoomEvent[], RoomEvent[]>;
  /** With several pods: frames go out in the order they were made, each after its publication. */
  private sending: Promise<void> = Promise.resolve();

  constructor(
    private readonly io: Server,
    tickMs: number,
    private readonly relay?: RoomRelay,
  ) {
    this.pacer = new KeyedPacer<RoomEvent[], RoomEvent[]>({
      intervalMs: tickMs,
      // The room's waiting events, in order.
      add: (pending, events) => {
        if (!pending) return [...events];
        pending.push(...events);
        return pending;
      },
      flush: (room, events) => {
        const traces = events.flatMap((event) => (event.trace ? [event.trace] : []));
        // A batch goes from a timer, outside the actions' traces: its span continues the first and
        // links the others, so the relay to the other pods carries a trace still.
        if (traces.length === 0 || carriesTrace(activeTraceContext())) this.deliver(room, events);
        else void traced('chat room batch', { kind: SpanKind.PRODUCER, from: traces[0], alsoFrom: traces.slice(1), attributes: { 'socket.io.room': room, 'chat.batch.events': events.length } }, async () => this.deliver(room, events));
      },
    });
    relay?.onFrame((room, frame, offset) => {
      const trace = activeTraceContext();
      this.pacer.offer(
        room,
        frame.map(([event, payload]) => ({ event, payload, relayedIn: offset ?? '', ...(carriesTrace(trace) ? { trace } : {}) })),
      );
    });
  }

  /** Sends `event` to every socket of `room` on every pod, alone or in the room's next batch. */
  send(room: string, event: string, payload: unknown, author?: string): void {
    const trace = activeTraceContext();
    this.pacer.offer(room, [{ event, payload, ...(author ? { author } : {}), ...(carriesTrace(trace) ? { trace } : {}) }]);
  }

  /** Sends what waits, now (on shutdown, before the transports close). */
  flushAll(): void {
    this.pacer.stop();
  }

  /**
   * One frame to this pod's sockets of the room. Alone, a pod sends it through the adapter. With
   * others, it first publishes its own events for them (one stream entry), then sends the frame to its
   * own sockets only, carrying the latest stream offset it holds so that a socket that drops is
   * recovered from there (room-relay.ts).
   */
  private deliver(room: string, events: RoomEvent[]): void {
    const frame = frameOf(events);
    const target = (local: boolean) => {
      const to = (local ? this.io.local : this.io).to(room);
      return frame.except ? to.except(frame.except) : to;
    };
    if (!this.relay) {
      target(false).emit(frame.event, frame.payload);
      return;
    }
    const relay = this.relay;
    const own = events.filter((event) => event.relayedIn === undefined);
    const received = events.reduce<string | undefined>((latest, event) => laterOffset(latest, event.relayedIn || undefined), undefined);
    const published = own.length > 0 ? traced('chat room relay', { kind: SpanKind.PRODUCER, attributes: { 'socket.io.room': room } }, () => relay.publish(room, batchOf(own))) : Promise.resolve(undefined);
    this.sending = this.sending
      .then(() => published)
      .catch(() => undefined) // Redis away: this pod's sockets still get the frame
      .then((offset) => {
        const latest = laterOffset(offset, received);
        if (latest) target(true).emit(frame.event, frame.payload, latest);
        else target(true).emit(frame.event, frame.payload);
      });
  }
}
