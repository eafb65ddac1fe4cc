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
  DigestComposed,
  ElectionClosed,
  FinalVoteClosing,
  LawArchived,
  LawCreatorsDrawn,
  ProposalDeleted,
  ProposalEdited,
  ProposalSecondChance,
  ProposalSelected,
  ProposalSignalled,
  ProposalVoteClosed,
  TextVersioned,
  UserDeleted,
  UserRegistered,
  UserRoleChanged,
  UserSuspended,
  UserSuspensionLifted,
} from '@civic/contracts';

export const eventMap = defineEventMap({
  service: 'notifications',
  // Members read their alerts over HTTP and its live stream; identity mails the digests.
  produces: [DigestComposed],
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
    // decisions: what members follow (docs/product.md#following)
    TextVersioned,
    ProposalVoteClosed,
    FinalVoteClosing,
    // elections
    ElectionClosed,
    // chat
    ChatMessageReplied,
    ChatMessageSignalled,
    ChatMessageModerated,
  ],
});

export const { produces, consumes } = eventMap;
