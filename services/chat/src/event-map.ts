/**
 * The events the chat service writes and those its own consumers read (the service kit adds
 * identity's revocations, read in every process). A unit test holds this map to the code
 * (packages/contracts/test/event-map.test.ts); docs/events.md shows every service's map.
 */
import { defineEventMap } from '@civic/contracts';
import * as events from '@civic/contracts';
import { memberEvents } from '@civic/service-kit';

export const eventMap = defineEventMap({
  service: 'chat',
  produces: [
    events.ChatMessagePosted,
    events.ChatMessageReplied,
    events.ChatMessageSignalled,
    events.ChatMessageModerated,
    events.ChatUserMuted,
    // live co-drafting: typed words to be written as a version (docs/co-drafting.md)
    events.ChatDraftSettled,
  ],
  consumes: [
    // identity: the member projection, without verification (chat does not check it)
    ...memberEvents.filter((event) => event !== events.UserVerified),
    // decisions: rooms open and close with the phases and the creators draw
    events.CyclePhaseChanged,
    events.LawCreatorsDrawn,
    // decisions: typed words not written, the text changed outside live editing
    events.DraftConflicted,
  ],
});

export const { produces, consumes } = eventMap;
