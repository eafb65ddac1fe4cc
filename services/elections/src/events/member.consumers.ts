import { UserCandidacyChanged, UserDeleted, UserRegistered, UserRenamed, UserRoleChanged, UserSuspended, UserSuspensionLifted, UserVerified } from '@civic/contracts';
import { memberConsumer, startConsumer, type ConsumerHost, type RunningConsumer } from '@civic/service-kit';
import { changeCandidacy } from '../commands/change-candidacy.command.js';
import { memberProjection } from '../store/member.repository.js';

/**
 * identity's events that the elections service keeps: names and flags shown with candidates,
 * verification, suspensions and deletions checked when voting (at once, not at the next token), and
 * the candidacies themselves (a withdrawal removes the candidate and the votes on them), after which
 * `candidacyApplied` is told (the open election's live figures changed).
 */
export function memberConsumers(common: ConsumerHost, candidacyApplied: () => void = () => undefined): (() => Promise<RunningConsumer>)[] {
  const member = memberConsumer(common, memberProjection);
  return [
    member('elections-user-registered', UserRegistered),
    member('elections-user-renamed', UserRenamed),
    member('elections-user-verified', UserVerified),
    member('elections-user-deleted', UserDeleted),
    member('elections-user-suspended', UserSuspended),
    member('elections-user-suspension-lifted', UserSuspensionLifted),
    member('elections-user-role-changed', UserRoleChanged),
    () =>
      startConsumer({
        ...common,
        name: 'elections-user-candidacy-changed',
        event: UserCandidacyChanged,
        handle: (tx, p, envelope) => changeCandidacy(tx, { ...p, occurredAt: envelope.occurredAt }),
        // After the commit (a redelivery marks again, which is harmless): the candidates' live figures.
        beforeAck: async () => candidacyApplied(),
      }),
  ];
}
