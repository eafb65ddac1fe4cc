import {
  UserCandidacyChanged,
  UserDeleted,
  UserRegistered,
  UserRenamed,
  UserRoleChanged,
  UserSuspended,
  UserSuspensionLifted,
  UserVerified,
} from '@civic/contracts';
import { startConsumer, type EventBus, type RunningConsumer } from '@civic/service-kit';
import type { FastifyBaseLogger } from 'fastify';
import { CandidacyRepository } from '../store/candidacy.repository.js';
import { MemberRepository } from '../store/member.repository.js';
import { SCHEMA, type ElectionsPrisma } from '../store/prisma.js';

/**
 * identity's events that the elections service keeps: names and flags shown with candidates,
 * verification, suspensions and deletions checked when voting (at once, not at the next token), and
 * the candidacies themselves (a withdrawal removes the candidate and the votes on them).
 */
export function memberConsumers(db: ElectionsPrisma, bus: EventBus, log: FastifyBaseLogger): (() => Promise<RunningConsumer>)[] {
  const common = { bus, db, schema: SCHEMA, log };
  return [
    () =>
      startConsumer({
        ...common,
        name: 'elections-user-registered',
        event: UserRegistered,
        handle: (tx, p) => MemberRepository.registered(tx, p.userId, p.userName, p.registeredAt),
      }),
    () => startConsumer({ ...common, name: 'elections-user-renamed', event: UserRenamed, handle: (tx, p) => MemberRepository.renamed(tx, p.userId, p.userName) }),
    () => startConsumer({ ...common, name: 'elections-user-verified', event: UserVerified, handle: (tx, p) => MemberRepository.verified(tx, p.userId, p.verifiedAt) }),
    () => startConsumer({ ...common, name: 'elections-user-deleted', event: UserDeleted, handle: (tx, p) => MemberRepository.deleted(tx, p.userId, p.deletedAt) }),
    () =>
      startConsumer({
        ...common,
        name: 'elections-user-suspended',
        event: UserSuspended,
        handle: (tx, p, envelope) => MemberRepository.suspension(tx, p.userId, p.until, envelope.occurredAt),
      }),
    () =>
      startConsumer({
        ...common,
        name: 'elections-user-suspension-lifted',
        event: UserSuspensionLifted,
        handle: (tx, p, envelope) => MemberRepository.suspension(tx, p.userId, null, envelope.occurredAt),
      }),
    () =>
      startConsumer({
        ...common,
        name: 'elections-user-role-changed',
        event: UserRoleChanged,
        handle: (tx, p) => MemberRepository.roles(tx, p.userId, p.moderator, p.scribe),
      }),
    () =>
      startConsumer({
        ...common,
        name: 'elections-user-candidacy-changed',
        event: UserCandidacyChanged,
        handle: (tx, p, envelope) => CandidacyRepository.candidacyChanged(tx, { ...p, occurredAt: envelope.occurredAt }),
      }),
  ];
}
