import { Role, type CycleSummary } from '@civic/contracts';
import { requireUser } from '@civic/service-kit';
import type { FastifyRequest } from 'fastify';
import type { ProposalLimits } from '../commands/proposal-access.js';
import type { LawPdfDeps } from '../commands/render-law-pdf.command.js';
import type { CommandDeps } from '../commands/unit-of-work.js';
import type { Voter } from '../commands/vote-access.js';
import type { Caller } from '../domain/proposal-rules.js';
import { startRuleMet, type StartThresholds } from '../domain/start-rule.js';
import type { ArticleVoteRepository } from '../store/article-vote.repository.js';
import type { CitizenRepository } from '../store/citizen.repository.js';
import type { LawViewRepository } from '../store/law-view.repository.js';
import type { LawRepository } from '../store/law.repository.js';
import type { SourceRepository } from '../store/source.repository.js';
import type { CycleRepository, CycleRow } from '../store/cycle.repository.js';
import type { ProposalRepository } from '../store/proposal.repository.js';
import type { VoteRepository } from '../store/vote.repository.js';
import type { DecisionsLive } from '../live/decisions-live.js';

/** What the routes read through (repositories) and what their commands need (the database, the clock, the limits). */
export interface DecisionsContext extends CommandDeps {
  citizens: CitizenRepository;
  cycles: CycleRepository;
  proposals: ProposalRepository;
  votes: VoteRepository;
  laws: LawRepository;
  lawViews: LawViewRepository;
  sources: SourceRepository;
  articleVotes: ArticleVoteRepository;
  /** Archived laws' PDFs: kept renders, the renderer, the render limit and this replica's render turns. */
  pdf: LawPdfDeps;
  thresholds: StartThresholds;
  limits: ProposalLimits;
  /** Told what changed once a command committed, it pushes the topic's figures (docs/live.md#decisions-topics). */
  live: DecisionsLive;
}

/** The voter of a ballot: the token now, the caller as this service knows them only if a refusal needs it. */
export function voterOf(request: FastifyRequest, context: DecisionsContext): Voter {
  const user = requireUser(request);
  return { id: user.id, verified: user.verified, caller: () => callerOf(request, context) };
}

/**
 * The logged-in caller as this service knows them: the token, refined by identity's events
 * (verified since the token was issued, suspended, elected moderator).
 */
export async function callerOf(request: FastifyRequest, context: DecisionsContext): Promise<Caller> {
  const user = requireUser(request);
  const standing = await context.citizens.standing(user.id);
  const now = context.clock();
  return {
    id: user.id,
    verified: user.verified || (standing?.verified ?? false),
    moderator: user.role === Role.Moderator || (standing?.moderator ?? false),
    scribe: user.role === Role.Scribe || (standing?.scribe ?? false),
    suspended: standing?.suspendedUntil ? standing.suspendedUntil.getTime() > now.getTime() : false,
  };
}

/**
 * The reader of an answer, whose permitted actions it carries (domain/permitted-actions.ts): the
 * logged-in caller as this service knows them, or null for a visitor. One read of the caller per
 * request, never per item.
 */
export async function viewerOf(request: FastifyRequest, context: DecisionsContext): Promise<Caller | null> {
  return request.user ? callerOf(request, context) : null;
}

export function summarize(cycle: CycleRow, proposals: number, verifiedUsers: number, thresholds: StartThresholds, now: Date): CycleSummary {
  const phaseEndsAt = cycle.phaseEndsAt?.toISOString() ?? null;
  return {
    id: cycle.id,
    number: cycle.number,
    phase: cycle.phase,
    phaseStartedAt: cycle.phaseStartedAt.toISOString(),
    extensions: cycle.extensions,
    proposals,
    serverTime: now.toISOString(),
    phaseEndsAt,
    nextStepAt: phaseEndsAt,
    startRule: {
      verifiedUsers,
      proposals,
      requiredUsers: thresholds.verifiedUsers,
      requiredProposals: thresholds.proposals,
      met: startRuleMet({ verifiedUsers, proposals }, thresholds),
    },
  };
}

/** Summaries of several cycles with one count query. */
export async function summaries(context: DecisionsContext, cycles: CycleRow[]): Promise<CycleSummary[]> {
  const [counts, verifiedUsers] = await Promise.all([context.cycles.proposalCounts(cycles.map((cycle) => cycle.id)), context.cycles.verifiedUsers()]);
  const now = context.clock();
  return cycles.map((cycle) => summarize(cycle, counts.get(cycle.id) ?? 0, verifiedUsers, context.thresholds, now));
}
