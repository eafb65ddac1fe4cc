/**
 * The events the notifications service writes and those its own consumers read (the service kit adds
 * identity's revocations, read in every process). A unit test holds this map to the code
 * (packages/contracts/test/event-map.test.ts); docs/events.md shows every service's map.
 */
import { defineEventMap } from '@civic/contracts';
import * as events from '@civic/contracts';

export const eventMap = defineEventMap({
  service: 'notifications',
  // Members read their alerts over HTTP and its live stream; identity mails the digests.
  produces: [events.DigestComposed],
  consumes: [
    // identity: the members projection, deletions, suspensions
    events.UserRegistered,
    events.UserRoleChanged,
    events.UserDeleted,
    events.UserSuspended,
    events.UserSuspensionLifted,
    // decisions
    events.CyclePhaseChanged,
    events.ProposalSelected,
    events.ProposalSecondChance,
    events.ProposalEdited,
    events.ProposalDeleted,
    events.ProposalSignalled,
    events.LawCreatorsDrawn,
    events.LawArchived,
    events.ContentSignalled,
    events.ContentModerated,
    // decisions: a law archived without a seal, its text chain broken (to the moderators)
    events.LawSealRefused,
    // decisions: what members follow (docs/product.md#following)
    events.TextVersioned,
    events.ProposalVoteClosed,
    events.FinalVoteClosing,
    // elections
    events.ElectionClosed,
    // chat
    events.ChatMessageReplied,
    events.ChatMessageSignalled,
    events.ChatMessageModerated,
  ],
});

export const { produces, consumes } = eventMap;
