/**
 * The events the notifications service writes and those its own consumers read (the service kit adds
 * identity's revocations, read in every process). A unit test holds this map to the code
 * (packages/contracts/test/event-map.test.ts); docs/events.md shows every service's map.
 */
import {
  ChatMessageModerated,
  ChatMessageReplied,
  ChatMessageSignalled,
  ContentModerated,
  ContentSignalled,
  CyclePhaseChanged,
  defineEventMap,
  ElectionClosed,
  LawArchived,
  LawCreatorsDrawn,
  ProposalDeleted,
  ProposalEdited,
  ProposalSecondChance,
  ProposalSelected,
  ProposalSignalled,
  UserDeleted,
  UserRegistered,
  UserRoleChanged,
  UserSuspended,
  UserSuspensionLifted,
} from '@civic/contracts';

export const eventMap = defineEventMap({
  service: 'notifications',
  // It publishes nothing: members read their alerts over HTTP and its live stream.
  produces: [],
  consumes: [
    // identity: the members projection, deletions, suspensions
    UserRegistered,
    UserRoleChanged,
    UserDeleted,
    UserSuspended,
    UserSuspensionLifted,
    // decisions
    CyclePhaseChanged,
    ProposalSelected,
    ProposalSecondChance,
    ProposalEdited,
    ProposalDeleted,
    ProposalSignalled,
    LawCreatorsDrawn,
    LawArchived,
    ContentSignalled,
    ContentModerated,
    // elections
    ElectionClosed,
    // chat
    ChatMessageReplied,
    ChatMessageSignalled,
    ChatMessageModerated,
  ],
});

export const { produces, consumes } = eventMap;
