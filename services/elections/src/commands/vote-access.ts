import { AppError } from '@civic/service-kit';
import { liveTopics, type CandidateTo, type CandidateVote } from '@civic/contracts';
import { mayVote, namesUserAndRole, type Voter } from '../domain/vote-rules.js';
import { holdElectionLockShared } from '../store/election-lock.js';
import { CandidacyRepository } from '../store/candidacy.repository.js';
import { refused, unitOfWork, type CommandDeps } from './unit-of-work.js';

/** A vote as the caller asks it: without a user or a role nothing happens. */
export interface VoteTarget {
  candidateId: string;
  userId?: string | null;
  candidateTo?: number | null;
}

/**
 * What casting and taking back a vote share: the caller (`voter`, read only when the request names
 * a user and a role) may vote for this candidate (vote-rules),
 * then, holding the election lock shared and the candidacy row so neither the monthly tally nor a
 * withdrawal happens half-way, the month is still open and the candidate stands; `write` changes the
 * vote, and once committed the open election's live figures are marked. Answers the voter's votes of
 * the month afterwards ([] when the request names no user or role).
 */
export async function changeVote(
  deps: CommandDeps,
  voter: () => Promise<Voter | null>,
  target: VoteTarget,
  month: string,
  write: (candidacies: CandidacyRepository, vote: { voterId: string; candidateId: string; role: CandidateTo; month: string }, now: Date) => Promise<void>,
): Promise<CandidateVote[]> {
  if (!namesUserAndRole(target)) return [];
  const userId = target.userId as string;
  const role = target.candidateTo as CandidateTo;
  const now = deps.clock();
  refused(mayVote(await voter(), { userId, candidateId: target.candidateId }, now, true));
  await unitOfWork(deps.db, async (tx) => {
    await holdElectionLockShared(tx);
    const candidacies = new CandidacyRepository(tx);
    if (await candidacies.monthClosed(month)) throw new AppError('updateKO', 409, { reason: 'electionClosed' });
    if (!(await candidacies.holdStanding(target.candidateId, role, month))) throw new AppError('updateKO', 404, { reason: 'notACandidate' });
    await write(candidacies, { voterId: userId, candidateId: target.candidateId, role, month }, now);
  });
  deps.live?.changed(liveTopics.openElection(month));
  return new CandidacyRepository(deps.db).votesOf(userId, month);
}
