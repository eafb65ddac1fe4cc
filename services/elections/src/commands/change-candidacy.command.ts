import type { CandidateTo } from '@civic/contracts';
import type { SqlExecutor } from '@civic/service-kit';
import { holdElectionLockShared } from '../store/election-lock.js';
import { CandidacyRepository } from '../store/candidacy.repository.js';

export interface CandidacyChange {
  userId: string;
  userName: string;
  candidateTo: CandidateTo;
  candidateDate: string | null;
  occurredAt: string;
}

/**
 * identity.user.candidacy-changed, inside the consumer's transaction (its inbox row): stand in the
 * month of `candidateDate`, or (null) withdraw from the role in every month still open, which removes
 * the candidate's votes there too. Months whose election closed are left as they were (a late event
 * never rewrites a result). Holds the election lock shared, so no change lands in a tally.
 */
export async function changeCandidacy(tx: SqlExecutor, change: CandidacyChange): Promise<void> {
  await holdElectionLockShared(tx);
  const candidacies = new CandidacyRepository(tx);
  await candidacies.upsertMemberName(change.userId, change.userName);
  if (change.candidateDate !== null) {
    await candidacies.insertCandidacyInOpenMonth({ userId: change.userId, role: change.candidateTo, month: change.candidateDate, appliedAt: change.occurredAt });
    return;
  }
  await candidacies.deleteVotesOnInOpenMonths(change.userId, change.candidateTo);
  await candidacies.deleteCandidaciesInOpenMonths(change.userId, change.candidateTo);
}
