// The version history rules (docs/product.md#version-history): who must give a reason, who a change
// is made as, and how a version follows the one before it.
import { GENESIS_HASH, versionCanonical, versionHash, verifyChain, verifyShownChain } from '@civic/contracts';
import { newSalt } from '../src/commands/record-version.js';
import { canonicalCoEditors, editReason, nextVersion, proposalRole, textVersioned, withArticleRole } from '../src/domain/text-versions.js';

const author = '11111111-1111-4111-8111-111111111111';
const moderator = '22222222-2222-4222-8222-222222222222';
const textId = '33333333-3333-4333-8333-333333333333';
const at = new Date('2026-11-27T10:00:00.123Z');
const salt = 'c2FsdGVkLXRlc3QtMTIzNA';

describe('the reason of an edit', () => {
  it('is required from a scribe or a moderator, trimmed', () => {
    for (const role of ['scribe', 'moderator'] as const) {
      expect(editReason(role, '  Spelling  ')).toEqual({ kept: 'Spelling' });
      for (const missing of [undefined, null, '', '   ']) expect(editReason(role, missing)).toEqual({ key: 'reasonRequired', status: 400, reason: 'reason-required' });
    }
  });

  it('is never kept for the author’s own edit or a creator’s', () => {
    expect(editReason('author', 'Because')).toEqual({ kept: null });
    expect(editReason('creator', 'Because')).toEqual({ kept: null });
    expect(editReason('author', undefined)).toEqual({ kept: null });
  });

  it('names a proposal change by anyone but its author a moderator’s', () => {
    expect(proposalRole(author, author)).toBe('author');
    expect(proposalRole(moderator, author)).toBe('moderator');
  });

  it('names the tombstone of an amendment deleted with its article as seen from the amendment', () => {
    const other = '44444444-4444-4444-8444-444444444444';
    expect(withArticleRole('author', author, author)).toBe('author');
    expect(withArticleRole('author', author, other)).toBe('creator');
    expect(withArticleRole('moderator', moderator, other)).toBe('moderator');
    expect(withArticleRole('moderator', moderator, moderator)).toBe('moderator');
  });
});

describe('the next version of a text', () => {
  const content = { kind: 'article' as const, textId, change: 'created' as const, role: 'author' as const, editorId: author, reason: null, title: null, body: 'Paint lanes.' };

  it('starts a chain at seq 1 on the genesis hash, its hash from its content', async () => {
    const version = await nextVersion(null, content, at, salt);
    const { hash, ...rest } = version;
    expect(rest).toEqual({ ...content, seq: 1, createdAt: '2026-11-27T10:00:00.123Z', prevHash: GENESIS_HASH, salt, coEditors: [] });
    expect(hash).toBe(await versionHash(rest));
  });

  it('follows the last version, and a tombstone keeps no words', async () => {
    const first = await nextVersion(null, content, at, salt);
    const tombstone = await nextVersion(first, { ...content, change: 'deleted', role: 'moderator', editorId: moderator }, at, newSalt());
    expect(tombstone).toMatchObject({ seq: 2, prevHash: first.hash, title: null, body: null, role: 'moderator' });
  });

  it('names its co-editors in canonical order and hashes them in the third form; a tombstone names none', async () => {
    const [b, a] = ['bbbbbbbb-0000-4000-8000-000000000002', 'aaaaaaaa-0000-4000-8000-000000000001'];
    const live = await nextVersion(null, { ...content, coEditors: [b.toUpperCase(), author, a, b] }, at, salt);
    expect(live.coEditors).toEqual([a, b]);
    const { hash, ...rest } = live;
    expect(versionCanonical(rest)).toBe(
      `["civic-text-v3","article","${textId}",1,"created","author","${author}",null,null,"Paint lanes.","2026-11-27T10:00:00.123Z","${GENESIS_HASH}","${salt}",["${a}","${b}"]]`,
    );
    expect(hash).toBe(await versionHash(rest));
    const tombstone = await nextVersion(live, { ...content, change: 'deleted', coEditors: [a] }, at, newSalt());
    expect(tombstone.coEditors).toEqual([]);
    expect(await verifyChain([live, tombstone])).toEqual([]);
  });

  it('keeps co-editors lower-case, each once, sorted, never the editor', () => {
    expect(canonicalCoEditors(['B', 'a', 'b', author.toUpperCase()], author)).toEqual(['a', 'b']);
    expect(canonicalCoEditors([], author)).toEqual([]);
  });

  it('announces the version as TextVersioned for its document', async () => {
    const version = await nextVersion(null, content, at, salt);
    const event = textVersioned(version, { documentId: author, documentTitle: 'Bike lanes', lawId: author }, at);
    expect(event.subject).toBe('decisions.text.versioned');
    expect(event.payload).toEqual({
      textKind: 'article',
      textId,
      documentId: author,
      documentTitle: 'Bike lanes',
      lawId: author,
      seq: 1,
      change: 'created',
      role: 'author',
      editorId: author,
      hash: version.hash,
      at: '2026-11-27T10:00:00.123Z',
    });
  });
});

describe('the salt of a version (docs/text-chain.md#hashing-a-version)', () => {
  const content = { kind: 'article' as const, textId, change: 'created' as const, role: 'author' as const, editorId: author, reason: null, title: null, body: 'Paint lanes.' };

  it('is 16 random bytes in base64url, new for every version', () => {
    const salts = Array.from({ length: 50 }, newSalt);
    for (const one of salts) expect(one).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(new Set(salts).size).toBe(50);
  });

  it('is committed to by the hash: the version-2 form ends with it, and the same words hashed without it give another hash', async () => {
    const version = await nextVersion(null, content, at, salt);
    const { hash, ...rest } = version;
    expect(versionCanonical(rest)).toBe(
      `["civic-text-v2","article","${textId}",1,"created","author","${author}",null,null,"Paint lanes.","2026-11-27T10:00:00.123Z","${GENESIS_HASH}","${salt}"]`,
    );
    // A guess of the words hashed the first way (no salt) does not give the published hash.
    expect(await versionHash({ ...rest, salt: '' })).not.toBe(hash);
    expect(await versionHash({ ...rest, salt: newSalt() })).not.toBe(hash);
    expect(await verifyChain([version])).toEqual([]);
  });

  it('refuses to write a version without a proper salt', async () => {
    for (const bad of ['', 'short', 'x'.repeat(23), 'c2FsdGVkLXRlc3QtMTIz+A']) await expect(nextVersion(null, content, at, bad)).rejects.toThrow();
  });

  it('keeps a chain of version 1 (no salt) valid, next to salted versions after it', async () => {
    const old = { ...content, seq: 1, createdAt: at.toISOString(), prevHash: GENESIS_HASH, salt: '' };
    const first = { ...old, hash: await versionHash(old) };
    expect(versionCanonical(old).startsWith('["civic-text-v1",')).toBe(true);
    const second = await nextVersion(first, { ...content, change: 'edited', body: 'Paint wide lanes.' }, at, salt);
    expect(await verifyChain([first, second])).toEqual([]);
  });

  it('lets a shown history check the links of withheld versions and the hashes of the others', async () => {
    const first = await nextVersion(null, content, at, salt);
    const tombstone = await nextVersion(first, { ...content, change: 'deleted', role: 'moderator', editorId: moderator }, at, newSalt());
    const withheld = [first, tombstone].map((version) => ({ ...version, title: null, body: null, salt: null, coEditors: [], withheld: true }));
    expect(await verifyShownChain(withheld)).toEqual([]);
    const shown = (version: typeof first) => ({ ...version, coEditors: version.coEditors.map((id) => ({ id, name: '' })), withheld: false });
    expect(await verifyShownChain([shown(first), shown(tombstone)])).toEqual([]);
    expect(await verifyShownChain([{ ...shown(first), body: 'Other words.' }])).toEqual([{ problem: 'version-hash', textId, seq: 1 }]);
    expect(await verifyShownChain([withheld[0]!, { ...withheld[1]!, prevHash: GENESIS_HASH }])).toEqual([{ problem: 'broken-link', textId, seq: 2 }]);
  });
});
