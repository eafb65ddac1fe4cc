/**
 * The chat side of live topics (docs/live.md): every chat instance subscribes to the NATS core
 * subject of live updates itself and hands each topic's newest figures to its OWN sockets watching
 * it (`io.local`: through the Redis adapter, every instance would deliver it once more). Updates of
 * one topic (from several publisher replicas, or a burst) are coalesced latest-wins to at most one
 * emit per interval; an update carries whole figures, so a skipped one loses nothing.
 */
import { isLiveTopic, LIVE_UPDATE_SUBJECT, type LiveUpdate } from '@civic/contracts';
import type { EventBus } from '@civic/service-kit';
import type { FastifyBaseLogger } from 'fastify';
import type { Server } from 'socket.io';
import { KeyedPacer } from '../socket/pacing.js';
import { liveRoom } from './live-rooms.js';

/** A live update read from the wire, or null when it is not one. */
export function parseLiveUpdate(text: string): LiveUpdate | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const { topic, kind, at } = value as Record<string, unknown>;
  if (!isLiveTopic(topic) || typeof kind !== 'string' || typeof at !== 'string' || Number.isNaN(Date.parse(at)) || !('data' in value)) return null;
  return value as LiveUpdate;
}

/** The newer of two updates of a topic (replicas may publish out of order): the later `at`, the last heard on a tie. */
export const newer = (held: LiveUpdate | undefined, heard: LiveUpdate): LiveUpdate => (held && Date.parse(held.at) > Date.parse(heard.at) ? held : heard);

export interface LiveRelay {
  stop(): void;
}

export function relayLiveUpdates(io: Server, bus: EventBus, coalesceMs: number, log: FastifyBaseLogger): LiveRelay {
  const pacer = new KeyedPacer<LiveUpdate, LiveUpdate>({
    intervalMs: coalesceMs,
    add: newer,
    flush: (topic, update) => io.local.to(liveRoom(topic)).emit('live:update', update),
  });
  const subscription = bus.nc.subscribe(bus.subject(LIVE_UPDATE_SUBJECT));
  void (async () => {
    for await (const message of subscription) {
      const update = parseLiveUpdate(message.string());
      if (update) pacer.offer(update.topic.toLowerCase(), { ...update, topic: update.topic.toLowerCase() as LiveUpdate['topic'] });
      else log.warn({ subject: message.subject, size: message.data.length }, 'unreadable live update ignored');
    }
  })().catch((error: unknown) => log.error({ err: error }, 'live updates no longer followed'));
  return {
    stop() {
      pacer.stop();
      // The bus may already be closed by the app's own close: then so is the subscription.
      if (!subscription.isClosed()) subscription.unsubscribe();
    },
  };
}
