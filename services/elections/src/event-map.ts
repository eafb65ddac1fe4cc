/**
 * The events the elections service writes and those its own consumers read (the service kit adds
 * identity's revocations, read in every process). A unit test holds this map to the code
 * (packages/contracts/test/event-map.test.ts); docs/events.md shows every service's map.
 */
import { defineEventMap } from '@civic/contracts';
import * as events from '@civic/contracts';
import { memberEvents } from '@civic/service-kit';

export const eventMap = defineEventMap({
  service: 'elections',
  produces: [
    events.ElectionClosed,
  ],
  consumes: [
    // identity: members and candidacies
    ...memberEvents,
    events.UserCandidacyChanged,
  ],
});

export const { produces, consumes } = eventMap;
