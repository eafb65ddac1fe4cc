import { candidacyMonthOfElectionId, liveTopics, type ElectionCandidatesUpdate, type ElectionList, type LiveTopic } from '@civic/contracts';
import { LivePublisher, type EventBus } from '@civic/service-kit';
import type { FastifyBaseLogger } from 'fastify';
import { schedule, type ElectionsContext } from '../routes/context.js';

/** What the live topics of this service read: the same figures as the public calls, one query each. */
export type LiveFiguresContext = Pick<ElectionsContext, 'candidacies' | 'elections' | 'time' | 'seats' | 'clock'>;

/**
 * The elections' live topics (docs/live.md#elections-topics-and-the-shell):
 * - `election:<open election id>` (kind `candidates`): every candidate of the open month with their
 *   totals, all roles, as GET /api/candidates/{type} answers them; marked after a vote and a candidacy change.
 * - `elections` (kind `elections`): the answer of GET /api/elections; marked when an election closes
 *   (the list and the schedule, hence the open month, move on).
 * Only public figures: a member's own votes never travel on a topic.
 */
export async function readLiveFigures(context: LiveFiguresContext, topic: LiveTopic): Promise<{ kind: string; data: unknown } | null> {
  if (topic === liveTopics.elections) {
    const data: ElectionList = { elections: await context.elections.list(), schedule: schedule(context) };
    return { kind: 'elections', data };
  }
  const candidacyMonth = topic.startsWith('election:') ? candidacyMonthOfElectionId(topic.slice('election:'.length)) : null;
  if (!candidacyMonth) return null;
  const data: ElectionCandidatesUpdate = { candidacyMonth, candidates: await context.candidacies.allCandidates(candidacyMonth) };
  return { kind: 'candidates', data };
}

export function electionsLivePublisher(options: { bus: EventBus; log: FastifyBaseLogger; intervalMs: number; context: LiveFiguresContext }): LivePublisher {
  return new LivePublisher({ bus: options.bus, log: options.log, intervalMs: options.intervalMs, read: (topic) => readLiveFigures(options.context, topic) });
}
