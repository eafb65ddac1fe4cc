import { randomBytes, randomUUID } from 'node:crypto';
import type { EventEnvelope, TextRole } from '@civic/contracts';
import { AppError, type SqlExecutor } from '@civic/service-kit';
import { editReason, nextVersion, textVersioned, type SaltedVersion, type TextDocument, type VersionContent } from '../domain/text-versions.js';
import { TextVersionRepository } from '../store/text-version.repository.js';

/**
 * Appends the next version of a text to its chain and its TextVersioned event, inside the command's
 * transaction (docs/text-chain.md). The command writes the text first: that row lock orders two
 * changes of one text, and the unique (text_id, seq) refuses any other race.
 */
export async function recordVersion(tx: SqlExecutor, events: EventEnvelope[], content: VersionContent, document: TextDocument, at: Date): Promise<SaltedVersion> {
  const versions = new TextVersionRepository(tx);
  // Ids are kept as PostgreSQL prints them, so the hash computed now is the one recomputed from the row.
  const normalised = { ...content, textId: content.textId.toLowerCase(), editorId: content.editorId.toLowerCase() };
  const version = await nextVersion(await versions.last(normalised.textId), normalised, at, newSalt());
  await versions.insert(randomUUID(), version, document.lawId);
  events.push(textVersioned(version, document, at));
  return version;
}

/** A version's salt: 16 random bytes, base64url (docs/text-chain.md#hashing-a-version). */
export const newSalt = (): string => randomBytes(16).toString('base64url');

/** The reason an edit keeps (docs/product.md#version-history); 400 reasonRequired, before anything is written, when a scribe or moderator gives none. */
export function reasonOf(role: TextRole, reason: string | null | undefined): string | null {
  const rule = editReason(role, reason);
  if ('key' in rule) throw new AppError(rule.key, rule.status, { reason: rule.reason });
  return rule.kept;
}
