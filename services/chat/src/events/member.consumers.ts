import { UserDeleted, UserRegistered, UserRenamed, UserRoleChanged, UserSuspended, UserSuspensionLifted } from '@civic/contracts';
import { startConsumer, type EventBus, type RunningConsumer } from '@civic/service-kit';
import type { FastifyBaseLogger } from 'fastify';
import { MemberRepository } from '../store/member.repository.js';
import { SCHEMA, type ChatPrisma } from '../store/prisma.js';

/**
 * The member projection: names shown with messages, suspensions that stop posting at once, and the
 * moderator flag so an elected moderator moderates before their token refreshes.
 */
export function memberConsumers(db: ChatPrisma, bus: EventBus, log: FastifyBaseLogger): (() => Promise<RunningConsumer>)[] {
  const common = { bus, db, schema: SCHEMA, log };
  return [
    () =>
      startConsumer({
        ...common,
        name: 'chat-user-registered',
        event: UserRegistered,
        handle: (tx, payload) => MemberRepository.recordRegistration(tx, payload.userId, payload.userName, payload.registeredAt),
      }),
    () => startConsumer({ ...common, name: 'chat-user-renamed', event: UserRenamed, handle: (tx, payload) => MemberRepository.recordName(tx, payload.userId, payload.userName) }),
    () => startConsumer({ ...common, name: 'chat-user-deleted', event: UserDeleted, handle: (tx, payload) => MemberRepository.recordDeletion(tx, payload.userId, payload.deletedAt) }),
    () =>
      startConsumer({
        ...common,
        name: 'chat-user-suspended',
        event: UserSuspended,
        handle: (tx, payload, envelope) => MemberRepository.recordSuspension(tx, payload.userId, payload.until, envelope.occurredAt),
      }),
    () =>
      startConsumer({
        ...common,
        name: 'chat-user-suspension-lifted',
        event: UserSuspensionLifted,
        handle: (tx, payload, envelope) => MemberRepository.recordSuspension(tx, payload.userId, null, envelope.occurredAt),
      }),
    () => startConsumer({ ...common, name: 'chat-user-role-changed', event: UserRoleChanged, handle: (tx, payload) => MemberRepository.recordRole(tx, payload.userId, payload.moderator) }),
  ];
}
