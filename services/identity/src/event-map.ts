/**
 * The events the identity service writes and those its own consumers read (the service kit adds
 * identity's revocations, read in every process). A unit test holds this map to the code
 * (packages/contracts/test/event-map.test.ts); docs/events.md shows every service's map.
 */
import { defineEventMap } from '@civic/contracts';
import * as events from '@civic/contracts';
import { memberEvents } from '@civic/service-kit';

export const eventMap = defineEventMap({
  service: 'identity',
  produces: [
    // the user events the other services' member projections apply
    ...memberEvents,
    events.UserCandidacyChanged,
    events.SessionRevoked,
    events.UserTokensRevoked,
  ],
  consumes: [
    // elections: roles follow the election results
    events.ElectionClosed,
    // decisions' and chat's: the profile's activity
    events.ProposalCreated,
    events.LawCreated,
    events.ArticleCreated,
    events.ChatMessagePosted,
    // notifications: the digest mail of what members follow
    events.DigestComposed,
  ],
});

export const { produces, consumes } = eventMap;
