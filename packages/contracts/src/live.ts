/**
 * Live topics (docs/live.md): the figures a screen keeps current, pushed over the page's one socket
 * to the chat service instead of polled. A service that owns a figure publishes a `LiveUpdate` on the
 * NATS core subject `LIVE_UPDATE_SUBJECT` (prefixed like every subject), at most once a second per
 * topic; every chat instance hands it to its own sockets that watch the topic. Plain values only, no
 * TypeBox: the front ends import this module at run time.
 */

import type { Candidate } from './elections.js';
import type { ProposalState, PublicProposal, VoteCounts } from './decisions.js';

const uuid = '[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}';

/**
 * `phases`: the current cycles and their phases (every page); `cycle:<id>`: a cycle's proposals and
 * their counts; `law:<id>`: a law's articles and amendments and their counts; `elections`: the
 * month's elections; `election:<id>`: one election's candidates and their totals.
 */
export type LiveTopic = 'phases' | 'elections' | `cycle:${string}` | `law:${string}` | `election:${string}`;

/** Pattern of a valid topic. */
export const liveTopicPattern = `^(phases|elections|(cycle|law|election):${uuid})$`;

/**
 * The election of the month whose candidacies and votes are open has no id until it closes (a closed
 * election's results never change, so only the open one has live figures): its topic id is made of
 * its candidacy month, 'YYYY-MM-01' → '00000000-0000-0000-0000-0000YYYYMM01', which no random id is.
 */
export const openElectionId = (candidacyMonth: string): string => `00000000-0000-0000-0000-0000${candidacyMonth.replaceAll('-', '').slice(0, 8).padEnd(8, '0')}`;

/** The candidacy month ('YYYY-MM-01') of an open election's topic id, or null for any other id. */
export function candidacyMonthOfElectionId(electionId: string): string | null {
  const match = /^00000000-0000-0000-0000-0000(\d{4})(\d{2})(\d{2})$/.exec(electionId);
  return match ? `${match[1]}-${match[2]}-${match[3]}` : null;
}

export const liveTopics = {
  phases: 'phases',
  elections: 'elections',
  cycle: (cycleId: string) => `cycle:${cycleId}`,
  law: (lawId: string) => `law:${lawId}`,
  election: (electionId: string) => `election:${electionId}`,
  /** The open election (no row until it closes) by its candidacy month: see openElectionId. */
  openElection: (candidacyMonth: string) => `election:${openElectionId(candidacyMonth)}`,
} as const satisfies Record<string, LiveTopic | ((id: string) => LiveTopic)>;

/**
 * `election:<id>` updates, kind `candidates`: every candidate of the open election, all roles, as
 * GET /api/candidates/{type} answers them (each carries its `candidateTo`), best first within a role.
 */
export interface ElectionCandidatesUpdate {
  candidacyMonth: string;
  candidates: Candidate[];
}

/** Kinds of update on decisions' topics: `law:<id>`, `cycle:<id>` and `phases`. */
export const decisionsLiveKinds = { lawVotes: 'law-votes', lawChanged: 'law-changed', proposals: 'proposals', phases: 'phases' } as const;

/** A text of a law in its final vote (article or amendment) and its counts, as the law answer carries them. */
export interface TextFigures {
  id: string;
  counts: VoteCounts;
}

/** `law:<id>`, kind `law-votes`: every live article and amendment of the law with its counts, and the law's voters. */
export interface LawVotesData {
  lawId: string;
  voters: number;
  texts: TextFigures[];
}

/** `law:<id>`, kind `law-changed`: the law's drafting changed (creation); the pages showing it read it again. */
export interface LawChangedData {
  lawId: string;
  updatedAt: string;
}

/** A proposal's public figures as the lists show them. */
export interface ProposalFigures {
  id: string;
  state: ProposalState;
  counts: VoteCounts;
  updatedAt: string;
}

/**
 * `cycle:<id>`, kind `proposals`: every visible proposal of the cycle with its figures, and the public
 * cards of those created or edited within the recent window, so a new or edited proposal appears on
 * open boards without a read. A proposal absent from `proposals` is gone (deleted or rejected). The
 * cards carry no reader's vote (`myVote` null) nor permitted actions (`may`): those come from the
 * reader's own reads.
 */
export interface CycleProposalsData {
  cycleId: string;
  proposals: ProposalFigures[];
  recent: PublicProposal[];
}

/** Topics one socket may watch at once. */
export const maxLiveTopicsPerSocket = 16;

/** The NATS core subject live updates travel on between the services and the chat instances (before the prefix). */
export const LIVE_UPDATE_SUBJECT = 'live.update';

/** One live update: `kind` names what changed, `data` carries the new figures (each kind's shape below). */
export interface LiveUpdate<D = unknown> {
  topic: LiveTopic;
  kind: string;
  data: D;
  /** When the figures were read (ISO). */
  at: string;
}

/** Client events of the page socket for topics, each acknowledged like the chat's events. */
export interface LiveClientEvents {
  'live:watch': { topics: string[] };
  'live:unwatch': { topics: string[] };
}

export const isLiveTopic = (value: unknown): value is LiveTopic => typeof value === 'string' && new RegExp(liveTopicPattern).test(value);
