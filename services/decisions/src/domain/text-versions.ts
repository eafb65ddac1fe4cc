/**
 * The version history of texts (docs/product.md#version-history, docs/text-chain.md), free of I/O
 * but for the event ids: who a version is made as, when an edit needs a reason, the next version of
 * a chain with its hash, its TextVersioned event, and the seal of a law's texts.
 */
import {
  GENESIS_HASH,
  SALT_PATTERN,
  sealHash,
  TextVersioned,
  versionHash,
  type ChainVersion,
  type EventEnvelope,
  type SealEntry,
  type SealOutcome,
  type TextRole,
} from '@civic/contracts';
import { newEvent } from '@civic/service-kit';
import { refuse, type Refusal } from './proposal-rules.js';

/**
 * The reason kept with an edit: an edit made as scribe or moderator must say why (trimmed, not
 * empty); the author's or a creator's own edit keeps none, whatever was sent.
 */
export function editReason(role: TextRole, reason: string | null | undefined): Refusal | { kept: string | null } {
  if (role === 'author' || role === 'creator') return { kept: null };
  const trimmed = reason?.trim() ?? '';
  if (trimmed === '') return refuse('reasonRequired', 400, 'reason-required');
  return { kept: trimmed };
}

/** The role a proposal change is made as: the author, or else a moderator (the rules let no one else through). */
export const proposalRole = (editorId: string, authorId: string): TextRole => (editorId === authorId ? 'author' : 'moderator');

/**
 * The role of an amendment's tombstone when its article is deleted with it: a moderator's deletion
 * stays a moderator's; an article's author deleting it is the amendment's author too, or a fellow creator.
 */
export function withArticleRole(articleDeletedAs: 'author' | 'moderator', editorId: string, amendmentAuthorId: string): TextRole {
  if (articleDeletedAs === 'moderator') return 'moderator';
  return editorId === amendmentAuthorId ? 'author' : 'creator';
}

/** What a command knows of the version it writes: all but its place in the chain and its salt; co-editors only for a live save. */
export type VersionContent = Omit<ChainVersion, 'seq' | 'createdAt' | 'prevHash' | 'salt' | 'hash'>;

/** A version as this service writes it: always salted, its co-editors always said ([] for most). */
export type SaltedVersion = ChainVersion & { salt: string; coEditors: string[] };

/**
 * Co-editors as a version commits to them (docs/text-chain.md): lower-case, each once, sorted, never
 * the editor, so that the same people always give the same hash.
 */
export function canonicalCoEditors(coEditors: readonly string[], editorId: string): string[] {
  const editor = editorId.toLowerCase();
  return [...new Set(coEditors.map((id) => id.toLowerCase()))].filter((id) => id !== editor).sort();
}

/**
 * The version after `previous` (the text's last version, null for a new text), its hash committing to
 * `salt` (random, docs/text-chain.md#hashing-a-version), so that the words of a version withheld by
 * moderation cannot be confirmed by hashing a guess. A tombstone keeps no words. Timestamps are kept
 * to the millisecond, as the database stores them; co-editors in their canonical order.
 */
export async function nextVersion(previous: { seq: number; hash: string } | null, content: VersionContent, at: Date, salt: string): Promise<SaltedVersion> {
  if (!new RegExp(SALT_PATTERN).test(salt)) throw new Error('a version is salted with 16 random bytes in base64url');
  const deleted = content.change === 'deleted';
  const version = {
    ...content,
    title: deleted ? null : content.title,
    body: deleted ? null : content.body,
    seq: (previous?.seq ?? 0) + 1,
    createdAt: at.toISOString(),
    prevHash: previous?.hash ?? GENESIS_HASH,
    salt,
    // A tombstone is its deleter's alone.
    coEditors: deleted ? [] : canonicalCoEditors(content.coEditors ?? [], content.editorId),
  };
  return { ...version, hash: await versionHash(version) };
}

/** The proposal or law a text belongs to, which members follow. */
export interface TextDocument {
  documentId: string;
  documentTitle: string;
  lawId: string | null;
}

/** TextVersioned for a new version. */
export const textVersioned = (version: ChainVersion, document: TextDocument, at: Date): EventEnvelope =>
  newEvent(
    TextVersioned,
    {
      textKind: version.kind,
      textId: version.textId,
      documentId: document.documentId,
      documentTitle: document.documentTitle,
      lawId: document.lawId,
      seq: version.seq,
      change: version.change,
      role: version.role,
      editorId: version.editorId,
      hash: version.hash,
      at: version.createdAt,
    },
    at,
  );

export interface LawSeal {
  lawId: string;
  sealedAt: string;
  hash: string;
  entries: SealEntry[];
  outcomes: SealOutcome[];
}

/**
 * The seal of a law's texts at the close of its final vote: the last version of each live text in
 * document order (given), and each article's outcome. None when the law itself has no version.
 */
export async function sealLaw(lawId: string, at: Date, entries: SealEntry[], outcomes: SealOutcome[]): Promise<LawSeal | null> {
  if (!entries.some((entry) => entry.kind === 'law' && entry.textId === lawId)) return null;
  const sealedAt = at.toISOString();
  return { lawId, sealedAt, hash: await sealHash(lawId, sealedAt, entries, outcomes), entries, outcomes };
}
