import type { FastifyBaseLogger } from 'fastify';
import { LIVE_UPDATE_SUBJECT, type LiveTopic, type LiveUpdate } from '@civic/contracts';
import type { EventBus } from './nats.js';

export interface LivePublisherOptions {
  bus: EventBus;
  log: FastifyBaseLogger;
  /**
   * Reads a topic's current figures, whole (one query): the update replaces what a page shows, so
   * a lost or superseded update is repaired by the next one. null: nothing to publish.
   */
  read(topic: LiveTopic): Promise<{ kind: string; data: unknown } | null>;
  /** Changes of one topic are published together at most this often (LIVE_FIGURES_INTERVAL_MS, 1000). */
  intervalMs?: number;
  clock?: () => number;
}

/**
 * Publishes live figures (docs/live.md): a command that changed a figure marks its topic, and at most
 * once per interval the topic's figures are read once and published on NATS core, where every chat
 * instance hands them to the sockets that watch the topic. However many votes arrive, a topic costs
 * one read and one message per interval on each replica; chat coalesces the replicas' updates
 * to one per second per topic. Not JetStream: a lost update is only a late figure, which the next
 * update or a page's reconnection repairs.
 */
export class LivePublisher {
  private readonly dirty = new Set<LiveTopic>();
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> | null = null;
  private lastFlush = Number.NEGATIVE_INFINITY;
  private stopped = false;

  constructor(private readonly options: LivePublisherOptions) {}

  /** The topic's figures changed (after the change committed). */
  changed(topic: LiveTopic): void {
    if (this.stopped) return;
    this.dirty.add(topic);
    this.schedule();
  }

  /** Publishes a topic's figures given whole, at once (a phase change: its answer is already at hand). */
  publish(topic: LiveTopic, kind: string, data: unknown): void {
    const update: LiveUpdate = { topic, kind, data, at: new Date(this.now()).toISOString() };
    try {
      this.options.bus.nc.publish(this.options.bus.subject(LIVE_UPDATE_SUBJECT), JSON.stringify(update));
    } catch (error) {
      this.options.log.warn({ err: error, topic }, 'could not publish a live update');
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.flushing;
  }

  private now(): number {
    return this.options.clock?.() ?? Date.now();
  }

  /** One flush at a time, each at least an interval after the previous one published. */
  private schedule(): void {
    if (this.timer || this.flushing || this.stopped || this.dirty.size === 0) return;
    const wait = Math.max(0, this.lastFlush + (this.options.intervalMs ?? 1000) - this.now());
    this.timer = setTimeout(() => {
      this.timer = null;
      this.flushing = this.flush().finally(() => {
        this.flushing = null;
        this.schedule();
      });
    }, wait);
    this.timer.unref?.();
  }

  private async flush(): Promise<void> {
    const topics = [...this.dirty];
    this.dirty.clear();
    for (const topic of topics) {
      try {
        const figures = await this.options.read(topic);
        if (figures) this.publish(topic, figures.kind, figures.data);
      } catch (error) {
        this.options.log.warn({ err: error, topic }, 'could not read live figures');
      }
    }
    // Counted from the publication, not the read's start: a slow read never brings two updates closer.
    this.lastFlush = this.now();
  }
}
