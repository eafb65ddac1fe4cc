import { decisionsLiveKinds, liveTopics, type LawChangedData, type LawVotesData, type LiveTopic } from '@civic/contracts';
import { LivePublisher, type EventBus } from '@civic/service-kit';
import type { FastifyBaseLogger } from 'fastify';
import { cycleProposalsData } from '../domain/live-figures.js';
import type { LawViewRepository } from '../store/law-view.repository.js';
import type { LiveFiguresRepository } from '../store/live-figures.repository.js';
import type { ProposalRepository } from '../store/proposal.repository.js';

export interface DecisionsLiveOptions {
  bus: EventBus;
  log: FastifyBaseLogger;
  figures: LiveFiguresRepository;
  proposals: ProposalRepository;
  lawViews: LawViewRepository;
  clock: () => Date;
  intervalMs: number;
}

/** Proposals in a vote whose cycle is known: a vote's hot path looks it up once. */
const CYCLE_CACHE_SIZE = 10_000;

/**
 * Decisions' live topics (docs/live.md#decisions-topics): the routes say what changed once its command
 * committed; the publisher reads the topic's whole public figures at most once per interval and
 * pushes them to the chat instances.
 */
export class DecisionsLive {
  private readonly publisher: LivePublisher;
  private readonly cycleOfProposal = new Map<string, string>();
  /** Laws to publish again once their reused voter count is counted afresh. */
  private readonly recounts = new Map<string, NodeJS.Timeout>();

  constructor(private readonly options: DecisionsLiveOptions) {
    this.publisher = new LivePublisher({ bus: options.bus, log: options.log, intervalMs: options.intervalMs, read: (topic) => this.read(topic) });
  }

  /** A ballot of the final vote, or a drafting change of a law in creation. */
  lawChanged(lawId: string): void {
    this.publisher.changed(liveTopics.law(lawId));
  }

  cycleChanged(cycleId: string): void {
    this.publisher.changed(liveTopics.cycle(cycleId));
  }

  /** A vote on a proposal (its cycle cached: it is fixed while the proposal is in its vote). */
  proposalVoted(proposalId: string): void {
    const known = this.cycleOfProposal.get(proposalId);
    if (known) return this.cycleChanged(known);
    void this.options.figures.cycleOfProposal(proposalId).then(
      (cycleId) => {
        if (!cycleId) return;
        if (this.cycleOfProposal.size >= CYCLE_CACHE_SIZE) this.cycleOfProposal.clear();
        this.cycleOfProposal.set(proposalId, cycleId);
        this.cycleChanged(cycleId);
      },
      (error: unknown) => this.options.log.warn({ err: error, proposalId }, 'could not find the cycle of a proposal'),
    );
  }

  /** A proposal created, edited, deleted or resubmitted: its cycle now (read afresh, a resubmission moves it). */
  proposalChanged(proposalId: string): void {
    void this.options.figures.cycleOfProposal(proposalId).then(
      (cycleId) => cycleId && this.cycleChanged(cycleId),
      (error: unknown) => this.options.log.warn({ err: error, proposalId }, 'could not find the cycle of a proposal'),
    );
  }

  /** The phases changed: `cycles` is the answer of GET /api/decisions, pushed at once. */
  phasesChanged(cycles: unknown): void {
    this.publisher.publish(liveTopics.phases, decisionsLiveKinds.phases, cycles);
  }

  stop(): Promise<void> {
    for (const timer of this.recounts.values()) clearTimeout(timer);
    this.recounts.clear();
    return this.publisher.stop();
  }

  private recountLater(lawId: string, afterMs: number): void {
    if (this.recounts.has(lawId)) return;
    const timer = setTimeout(() => {
      this.recounts.delete(lawId);
      this.lawChanged(lawId);
    }, afterMs + 10);
    timer.unref();
    this.recounts.set(lawId, timer);
  }

  private async read(topic: LiveTopic): Promise<{ kind: string; data: unknown } | null> {
    const [name, id] = topic.split(':') as [string, string | undefined];
    if (name === 'law' && id) return this.readLaw(id);
    if (name === 'cycle' && id) {
      const proposals = await this.options.proposals.list({ cycleId: id }, null);
      return { kind: decisionsLiveKinds.proposals, data: cycleProposalsData(id, proposals, this.options.clock()) };
    }
    return null;
  }

  private async readLaw(lawId: string): Promise<{ kind: string; data: unknown } | null> {
    const law = await this.options.figures.law(lawId);
    if (!law || law.deleted) return null;
    if (law.state === 'final-vote') {
      const voters = await this.options.lawViews.votersOf(lawId);
      // A reused voter count may miss the latest voters: the law is published again once it is counted afresh.
      if (voters.reusedForMs > 0) this.recountLater(lawId, voters.reusedForMs);
      const data: LawVotesData = { lawId, voters: voters.count, texts: law.texts };
      return { kind: decisionsLiveKinds.lawVotes, data };
    }
    const data: LawChangedData = { lawId, updatedAt: this.options.clock().toISOString() };
    return { kind: decisionsLiveKinds.lawChanged, data };
  }
}
