/**
 * HTTP contract of the version history of texts (docs/product.md#version-history,
 * docs/text-chain.md): every version of a proposal, a law, a group, an article or an amendment, with
 * the hashes that chain them.
 */
import Type, { type Static } from 'typebox';
import { textChanges, textKinds, textRoles } from './enums.js';
import { DateTime, Id, literals, nullable } from './http-schemas.js';
import { EDIT_REASON_MAX, SALT_PATTERN } from './text-chain.js';

const Sha256Hex = Type.String({ pattern: '^[0-9a-f]{64}$' });
const TextKindSchema = literals(textKinds);


/**
 * The optional reason of an edit (single-line text). Required when a scribe or moderator edits: the
 * service trims it and answers 400 reasonRequired when nothing is left, so an empty field of a form
 * gets that message rather than a bare bad request (docs/product.md#version-history).
 */
export const EditReasonSchema = Type.String({ maxLength: EDIT_REASON_MAX });

/** `{kind, id}` in the path of GET /api/decisions/history/{kind}/{id}. */
export const TextHistoryParamsSchema = Type.Object({ kind: TextKindSchema, id: Id });
export type TextHistoryParams = Static<typeof TextHistoryParamsSchema>;

export const TextVersionViewSchema = Type.Object({
  seq: Type.Integer({ minimum: 1 }),
  /** A law's history starts with the versions of its proposal (kind `proposal`). */
  kind: TextKindSchema,
  change: literals(textChanges),
  role: literals(textRoles),
  editorId: Id,
  /** From the citizen directory, '' when unknown. */
  editorName: Type.String(),
  /**
   * The other members who typed in this version live with its editor (docs/text-chain.md), in the
   * order the hash commits to; each name from the citizen directory, '' when unknown. [] for a
   * version its editor wrote alone.
   */
  coEditors: Type.Array(Type.Object({ id: Id, name: Type.String() })),
  reason: nullable(Type.String()),
  title: nullable(Type.String()),
  body: nullable(Type.String()),
  /** The text was deleted by a moderator: its words and salt are shown to moderators only, the hashes to everyone. */
  withheld: Type.Boolean(),
  createdAt: DateTime,
  prevHash: Sha256Hex,
  /**
   * The salt the hash commits to (docs/text-chain.md#hashing-a-version): '' for a version hashed
   * without one (written before salts), null when withheld, so a guess of the words cannot be checked.
   */
  salt: nullable(Type.Union([Type.Literal(''), Type.String({ pattern: SALT_PATTERN })])),
  hash: Sha256Hex,
});
export type TextVersionView = Static<typeof TextVersionViewSchema>;

/** GET /api/decisions/history/{kind}/{id}: every version, oldest first. */
export const TextHistorySchema = Type.Object({
  kind: TextKindSchema,
  id: Id,
  /** The proposal or law the text belongs to (a law keeps its proposal's id). */
  documentId: Id,
  lawId: nullable(Id),
  /** The document's current title. */
  title: Type.String(),
  deleted: Type.Boolean(),
  /**
   * The service's own check of the whole chain, withheld words included (docs/text-chain.md#the-chain-rule):
   * `intact` false when a version was changed or removed in the database; each problem names the version.
   */
  chain: Type.Object({
    intact: Type.Boolean(),
    problems: Type.Array(Type.Object({ problem: literals(['version-hash', 'broken-link'] as const), seq: Type.Integer() })),
  }),
  versions: Type.Array(TextVersionViewSchema),
});
export type TextHistory = Static<typeof TextHistorySchema>;

/** The seal of a law at the close of its final vote (docs/text-chain.md#seal), null before. */
export const LawSealSchema = Type.Object({ hash: Sha256Hex, sealedAt: DateTime });
export type LawSeal = Static<typeof LawSealSchema>;

export const TextHistoryApi = {
  history: 'GET /api/decisions/history/{kind}/{id}', // -> TextHistory (visitors too; 404 notFound for an unknown or hidden text)
} as const;
