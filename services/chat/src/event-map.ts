/**
 * The events the chat service writes and those its own consumers read (the service kit adds
 * identity's revocations, read in every process). A unit test holds this map to the code
 * (packages/contracts/test/event-map.test.ts); docs/events.md shows every service's map.
 */
import {
  ChatMessageModerated,
  ChatMessagePosted,
  ChatMessageReplied,
  ChatMessageSignalled,
  ChatUserMuted,
  CyclePhaseChanged,
  defineEventMap,
  LawCreatorsDrawn,
  UserDeleted,
  UserRegistered,
  UserRenamed,
  UserRoleChanged,
  UserSuspended,
  UserSuspensionLifted,
} from '@civic/contracts';

export const eventMap = defineEventMap({
  service: 'chat',
  produces: [
    ChatMessagePosted,
    ChatMessageReplied,
    ChatMessageSignalled,
    ChatMessageModerated,
    ChatUserMuted,
  ],
  consumes: [
    // identity: the member projection
    UserRegistered,
    UserRenamed,
    UserDeleted,
    UserSuspended,
    UserSuspensionLifted,
    UserRoleChanged,
    // decisions: rooms open and close with the phases and the creators draw
    CyclePhaseChanged,
    LawCreatorsDrawn,
  ],
});

export const { produces, consumes } = eventMap;
