import { UserDeleted, UserRegistered, UserRenamed, UserRoleChanged, UserSuspended, UserSuspensionLifted } from '@civic/contracts';
import { memberConsumer, startConsumer, type ConsumerHost, type RunningConsumer } from '@civic/service-kit';
import { memberProjection } from '../store/member.repository.js';

/** Told, once the change committed, of a member whose standing changed (suspension, lift, role). */
export type StandingChanged = (userId: string) => void;

/**
 * The member projection: names shown with messages, suspensions that stop posting at once, and the
 * moderator flag so an elected moderator moderates before their token refreshes. A change of
 * standing is told to `onStanding` after its commit: what the member may do in the chat changed.
 */
export function memberConsumers(common: ConsumerHost, onStanding: StandingChanged = () => undefined): (() => Promise<RunningConsumer>)[] {
  const member = memberConsumer(common, memberProjection);
  const changedBy = new Map<string, string>();
  const standing =
    <E extends typeof UserSuspended | typeof UserSuspensionLifted | typeof UserRoleChanged>(name: string, event: E) =>
    () =>
      startConsumer<E>({
        ...common,
        name,
        event,
        handle: async (tx, payload, envelope) => {
          await memberProjection.apply(tx, event.subject, payload, envelope);
          changedBy.set(envelope.id, payload.userId);
        },
        beforeAck: async (envelope) => {
          const userId = changedBy.get(envelope.id);
          changedBy.delete(envelope.id);
          if (userId) onStanding(userId);
        },
      });
  return [
    member('chat-user-registered', UserRegistered),
    member('chat-user-renamed', UserRenamed),
    member('chat-user-deleted', UserDeleted),
    standing('chat-user-suspended', UserSuspended),
    standing('chat-user-suspension-lifted', UserSuspensionLifted),
    standing('chat-user-role-changed', UserRoleChanged),
  ];
}
