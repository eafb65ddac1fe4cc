import { UserDeleted, UserRegistered, UserRenamed, UserRoleChanged, UserSuspended, UserSuspensionLifted, UserVerified } from '@civic/contracts';
import { memberConsumer, type ConsumerHost, type RunningConsumer } from '@civic/service-kit';
import { citizenProjection } from '../store/citizen.repository.js';

/**
 * The consumers that keep the citizen projection: the start rule counts verified citizens, proposals
 * show their author's name, suspensions block proposing and voting at once, and an elected
 * moderator moderates before their token refreshes.
 */
export function citizenConsumers(common: ConsumerHost): (() => Promise<RunningConsumer>)[] {
  const consumer = memberConsumer(common, citizenProjection);
  return [
    consumer('decisions-user-registered', UserRegistered),
    consumer('decisions-user-verified', UserVerified),
    consumer('decisions-user-renamed', UserRenamed),
    consumer('decisions-user-deleted', UserDeleted),
    consumer('decisions-user-suspended', UserSuspended),
    consumer('decisions-user-suspension-lifted', UserSuspensionLifted),
    consumer('decisions-user-role-changed', UserRoleChanged),
  ];
}
