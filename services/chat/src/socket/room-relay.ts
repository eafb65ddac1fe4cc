/**
 * A room's frames across pods (README.md#delivery). Each pod publishes the events it produced for a
 * room as ONE `batch` broadcast entry on the Redis streams adapter's stream per tick, and hands the
 * entries other pods publish to its own room delivery instead of sending them on at once: the pod
 * merges them with its own events, so a socket receives at most one frame per tick however many pods
 * post into its room. The entries stay ordinary broadcasts, so socket.io's connection-state recovery
 * replays them to a socket that comes back, on any pod, from the stream offset its last frame carried.
 */
import type { BatchFrame } from './room-delivery.js';

/** socket.io-adapter's MessageType.BROADCAST and socket.io-parser's EVENT packet type. */
const BROADCAST = 3;
const EVENT_PACKET = 2;
/** The event name of a room's frame of several events (the page socket unpacks it). */
export const BATCH_EVENT = 'batch';

interface ClusterMessage {
  uid: string;
  nsp?: string;
  type: number;
  data?: { packet?: { type?: number; data?: unknown[] }; opts?: { rooms?: unknown; except?: unknown }; requestId?: unknown };
}

/** What this module reaches of a cluster adapter: its protected publish and receive steps. */
interface ClusterSteps {
  uid: string;
  nsp: { name: string };
  publishAndReturnOffset(message: Omit<ClusterMessage, 'uid'>): Promise<string>;
  onMessage(message: ClusterMessage, offset?: string): void;
}

/** Another pod's frame for a room: its events, and the stream entry that carried them. */
export type ReceivedFrame = (room: string, frame: BatchFrame, offset: string | undefined) => void;

export class RoomRelay {
  private adapter: ClusterSteps | null = null;
  private receiver: ReceivedFrame | null = null;

  /** Wraps the adapter factory of `createAdapter`: the main namespace's adapter carries room frames. */
  wrap<Nsp, A extends object>(factory: (nsp: Nsp) => A): (nsp: Nsp) => A {
    const attach = (steps: ClusterSteps) => this.attach(steps);
    // A function, not an arrow: socket.io calls the factory with `new`, which returns the object made.
    return function roomRelayAdapter(nsp: Nsp): A {
      const adapter = factory(nsp);
      attach(adapter as unknown as ClusterSteps);
      return adapter;
    };
  }

  /** Takes the main namespace's adapter: its publish step, and the other pods' room frames it receives. */
  private attach(steps: ClusterSteps): void {
    if (steps.nsp.name !== '/') return;
    this.adapter = steps;
    const receive = steps.onMessage.bind(steps);
    steps.onMessage = (message, offset) => {
      const room = roomFrameOf(message, steps);
      if (room && this.receiver) this.receiver(room, message.data!.packet!.data![1] as BatchFrame, offset);
      else receive(message, offset);
    };
  }

  /** Where the other pods' room frames go (the room delivery). */
  onFrame(receiver: ReceivedFrame): void {
    this.receiver = receiver;
  }

  /** Publishes this pod's events of a room for the other pods, as one stream entry; answers its offset. */
  async publish(room: string, frame: BatchFrame): Promise<string | undefined> {
    if (!this.adapter) return undefined;
    return this.adapter.publishAndReturnOffset({
      type: BROADCAST,
      data: { packet: { type: EVENT_PACKET, data: [BATCH_EVENT, frame] }, opts: { rooms: [room], except: [] } },
    });
  }
}

/** The room of another pod's room frame (a `batch` broadcast to one room, with no acknowledgement), or null. */
function roomFrameOf(message: ClusterMessage, self: ClusterSteps): string | null {
  if (message.uid === self.uid || message.nsp !== self.nsp.name || message.type !== BROADCAST) return null;
  const { packet, opts, requestId } = message.data ?? {};
  if (requestId !== undefined || packet?.data?.[0] !== BATCH_EVENT || !Array.isArray(packet.data[1])) return null;
  const rooms = opts?.rooms;
  return Array.isArray(rooms) && rooms.length === 1 && typeof rooms[0] === 'string' ? rooms[0] : null;
}

/** The later of two stream offsets (`<ms>-<seq>`), either possibly missing. */
export function laterOffset(a: string | undefined, b: string | undefined): string | undefined {
  if (!a || !b) return a ?? b;
  const [aMs = 0, aSeq = 0] = a.split('-').map(Number);
  const [bMs = 0, bSeq = 0] = b.split('-').map(Number);
  return aMs > bMs || (aMs === bMs && aSeq > bSeq) ? a : b;
}
