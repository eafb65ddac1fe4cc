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
  UserVerified,
} from '@civic/contracts';
import { memberEvents } from '@civic/service-kit';

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
    // identity: the member projection, without verification (chat does not check it)
    ...memberEvents.filter((event) => event !== UserVerified),
    // decisions: rooms open and close with the phases and the creators draw
    CyclePhaseChanged,
    LawCreatorsDrawn,
  ],
});

export const { produces, consumes } = eventMap;
