/**
 * The verifiable version history of texts (docs/text-chain.md): every version of a text is hashed
 * with the hash of the version before it, and the close of a law's final vote seals the last version
 * of each of its texts with the outcome of each article. Pure and free of Node APIs: the service
 * computes these hashes and a citizen's browser checks them with the same code (Web Crypto).
 */
import { textChanges, textKinds, textRoles, type TextChange, type TextKind, type TextRole } from './enums.js';

/** The previous hash of every text's first version. */
export const GENESIS_HASH = '0'.repeat(64);
/**
 * Version 3: every version carries its `coEditors` (docs/text-chain.md#hashing-a-version); version 2
 * brought salts. Files of versions 1 and 2, and the versions they hold, still verify.
 */
export const TEXT_CHAIN_ALGORITHM = 'civic-text-chain-v3';
export const SEAL_ALGORITHM = 'civic-seal-v1';
/**
 * The longest reason a scribe or moderator gives for an edit (docs/product.md#version-history); here,
 * in a module free of TypeBox, so that the screens import it without loading schemas.
 */
export const EDIT_REASON_MAX = 300;

export interface ChainVersion {
  kind: TextKind;
  textId: string;
  seq: number;
  change: TextChange;
  role: TextRole;
  editorId: string;
  reason: string | null;
  title: string | null;
  body: string | null;
  /** ISO 8601 with milliseconds, UTC, 'Z'. */
  createdAt: string;
  prevHash: string;
  /**
   * The random salt the hash commits to (16 bytes, base64url), so that the words of a text withheld by
   * moderation cannot be confirmed by hashing a guess. '' (or absent, in files of version 1) for a
   * version hashed the first way, without a salt.
   */
  salt?: string;
  /**
   * The other members who typed in this version, live with its editor (docs/text-chain.md): lower-case
   * UUIDs, distinct, sorted, never `editorId`. [] (or absent, in files before version 3) for a version
   * written by its editor alone, which is hashed as before co-editors existed.
   */
  coEditors?: readonly string[];
  hash: string;
}

/** What a salt looks like: 16 bytes in base64url, no padding (22 characters). */
export const SALT_PATTERN = '^[A-Za-z0-9_-]{22}$';

export interface SealEntry {
  kind: TextKind;
  textId: string;
  seq: number;
  hash: string;
}

/** `winnerId` is the article itself or the amendment replacing it. */
export interface SealOutcome {
  articleId: string;
  adopted: boolean;
  winnerId: string;
}

export type ChainProblem =
  | { problem: 'no-seal' }
  /** The version's content does not give its hash. */
  | { problem: 'version-hash'; textId: string; seq: number }
  /** prevHash is not the previous version's hash (or genesis for seq 1), or seq is not 1..n. */
  | { problem: 'broken-link'; textId: string; seq: number }
  /** The sealed entry is not the hash of that text's version `seq`, or a sealed text has no chain. */
  | { problem: 'not-sealed'; textId: string }
  /** The seal's entries and outcomes do not give seal.hash. */
  | { problem: 'seal-hash' }
  /** The law's title or description in the open data differ from its sealed version. */
  | { problem: 'law-text' }
  /** An article's final text differs from the sealed version of its winner, or its outcome differs. */
  | { problem: 'adopted-text'; articleId: string; number: number | null };

export interface ChainReport {
  ok: boolean;
  /** The seal hash the open data claims, when any. */
  seal: string | null;
  texts: number;
  versions: number;
  problems: ChainProblem[];
}

const encoder = new TextEncoder();

async function sha256Hex(text: string): Promise<string> {
  const digest = await globalThis.crypto.subtle.digest('SHA-256', encoder.encode(text));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * The canonical form of a version: a JSON array, in this order, so that any language rebuilds it. A
 * version with co-editors is tagged `civic-text-v3` and ends with its salt, then its co-editors; one
 * without keeps the form it had before co-editors existed, so that every chain written earlier still
 * verifies: a salted version is tagged `civic-text-v2` and ends with its salt, one without a salt
 * keeps the form of version 1.
 */
export function versionCanonical(v: Omit<ChainVersion, 'hash'>): string {
  const fields = [v.kind, v.textId, v.seq, v.change, v.role, v.editorId, v.reason, v.title, v.body, v.createdAt, v.prevHash];
  if (v.coEditors && v.coEditors.length > 0) return JSON.stringify(['civic-text-v3', ...fields, v.salt ?? '', v.coEditors]);
  return JSON.stringify(v.salt ? ['civic-text-v2', ...fields, v.salt] : ['civic-text-v1', ...fields]);
}

/** SHA-256 (lower-case hex) of the UTF-8 of the version's canonical form. */
export function versionHash(v: Omit<ChainVersion, 'hash'>): Promise<string> {
  return sha256Hex(versionCanonical(v));
}

/** What a version's hash is computed from: every field of the chain, nothing else an answer adds. */
const contentOf = (v: ChainVersion): Omit<ChainVersion, 'hash'> => ({
  kind: v.kind,
  textId: v.textId,
  seq: v.seq,
  change: v.change,
  role: v.role,
  editorId: v.editorId,
  reason: v.reason,
  title: v.title,
  body: v.body,
  createdAt: v.createdAt,
  prevHash: v.prevHash,
  salt: v.salt ?? '',
  coEditors: v.coEditors ?? [],
});

/** SHA-256 of the seal's canonical form: the sealed versions in document order, then each article's outcome. */
export function sealHash(lawId: string, sealedAt: string, entries: SealEntry[], outcomes: SealOutcome[]): Promise<string> {
  return sha256Hex(
    JSON.stringify([
      'civic-seal-v1',
      lawId,
      sealedAt,
      entries.map((e) => [e.kind, e.textId, e.seq, e.hash]),
      outcomes.map((o) => [o.articleId, o.adopted, o.winnerId]),
    ]),
  );
}

/**
 * The problems of one text's versions (or of several texts' versions mixed, grouped by text): each
 * version's hash must come from its content, and versions must run 1..n, each linked to the one before.
 */
export function verifyChain(versions: ChainVersion[]): Promise<ChainProblem[]> {
  return chainProblems(versions, () => true);
}

/**
 * A version as a text's history shows it (GET /api/decisions/history/{kind}/{id}): one withheld by
 * moderation comes without its words and its salt (null), so that its hash cannot be matched against
 * a guess; only its place in the chain can then be checked. Co-editors come with their names.
 */
export type ShownVersion = Omit<ChainVersion, 'salt' | 'coEditors'> & { salt: string | null; withheld: boolean; coEditors?: readonly { id: string }[] };

/** verifyChain over a history as shown: every link, and the hash of every version whose words are shown. */
export function verifyShownChain(versions: readonly ShownVersion[]): Promise<ChainProblem[]> {
  const chain = versions.map(({ withheld, salt, coEditors, ...version }) => ({
    ...version,
    salt: salt ?? '',
    coEditors: (coEditors ?? []).map((coEditor) => coEditor.id),
    withheld: withheld || salt === null,
  }));
  return chainProblems(chain, (version) => !version.withheld);
}

async function chainProblems<V extends ChainVersion>(versions: readonly V[], readable: (version: V) => boolean): Promise<ChainProblem[]> {
  const problems: ChainProblem[] = [];
  const byText = new Map<string, V[]>();
  for (const version of versions) byText.set(version.textId, [...(byText.get(version.textId) ?? []), version]);
  for (const [textId, chain] of byText) {
    const ordered = [...chain].sort((a, b) => a.seq - b.seq);
    for (const [index, version] of ordered.entries()) {
      if (readable(version) && (await versionHash(contentOf(version))) !== version.hash) problems.push({ problem: 'version-hash', textId, seq: version.seq });
      const expectedPrev = index === 0 ? GENESIS_HASH : ordered[index - 1]!.hash;
      if (version.seq !== index + 1 || version.prevHash !== expectedPrev) problems.push({ problem: 'broken-link', textId, seq: version.seq });
    }
  }
  return problems;
}

// Reading untrusted JSON: every field is checked before use, so bad input is a problem, never a throw.
type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const isString = (value: unknown): value is string => typeof value === 'string';
const isNullableString = (value: unknown): value is string | null => value === null || typeof value === 'string';
const isStringList = (value: unknown): value is string[] => Array.isArray(value) && value.every(isString);
const KINDS: readonly string[] = textKinds;
const CHANGES: readonly string[] = textChanges;
const ROLES: readonly string[] = textRoles;

function readVersion(value: unknown): ChainVersion | null {
  if (!isObject(value)) return null;
  const v = value;
  const valid =
    isString(v.kind) && KINDS.includes(v.kind) && isString(v.textId) && Number.isInteger(v.seq) && isString(v.change) && CHANGES.includes(v.change) &&
    isString(v.role) && ROLES.includes(v.role) && isString(v.editorId) && isNullableString(v.reason) && isNullableString(v.title) &&
    isNullableString(v.body) && isString(v.createdAt) && isString(v.prevHash) && isString(v.hash) && (v.salt === undefined || isString(v.salt)) &&
    (v.coEditors === undefined || isStringList(v.coEditors));
  if (!valid) return null;
  return {
    kind: v.kind as TextKind,
    textId: v.textId as string,
    seq: v.seq as number,
    change: v.change as TextChange,
    role: v.role as TextRole,
    editorId: v.editorId as string,
    reason: v.reason as string | null,
    title: v.title as string | null,
    body: v.body as string | null,
    createdAt: v.createdAt as string,
    prevHash: v.prevHash as string,
    // A file of version 1 has no salts: its versions are hashed the first way.
    salt: (v.salt as string | undefined) ?? '',
    // Files before version 3 have no co-editors: their versions were each written by one member.
    coEditors: (v.coEditors as string[] | undefined) ?? [],
    hash: v.hash as string,
  };
}

function readEntry(value: unknown): SealEntry | null {
  if (!isObject(value) || !isString(value.kind) || !KINDS.includes(value.kind) || !isString(value.textId) || !Number.isInteger(value.seq) || !isString(value.hash)) {
    return null;
  }
  return { kind: value.kind as TextKind, textId: value.textId, seq: value.seq as number, hash: value.hash };
}

function readOutcome(value: unknown): SealOutcome | null {
  if (!isObject(value) || !isString(value.articleId) || typeof value.adopted !== 'boolean' || !isString(value.winnerId)) return null;
  return { articleId: value.articleId, adopted: value.adopted, winnerId: value.winnerId };
}

/**
 * Everything a citizen checks from a law's open-data JSON alone (GET /api/laws/{id}/open-data): each
 * chain, that the seal holds the last hash of each sealed text and gives its own hash, and that the
 * law's text and each article's final text and outcome are those sealed.
 */
export function verifyOpenData(data: unknown): Promise<ChainReport> {
  return openDataReport(data);
}

async function openDataReport(data: unknown): Promise<ChainReport> {
  const root = isObject(data) ? data : {};
  const problems: ChainProblem[] = [];
  const chainTexts = isObject(root.chain) && Array.isArray(root.chain.texts) ? root.chain.texts : [];
  const versions: ChainVersion[] = [];
  const textIds = new Set<string>();
  for (const text of chainTexts) {
    const list = isObject(text) && Array.isArray(text.versions) ? text.versions : [];
    const textId = isObject(text) && isString(text.textId) ? text.textId : '';
    for (const [index, raw] of list.entries()) {
      const version = readVersion(raw);
      // An unreadable version is one whose content cannot give its hash.
      if (!version) problems.push({ problem: 'version-hash', textId, seq: index + 1 });
      else if (version.textId !== textId) problems.push({ problem: 'broken-link', textId, seq: version.seq });
      else versions.push(version);
    }
    if (textId) textIds.add(textId);
  }
  problems.push(...(await chainProblems(versions, () => true)));

  const sealValue = isObject(root.seal) ? root.seal : null;
  const claimed = sealValue && isString(sealValue.hash) ? sealValue.hash : null;
  const report = (): ChainReport => ({ ok: problems.length === 0, seal: claimed, texts: textIds.size, versions: versions.length, problems });
  if (!sealValue) {
    problems.push({ problem: 'no-seal' });
    return report();
  }

  const rawEntries = Array.isArray(sealValue.entries) ? sealValue.entries : null;
  const rawOutcomes = Array.isArray(sealValue.outcomes) ? sealValue.outcomes : null;
  const entries = (rawEntries ?? []).map(readEntry);
  const outcomes = (rawOutcomes ?? []).map(readOutcome);
  const readable =
    rawEntries !== null && rawOutcomes !== null && isString(sealValue.lawId) && isString(sealValue.sealedAt) && isString(sealValue.hash) &&
    entries.every((entry) => entry !== null) && outcomes.every((outcome) => outcome !== null);
  if (!readable) {
    problems.push({ problem: 'seal-hash' });
    return report();
  }
  const sealEntries = entries as SealEntry[];
  const sealOutcomes = outcomes as SealOutcome[];
  if ((await sealHash(sealValue.lawId as string, sealValue.sealedAt as string, sealEntries, sealOutcomes)) !== sealValue.hash) problems.push({ problem: 'seal-hash' });

  // The sealed version of each text, as its chain holds it.
  const sealed = new Map<string, ChainVersion>();
  for (const entry of sealEntries) {
    const version = versions.find((candidate) => candidate.textId === entry.textId && candidate.seq === entry.seq);
    const last = versions.filter((candidate) => candidate.textId === entry.textId).reduce((max, candidate) => Math.max(max, candidate.seq), 0);
    if (!version || version.hash !== entry.hash || version.kind !== entry.kind || version.seq !== last) problems.push({ problem: 'not-sealed', textId: entry.textId });
    else sealed.set(entry.textId, version);
  }

  const lawId = sealValue.lawId as string;
  const lawVersion = sealed.get(lawId);
  if (!lawVersion || lawVersion.kind !== 'law' || lawVersion.title !== root.title || lawVersion.body !== root.description) problems.push({ problem: 'law-text' });

  const articles = Array.isArray(root.articles) ? root.articles.filter(isObject) : [];
  const seen = new Set<string>();
  for (const article of articles) {
    const articleId = isString(article.id) ? article.id : '';
    const number = typeof article.number === 'number' ? article.number : null;
    seen.add(articleId);
    const outcome = sealOutcomes.find((candidate) => candidate.articleId === articleId);
    const winnerId = isString(article.replacedBy) ? article.replacedBy : articleId;
    const winner = outcome ? sealed.get(outcome.winnerId) : undefined;
    const matches =
      outcome !== undefined && winner !== undefined && outcome.winnerId === winnerId && outcome.adopted === article.adopted && winner.body === article.finalText;
    if (!matches) problems.push({ problem: 'adopted-text', articleId, number });
  }
  for (const outcome of sealOutcomes) {
    if (!seen.has(outcome.articleId)) problems.push({ problem: 'adopted-text', articleId: outcome.articleId, number: null });
  }
  return report();
}
