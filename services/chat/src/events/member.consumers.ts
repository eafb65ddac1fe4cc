import { UserDeleted, UserRegistered, UserRenamed, UserRoleChanged, UserSuspended, UserSuspensionLifted } from '@civic/contracts';
import { memberConsumer, type ConsumerHost, type RunningConsumer } from '@civic/service-kit';
import { memberProjection } from '../store/member.repository.js';

/**
 * The member projection: names shown with messages, suspensions that stop posting at once, and the
 * moderator flag so an elected moderator moderates before their token refreshes.
 */
export function memberConsumers(common: ConsumerHost): (() => Promise<RunningConsumer>)[] {
  const member = memberConsumer(common, memberProjection);
  return [
    member('chat-user-registered', UserRegistered),
    member('chat-user-renamed', UserRenamed),
    member('chat-user-deleted', UserDeleted),
    member('chat-user-suspended', UserSuspended),
    member('chat-user-suspension-lifted', UserSuspensionLifted),
    member('chat-user-role-changed', UserRoleChanged),
  ];
}
