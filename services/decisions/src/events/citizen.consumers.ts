import { UserDeleted, UserRegistered, UserVerified } from '@civic/contracts';
import { startConsumer, type EventBus, type RunningConsumer } from '@civic/service-kit';
import type { FastifyBaseLogger } from 'fastify';
import { CitizenRepository } from '../store/citizen.repository.js';
import { SCHEMA, type DecisionsPrisma } from '../store/prisma.js';

/** The consumers that keep the citizen projection the start rule counts. */
export function citizenConsumers(db: DecisionsPrisma, bus: EventBus, log: FastifyBaseLogger): (() => Promise<RunningConsumer>)[] {
  const common = { bus, db, schema: SCHEMA, log };
  return [
    () =>
      startConsumer({
        ...common,
        name: 'decisions-user-registered',
        event: UserRegistered,
        handle: (tx, payload) => CitizenRepository.recordRegistration(tx, payload.userId, payload.registeredAt),
      }),
    () =>
      startConsumer({
        ...common,
        name: 'decisions-user-verified',
        event: UserVerified,
        handle: (tx, payload) => CitizenRepository.recordVerification(tx, payload.userId, payload.verifiedAt),
      }),
    () =>
      startConsumer({
        ...common,
        name: 'decisions-user-deleted',
        event: UserDeleted,
        handle: (tx, payload) => CitizenRepository.recordDeletion(tx, payload.userId, payload.deletedAt),
      }),
  ];
}
