/**
 * The events the decisions service writes and those its own consumers read (the service kit adds
 * identity's revocations, read in every process). A unit test holds this map to the code
 * (packages/contracts/test/event-map.test.ts); docs/events.md shows every service's map.
 */
import {
  ArticleCreated,
  FinalVoteClosing,
  ContentModerated,
  ContentSignalled,
  CycleExtended,
  CyclePhaseChanged,
  defineEventMap,
  LawArchived,
  LawCreated,
  LawCreatorsDrawn,
  ProposalCreated,
  ProposalDeleted,
  ProposalEdited,
  ProposalSecondChance,
  ProposalSelected,
  ProposalSignalled,
  ProposalVoteClosed,
  TextVersioned,
} from '@civic/contracts';
import { memberEvents } from '@civic/service-kit';

export const eventMap = defineEventMap({
  service: 'decisions',
  produces: [
    ProposalCreated,
    ProposalEdited,
    ProposalDeleted,
    ProposalSignalled,
    CyclePhaseChanged,
    CycleExtended,
    ProposalVoteClosed,
    ProposalSelected,
    ProposalSecondChance,
    LawCreated,
    ArticleCreated,
    LawCreatorsDrawn,
    LawArchived,
    ContentSignalled,
    ContentModerated,
    TextVersioned,
    FinalVoteClosing,
  ],
  consumes: [
    // identity: the citizen projection
    ...memberEvents,
  ],
});

export const { produces, consumes } = eventMap;
