import { randomUUID } from 'node:crypto';
import { addMonths, electionInstant, latestDueElection, monthKey, monthStart, monthsToClose, parseMonth, type ElectionTime } from '../domain/calendar.js';
import { electionClosed, type ClosedElection } from '../domain/election-events.js';
import { noOfficials, officialsAfter, tallyElection, type Officials, type Seats } from '../domain/tally.js';
import { holdElectionLockExclusive } from '../store/election-lock.js';
import { ElectionRepository } from '../store/election.repository.js';
import { unitOfWork, type CommandDeps } from './unit-of-work.js';

/**
 * The monthly election job's work: one transaction that takes the election lock (exclusive), then
 * reads the closed elections afresh and closes every election due, oldest first (domain/calendar
 * monthsToClose), each tallied (domain/tally) and stored with its event. Two replicas ticking at once
 * close each election (and write its event) exactly once.
 */
export async function closeDueElections(deps: CommandDeps & { time: ElectionTime; seats: Seats }): Promise<ClosedElection[]> {
  const { time, seats } = deps;
  return unitOfWork(
    deps.db,
    async (tx, events) => {
      await holdElectionLockExclusive(tx);
      const now = deps.clock();
      const elections = new ElectionRepository(tx);
      const last = await elections.lastClosedMonth();
      const earliest = last ? null : await elections.earliestCandidacyMonth();
      const offices = monthsToClose(last ? parseMonth(last) : null, earliest ? parseMonth(earliest) : null, latestDueElection(now, time));
      if (offices.length === 0) return [];

      let previous: Officials = last ? await elections.officialsInOffice(last) : noOfficials();
      const closed: ClosedElection[] = [];
      for (const office of offices) {
        // The candidacies of the month before the office are tallied.
        const candidacyMonth = monthStart(addMonths(office, -1));
        const figures = await elections.figuresOf(candidacyMonth);
        const voters = await elections.votersOf(candidacyMonth);
        const names = new Map(figures.map((row) => [row.userId, row.userName ?? '']));
        const tally = tallyElection(figures, seats, previous);
        const outcome: ClosedElection = { electionId: randomUUID(), month: monthKey(office), elected: tally.elected, removed: tally.removed };
        await elections.insertElection({ id: outcome.electionId, month: outcome.month, candidacyMonth, scheduledAt: electionInstant(office, time), closedAt: now, seats, voters });
        for (const [role, candidates] of tally.ranked) {
          for (const candidate of candidates) await elections.insertResult(outcome.electionId, role, candidate, names.get(candidate.userId) ?? '');
        }
        events.push(electionClosed(outcome, now));
        closed.push(outcome);
        previous = officialsAfter(previous, outcome.elected);
      }
      return closed;
    },
    { timeout: 120_000, maxWait: 30_000 },
  );
}
