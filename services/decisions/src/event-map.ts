/**
 * The events the decisions service writes and those its own consumers read (the service kit adds
 * identity's revocations, read in every process). A unit test holds this map to the code
 * (packages/contracts/test/event-map.test.ts); docs/events.md shows every service's map.
 */
import { defineEventMap } from '@civic/contracts';
import * as events from '@civic/contracts';
import { memberEvents } from '@civic/service-kit';

export const eventMap = defineEventMap({
  service: 'decisions',
  produces: [
    events.ProposalCreated,
    events.ProposalEdited,
    events.ProposalDeleted,
    events.ProposalSignalled,
    events.CyclePhaseChanged,
    events.CycleExtended,
    events.ProposalVoteClosed,
    events.ProposalSelected,
    events.ProposalSecondChance,
    events.LawCreated,
    events.ArticleCreated,
    events.LawCreatorsDrawn,
    events.LawArchived,
    events.LawSealRefused,
    events.ContentSignalled,
    events.ContentModerated,
    events.TextVersioned,
    events.FinalVoteClosing,
    events.DraftConflicted,
  ],
  consumes: [
    // identity: the citizen projection
    ...memberEvents,
    // chat: words typed live, written as versions (docs/co-drafting.md)
    events.ChatDraftSettled,
  ],
});

export const { produces, consumes } = eventMap;
