import { AppError } from '@civic/service-kit';
import { CycleRepository } from '../store/cycle.repository.js';
import { unitOfWork, type CommandDeps } from './unit-of-work.js';

/**
 * Test stacks only (DECISIONS_PHASE_CONTROL): moves the end of a cycle's current phase to now, so the
 * phase machine's next tick applies it as if the phase had run its length. A cycle without an end
 * (archived) or unknown is a 404.
 */
export async function endPhaseNow({ db, clock }: CommandDeps, cycleId: string): Promise<void> {
  const ended = await unitOfWork(db, async (tx) => new CycleRepository(tx).endPhaseAt(cycleId, clock()));
  if (!ended) throw new AppError('notFound', 404);
}
