/** Role value (docs/product.md#roles-and-permissions). */
export const Role = { User: 0, Moderator: 1, Scribe: 2 } as const;
export type Role = (typeof Role)[keyof typeof Role];

/** candidateTo of a candidate vote (docs/product.md#elections). */
export const CandidateTo = { Moderator: 1, Scribe: 2, GreatWise: 3 } as const;
export type CandidateTo = (typeof CandidateTo)[keyof typeof CandidateTo];
export const candidateToValues = Object.values(CandidateTo);

/** The candidate date field of PUT /api/users/{id}, by candidateTo. */
export const candidateDateField = {
  1: 'moderatorCandidateDate',
  2: 'scribeCandidateDate',
  3: 'greatWiseCandidateDate',
} as const satisfies Record<CandidateTo, string>;

/** Vote choices for proposals, articles and amendments. */
export const voteChoices = ['for', 'against', 'neutral', 'blank'] as const;
export type VoteChoice = (typeof voteChoices)[number];

/** The 15 proposal categories (docs/product.md#content-and-fields). */
export const proposalCategories = [
  'security',
  'relations',
  'economy',
  'education',
  'health',
  'labour',
  'transport',
  'environment',
  'justice',
  'defense',
  'international-relations',
  'meta',
  'culture-and-sports',
  'social-affairs',
  'other',
] as const;
export type ProposalCategory = (typeof proposalCategories)[number];

/** Reference (source) type codes 1-6. */
export const ReferenceType = { Book: 1, Periodical: 2, Article: 3, Website: 4, Film: 5, Other: 6 } as const;
export type ReferenceType = (typeof ReferenceType)[keyof typeof ReferenceType];

/** Periodical frequency codes 1-5. */
export const Frequency = { Daily: 1, Weekly: 2, Monthly: 3, Quarterly: 4, Yearly: 5 } as const;
export type Frequency = (typeof Frequency)[keyof typeof Frequency];

/** moderationStatus and scribeStatus: 0 not signalled, 1 signalled. */
export const SignalStatus = { NotSignalled: 0, Signalled: 1 } as const;
export type SignalStatus = (typeof SignalStatus)[keyof typeof SignalStatus];

/** Decision cycle phases, in order. */
export const decisionPhases = ['proposals', 'voting', 'creation', 'final-vote', 'archive'] as const;
export type DecisionPhase = (typeof decisionPhases)[number];

/** Suspension lengths offered to moderators, in minutes: 10 minutes, 1 hour, 2 hours, 1 day. */
export const suspensionMinutes = [10, 60, 120, 1440] as const;

/**
 * Every message key an alert may carry: the notifications service writes them, the shell translates
 * each one as `notifications.message.<key>` in EN and FR.
 */
export const alertMessageKeys = [
  'cycleOpened',
  'phaseChanged',
  'proposalSelected',
  'proposalSecondChance',
  'proposalEditedByModerator',
  'proposalDeletedByModerator',
  'proposalSignalled',
  'creatorDrawn',
  'lawAdopted',
  'lawRejected',
  'contentSignalled',
  'contentModerated',
  'elected',
  'roleLost',
  'chatReplied',
  'chatMessageSignalled',
  'chatMessageModerated',
  'suspended',
  'suspensionLifted',
  'notice',
  // To every moderator: a law archived without a seal, its text chain broken (decisions.law.seal-refused)
  'lawSealRefused',
  // Alerts of what a member follows (a proposal or a law): docs/product.md#following
  'followedEdited',
  'followedSelected',
  'followedSecondChance',
  'followedNotSelected',
  'followedAdopted',
  'followedRejected',
  'followedFinalVoteClosing',
] as const;
/** The alerts a member gets about what they follow, and which preference turns each on. */
export const followAlertKinds = {
  followedEdited: 'edits',
  followedSelected: 'results',
  followedSecondChance: 'results',
  followedNotSelected: 'results',
  followedAdopted: 'results',
  followedRejected: 'results',
  followedFinalVoteClosing: 'closing',
} as const;
export type AlertMessageKey = (typeof alertMessageKeys)[number];

/** The kinds of text that keep a version history (docs/text-chain.md). */
export const textKinds = ['proposal', 'law', 'group', 'article', 'amendment'] as const;
export type TextKind = (typeof textKinds)[number];
/** Who made a version: the author, a creator of the law (groups), a scribe or a moderator. */
export const textRoles = ['author', 'creator', 'scribe', 'moderator'] as const;
export type TextRole = (typeof textRoles)[number];
export const textChanges = ['created', 'edited', 'deleted'] as const;
export type TextChange = (typeof textChanges)[number];
