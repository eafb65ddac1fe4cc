import { UserRegistered } from '@civic/contracts';
import { startConsumer, type EventBus, type RunningConsumer } from '@civic/service-kit';
import type { FastifyBaseLogger } from 'fastify';
import { CitizenRepository } from '../store/citizen.repository.js';
import { SCHEMA, type DecisionsPrisma } from '../store/prisma.js';

/** Keeps the citizen projection that the start rule counts. */
export function consumeUserRegistered(db: DecisionsPrisma, bus: EventBus, log: FastifyBaseLogger): Promise<RunningConsumer> {
  return startConsumer({
    bus,
    db,
    schema: SCHEMA,
    name: 'decisions-user-registered',
    event: UserRegistered,
    log,
    handle: (tx, payload) => CitizenRepository.recordRegistration(tx, payload.userId, payload.registeredAt),
  });
}
