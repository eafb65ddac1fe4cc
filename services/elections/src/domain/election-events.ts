/** The events the closing of an election implies. Pure but for the event id. */
import { ElectionClosed, type EventEnvelope } from '@civic/contracts';
import { newEvent } from '@civic/service-kit';
import type { Officials } from './tally.js';

export interface ClosedElection {
  electionId: string;
  month: string;
  elected: Officials;
  removed: Officials;
}

/** One election closed: who was elected to each role and who lost a role they held. */
export const electionClosed = (closed: ClosedElection, at: Date): EventEnvelope =>
  newEvent(ElectionClosed, { electionId: closed.electionId, month: closed.month, elected: closed.elected, removed: closed.removed }, at);
