import { UserDeleted, UserRegistered, UserRenamed, UserRoleChanged, UserSuspended, UserSuspensionLifted, UserVerified } from '@civic/contracts';
import { startConsumer, type EventBus, type RunningConsumer } from '@civic/service-kit';
import type { FastifyBaseLogger } from 'fastify';
import { CitizenRepository } from '../store/citizen.repository.js';
import { SCHEMA, type DecisionsPrisma } from '../store/prisma.js';

/**
 * The consumers that keep the citizen projection: the start rule counts verified citizens, proposals
 * show their author's name, suspensions block proposing and voting at once, and an elected
 * moderator moderates before their token refreshes.
 */
export function citizenConsumers(db: DecisionsPrisma, bus: EventBus, log: FastifyBaseLogger): (() => Promise<RunningConsumer>)[] {
  const common = { bus, db, schema: SCHEMA, log };
  return [
    () =>
      startConsumer({
        ...common,
        name: 'decisions-user-registered',
        event: UserRegistered,
        handle: (tx, payload) => CitizenRepository.recordRegistration(tx, payload.userId, payload.registeredAt, payload.userName),
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
        name: 'decisions-user-renamed',
        event: UserRenamed,
        handle: (tx, payload) => CitizenRepository.recordName(tx, payload.userId, payload.userName),
      }),
    () =>
      startConsumer({
        ...common,
        name: 'decisions-user-deleted',
        event: UserDeleted,
        handle: (tx, payload) => CitizenRepository.recordDeletion(tx, payload.userId, payload.deletedAt),
      }),
    () =>
      startConsumer({
        ...common,
        name: 'decisions-user-suspended',
        event: UserSuspended,
        handle: (tx, payload, envelope) => CitizenRepository.recordSuspension(tx, payload.userId, payload.until, envelope.occurredAt),
      }),
    () =>
      startConsumer({
        ...common,
        name: 'decisions-user-suspension-lifted',
        event: UserSuspensionLifted,
        handle: (tx, payload, envelope) => CitizenRepository.recordSuspension(tx, payload.userId, null, envelope.occurredAt),
      }),
    () =>
      startConsumer({
        ...common,
        name: 'decisions-user-role-changed',
        event: UserRoleChanged,
        handle: (tx, payload) => CitizenRepository.recordRole(tx, payload.userId, payload.moderator, payload.scribe),
      }),
  ];
}
