import { ElectionClosed } from '@civic/contracts';
import { startConsumer, type EventBus, type OutboxRelay, type RunningConsumer } from '@civic/service-kit';
import type { FastifyBaseLogger } from 'fastify';
import { SCHEMA, type IdentityPrisma } from '../store/prisma.js';
import { UserProjections } from '../store/user.repository.js';

/**
 * Roles change only through elections: the closed election's moderators and scribes get the flags,
 * everyone else loses them, and each change is announced as `identity.user.role-changed`.
 */
export function consumeElectionClosed(db: IdentityPrisma, bus: EventBus, relay: OutboxRelay, log: FastifyBaseLogger, clock: () => Date): Promise<RunningConsumer> {
  return startConsumer({
    bus,
    db,
    schema: SCHEMA,
    name: 'identity-election-closed',
    event: ElectionClosed,
    log,
    handle: async (tx, payload) => {
      const changed = await UserProjections.applyElection(tx, payload, clock());
      log.info({ electionId: payload.electionId, month: payload.month, changed }, 'election results applied to roles');
    },
    // The role-changed events were committed with the roles: publish them now rather than at the next poll.
    beforeAck: async () => relay.wake(),
  });
}
