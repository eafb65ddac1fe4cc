/**
 * The events the identity service writes and those its own consumers read (the service kit adds
 * identity's revocations, read in every process). A unit test holds this map to the code
 * (packages/contracts/test/event-map.test.ts); docs/events.md shows every service's map.
 */
import {
  ArticleCreated,
  ChatMessagePosted,
  defineEventMap,
  ElectionClosed,
  LawCreated,
  ProposalCreated,
  SessionRevoked,
  UserCandidacyChanged,
  UserDeleted,
  UserRegistered,
  UserRenamed,
  UserRoleChanged,
  UserSuspended,
  UserSuspensionLifted,
  UserTokensRevoked,
  UserVerified,
} from '@civic/contracts';

export const eventMap = defineEventMap({
  service: 'identity',
  produces: [
    UserRegistered,
    UserVerified,
    UserRenamed,
    UserDeleted,
    UserCandidacyChanged,
    UserSuspended,
    UserSuspensionLifted,
    UserRoleChanged,
    SessionRevoked,
    UserTokensRevoked,
  ],
  consumes: [
    // elections: roles follow the election results
    ElectionClosed,
    // decisions' and chat's: the profile's activity
    ProposalCreated,
    LawCreated,
    ArticleCreated,
    ChatMessagePosted,
  ],
});

export const { produces, consumes } = eventMap;
