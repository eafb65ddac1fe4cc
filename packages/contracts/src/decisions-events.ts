/** Events published by the decisions service (stream `decisions`). */
import Type from 'typebox';
import { DateTime, defineEvent, evolveEvent, Uuid } from './event-definitions.js';
import { decisionPhases, textChanges, textKinds, textRoles } from './enums.js';
import { literals } from './http-schemas.js';

const Phase = Type.Enum([...decisionPhases]);

/** A user submitted a proposal. */
export const ProposalCreated = defineEvent('decisions.proposal.created', 1, Type.Object({ proposalId: Uuid, userId: Uuid }));

/** A proposal's text changed; `userId` is its author, `editorId` who edited it. */
export const ProposalEdited = defineEvent(
  'decisions.proposal.edited',
  1,
  Type.Object({ proposalId: Uuid, userId: Uuid, editorId: Uuid, byModerator: Type.Boolean() }),
);

/** A proposal was deleted by its author or by a moderator (kept for audit, hidden). */
export const ProposalDeleted = defineEvent(
  'decisions.proposal.deleted',
  1,
  Type.Object({ proposalId: Uuid, userId: Uuid, deletedBy: Uuid, byModerator: Type.Boolean() }),
);

/** Someone other than the author signalled a proposal to the moderators. */
export const ProposalSignalled = defineEvent(
  'decisions.proposal.signalled',
  1,
  Type.Object({ proposalId: Uuid, userId: Uuid, signalledBy: Uuid }),
);

/** A cycle entered a phase (`from` is null when the cycle opens in the proposals phase). */
export const CyclePhaseChanged = defineEvent(
  'decisions.cycle.phase-changed',
  1,
  Type.Object({
    cycleId: Uuid,
    number: Type.Integer({ minimum: 1 }),
    from: Type.Union([Phase, Type.Null()]),
    to: Phase,
    at: DateTime,
    /** End of the phase just entered, null once archived. */
    phaseEndsAt: Type.Union([DateTime, Type.Null()]),
  }),
);

/** The proposals phase was due but the start rule was not met: extended by one step. */
export const CycleExtended = defineEvent(
  'decisions.cycle.extended',
  1,
  Type.Object({
    cycleId: Uuid,
    until: DateTime,
    verifiedUsers: Type.Integer({ minimum: 0 }),
    proposals: Type.Integer({ minimum: 0 }),
  }),
);

/**
 * The vote on proposals closed. `seed` is published now so anyone can re-run the creators draw;
 * the id lists are in rank order.
 */
export const ProposalVoteClosed = defineEvent(
  'decisions.proposal-vote.closed',
  1,
  Type.Object({
    cycleId: Uuid,
    closedAt: DateTime,
    seed: Type.String({ minLength: 1 }),
    selected: Type.Array(Uuid),
    secondChance: Type.Array(Uuid),
    rejected: Type.Array(Uuid),
  }),
);

/** A proposal ranked in the top group: it becomes a law in creation. */
export const ProposalSelected = defineEvent(
  'decisions.proposal.selected',
  1,
  Type.Object({ proposalId: Uuid, userId: Uuid, cycleId: Uuid, rank: Type.Integer({ minimum: 1 }) }),
);

/** A proposal ranked in the second-chance group: it joins the next cycle's vote. */
export const ProposalSecondChance = defineEvent(
  'decisions.proposal.second-chance',
  1,
  Type.Object({ proposalId: Uuid, userId: Uuid, cycleId: Uuid, rank: Type.Integer({ minimum: 1 }) }),
);

/** A proposal became a law in creation; userId is its author. */
export const LawCreated = defineEvent('decisions.law.created', 1, Type.Object({ lawId: Uuid, userId: Uuid }));

/** A creator wrote an article. */
export const ArticleCreated = defineEvent('decisions.article.created', 1, Type.Object({ articleId: Uuid, userId: Uuid }));

/**
 * The creators of a law in creation were drawn (docs/product.md#creators-draw: 5 per law, uniformly among
 * verified, non-suspended users who voted in the cycle, seeded by the seed published at vote close).
 */
export const LawCreatorsDrawn = defineEvent(
  'decisions.law.creators-drawn',
  1,
  Type.Object({
    lawId: Uuid,
    cycleId: Uuid,
    title: Type.String({ minLength: 1 }),
    creators: Type.Array(Uuid),
  }),
);

const lawArchivedV1 = Type.Object({
  lawId: Uuid,
  cycleId: Uuid,
  title: Type.String({ minLength: 1 }),
  adopted: Type.Boolean(),
  voterIds: Type.Array(Uuid, { maxItems: 1000 }),
  chunk: Type.Integer({ minimum: 1 }),
  chunks: Type.Integer({ minimum: 1 }),
});

/** A SHA-256 in lower-case hexadecimal (docs/text-chain.md). */
const Sha256Hex = Type.String({ pattern: '^[0-9a-f]{64}$' });

/**
 * A law left the final vote and was archived. Published once per chunk of at most 1,000 voters of
 * its final vote, so a law voted on by a million citizens stays within NATS's message size;
 * `chunk` counts from 1 to `chunks`.
 * Version 2 adds the seal of the voted texts (docs/text-chain.md#seal), null for a law that had no
 * version history when it was sealed; version 1 readers see it without the seal.
 */
export const LawArchived = evolveEvent(
  defineEvent('decisions.law.archived', 1, lawArchivedV1),
  2,
  Type.Object({ ...lawArchivedV1.properties, seal: Type.Union([Sha256Hex, Type.Null()]) }),
  {
    upgrade: (v1) => ({ ...v1, seal: null }),
    downgrade: ({ seal: _seal, ...v1 }) => v1,
  },
);

/**
 * The close of a law's final vote found a chain of its texts broken (a version changed or removed in
 * the database, docs/text-chain.md#seal): the law was archived without a seal, and the moderators are
 * to be told. `problems` names each version found wrong (the first 100).
 */
export const LawSealRefused = defineEvent(
  'decisions.law.seal-refused',
  1,
  Type.Object({
    lawId: Uuid,
    cycleId: Uuid,
    title: Type.String({ minLength: 1 }),
    problems: Type.Array(
      Type.Object({ problem: Type.Union([Type.Literal('version-hash'), Type.Literal('broken-link')]), textId: Uuid, seq: Type.Integer() }),
      { minItems: 1, maxItems: 100 },
    ),
    at: DateTime,
  }),
);

/**
 * A text (a proposal, a law's title and description, a group title, an article or an amendment) got
 * a new version. `documentId` is the proposal or law it belongs to (a law keeps its proposal's id),
 * which is what members follow; `documentTitle` its title now.
 */
export const TextVersioned = defineEvent(
  'decisions.text.versioned',
  1,
  Type.Object({
    textKind: literals(textKinds),
    textId: Uuid,
    documentId: Uuid,
    documentTitle: Type.String({ minLength: 1 }),
    /** The law, for the texts of a law; null for a proposal that is not (yet) a law. */
    lawId: Type.Union([Uuid, Type.Null()]),
    seq: Type.Integer({ minimum: 1 }),
    change: literals(textChanges),
    role: literals(textRoles),
    editorId: Uuid,
    hash: Sha256Hex,
    at: DateTime,
  }),
);

/**
 * The final vote of a cycle closes soon (FINAL_VOTE_CLOSING_NOTICE_HOURS before its end): published
 * once per cycle, so followers of its laws can still vote.
 */
export const FinalVoteClosing = defineEvent(
  'decisions.final-vote.closing',
  1,
  Type.Object({
    cycleId: Uuid,
    number: Type.Integer({ minimum: 1 }),
    endsAt: DateTime,
    laws: Type.Array(Type.Object({ lawId: Uuid, title: Type.String({ minLength: 1 }) })),
  }),
);

const ContentKind = Type.Union([Type.Literal('article'), Type.Literal('amendment'), Type.Literal('law'), Type.Literal('source')]);

/** An article, amendment or law was signalled to the moderators or (by its author) to the scribes. */
export const ContentSignalled = defineEvent(
  'decisions.content.signalled',
  1,
  Type.Object({
    kind: ContentKind,
    contentId: Uuid,
    lawId: Uuid,
    /** The author. */
    userId: Uuid,
    signalledBy: Uuid,
    to: Type.Union([Type.Literal('moderator'), Type.Literal('scribe')]),
  }),
);

/** A moderator or scribe edited or deleted someone else's article, amendment, law or source. */
export const ContentModerated = defineEvent(
  'decisions.content.moderated',
  1,
  Type.Object({
    kind: ContentKind,
    contentId: Uuid,
    lawId: Uuid,
    /** The author. */
    userId: Uuid,
    editorId: Uuid,
    role: Type.Union([Type.Literal('moderator'), Type.Literal('scribe')]),
    action: Type.Union([Type.Literal('edited'), Type.Literal('deleted')]),
  }),
);

/**
 * Words typed live (chat.draft.settled) were not written: the text no longer reads their `baseBody`,
 * since a scribe or a moderator changed it outside live editing. `current` is the text now; the
 * chat service shows both to the editors and bases the next save on `current`.
 */
export const DraftConflicted = defineEvent(
  'decisions.draft.conflicted',
  1,
  Type.Object({
    lawId: Uuid,
    textKind: Type.Union([Type.Literal('article'), Type.Literal('amendment')]),
    textId: Uuid,
    current: Type.String(),
    at: DateTime,
  }),
);
