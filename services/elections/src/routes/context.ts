import type { ElectionSchedule } from '@civic/contracts';
import type { FastifyRequest } from 'fastify';
import { candidacyMonthAt, monthStart, nextElectionAt, type ElectionTime } from '../domain/calendar.js';
import type { Seats } from '../domain/tally.js';
import type { Voter } from '../domain/vote-rules.js';
import type { LiveFigures } from '../commands/unit-of-work.js';
import type { ElectionScheduler } from '../scheduler/election.scheduler.js';
import type { CandidacyRepository } from '../store/candidacy.repository.js';
import type { ElectionRepository } from '../store/election.repository.js';
import type { MemberRepository } from '../store/member.repository.js';
import type { ElectionsPrisma } from '../store/prisma.js';

export interface ElectionsContext {
  db: ElectionsPrisma;
  members: MemberRepository;
  candidacies: CandidacyRepository;
  elections: ElectionRepository;
  time: ElectionTime;
  seats: Seats;
  clock: () => Date;
  scheduler: ElectionScheduler;
  /** Marks live topics after a command committed (docs/live.md). */
  live: LiveFigures;
}

/** 'YYYY-MM-01' of the month whose candidacies and votes are open now. */
export const openMonth = (context: Pick<ElectionsContext, 'clock' | 'time'>): string => monthStart(candidacyMonthAt(context.clock(), context.time));

export function schedule(context: Pick<ElectionsContext, 'clock' | 'time' | 'seats'>): ElectionSchedule {
  const now = context.clock();
  return {
    serverTime: now.toISOString(),
    candidacyMonth: monthStart(candidacyMonthAt(now, context.time)),
    nextElectionAt: nextElectionAt(now, context.time).toISOString(),
    timeZone: context.time.timeZone,
    seats: { ...context.seats },
  };
}

/**
 * The logged-in caller as this service knows them: the token, refined by identity's events
 * (verified since the token was issued, suspended, deleted). null for a visitor.
 */
export async function voterOf(request: FastifyRequest, context: ElectionsContext): Promise<Voter | null> {
  const user = request.user;
  if (!user) return null;
  const standing = await context.members.standing(user.id);
  return {
    id: user.id,
    verified: user.verified || (standing?.verified ?? false),
    suspendedUntil: standing?.suspendedUntil ?? null,
    deleted: standing?.deleted ?? false,
  };
}
