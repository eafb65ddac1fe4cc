import { ElectionClosed } from '@civic/contracts';
import { startConsumer, type OutboxRelay, type RunningConsumer } from '@civic/service-kit';
import { applyElection } from '../commands/apply-election.command.js';
import type { IdentityConsumerHost } from './host.js';

/**
 * Roles change only through elections: the closed election's moderators and scribes get the flags,
 * everyone else loses them, and each change is announced as `identity.user.role-changed`.
 */
export function consumeElectionClosed(host: IdentityConsumerHost, relay: OutboxRelay, clock: () => Date): Promise<RunningConsumer> {
  const { log } = host;
  return startConsumer({
    ...host,
    name: 'identity-election-closed',
    event: ElectionClosed,
    handle: async (tx, payload) => {
      const changed = await applyElection(tx, payload, clock());
      log.info({ electionId: payload.electionId, month: payload.month, changed }, 'election results applied to roles');
    },
    // The role-changed events were committed with the roles: publish them now rather than at the next poll.
    beforeAck: async () => relay.wake(),
  });
}
