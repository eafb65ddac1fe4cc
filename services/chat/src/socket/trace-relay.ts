/**
 * The trace of a broadcast across pods (docs/architecture.md#tracing). The Redis streams adapter
 * relays a broadcast to the other pods without the trace it belongs to; wrapped here, a relayed
 * broadcast carries the W3C context beside its packet (`trace`), and each pod that delivers it to its
 * own sockets does so in a CONSUMER span of that trace. Clients never see the field: the adapter
 * hands them the packet alone. With tracing off the adapter is left as it is.
 */
import { contextFromCarrier, currentTraceCarrier, SpanKind, traced, tracingEnabled, type TraceCarrier } from '@civic/service-kit';

/** socket.io-adapter's MessageType.BROADCAST (the adapter package is not a dependency of its own here). */
const BROADCAST = 3;

interface RelayedMessage {
  uid: string;
  type: number;
  data?: { packet?: unknown; opts?: { rooms?: unknown }; trace?: TraceCarrier };
}

/** What the wrapper reaches of a cluster adapter: its protected publish and receive steps. */
interface ClusterSteps {
  uid: string;
  doPublish(message: RelayedMessage): Promise<unknown>;
  onMessage(message: RelayedMessage, offset?: string): void;
}

/** Wraps the adapter factory of `createAdapter` (the same factory when tracing is off). */
export function relayTraceContext<Nsp, A extends object>(factory: (nsp: Nsp) => A): (nsp: Nsp) => A {
  if (!tracingEnabled()) return factory;
  // A function, not an arrow: socket.io calls the factory with `new`, which returns the object made.
  return function tracedAdapter(nsp: Nsp): A {
    const adapter = factory(nsp);
    const steps = adapter as unknown as ClusterSteps;
    const publish = steps.doPublish.bind(adapter);
    const receive = steps.onMessage.bind(adapter);
    steps.doPublish = (message) => {
      const trace = message.type === BROADCAST && message.data ? currentTraceCarrier() : null;
      return publish(trace ? { ...message, data: { ...message.data, trace } } : message);
    };
    steps.onMessage = (message, offset) => {
      const trace = message.type === BROADCAST ? message.data?.trace : undefined;
      // A pod reads its own messages back from the stream and skips them: no span for those.
      if (!trace || message.uid === steps.uid) return receive(message, offset);
      const rooms = Array.isArray(message.data?.opts?.rooms) ? message.data.opts.rooms.join(',') : '';
      void traced('socket.io relay deliver', { kind: SpanKind.CONSUMER, from: contextFromCarrier(trace), attributes: { 'messaging.system': 'redis', 'socket.io.rooms': rooms } }, async () =>
        receive(message, offset),
      );
    };
    return adapter;
  };
}
