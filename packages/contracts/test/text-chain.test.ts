/**
 * The verifiable version history (docs/text-chain.md): hashes equal a vector computed outside
 * JavaScript, a sealed law's open data verifies, and each kind of tampering is named.
 */
import {
  GENESIS_HASH,
  sealHash,
  verifyChain,
  verifyOpenData,
  verifyShownChain,
  versionCanonical,
  versionHash,
  type ChainVersion,
  type SealEntry,
  type SealOutcome,
  type TextChange,
  type TextKind,
  type TextRole,
} from '@civic/contracts';

const lawId = '0b6c8c2e-3f5e-4b8e-9a36-5a3c9f0a1d11';
const author = '11111111-1111-4111-8111-111111111111';
const articleId = '22222222-2222-4222-8222-222222222222';
const amendmentId = '33333333-3333-4333-8333-333333333333';
const keptId = '44444444-4444-4444-8444-444444444444';
const groupId = '55555555-5555-4555-8555-555555555555';
const sealedAt = '2026-11-27T10:00:00.123Z';

describe('hashing a version', () => {
  // Computed once with: printf '%s' '<the canonical form below>' | sha256sum
  const vector = {
    kind: 'article' as const,
    textId: lawId,
    seq: 2,
    change: 'edited' as const,
    role: 'scribe' as const,
    editorId: author,
    reason: 'Coquille « corrigée »',
    title: null,
    body: 'Élan ✓ 🚲\n"quoted" \\ back\ttab',
    createdAt: '2026-11-27T10:00:00.123Z',
    prevHash: 'ab'.repeat(32),
  };

  it('hashes accents, emoji, newlines, tabs, quotes and backslashes as the fixed vector', async () => {
    expect(versionCanonical(vector)).toBe(
      '["civic-text-v1","article","0b6c8c2e-3f5e-4b8e-9a36-5a3c9f0a1d11",2,"edited","scribe","11111111-1111-4111-8111-111111111111","Coquille « corrigée »",null,' +
        '"Élan ✓ 🚲\\n\\"quoted\\" \\\\ back\\ttab","2026-11-27T10:00:00.123Z","' +
        'ab'.repeat(32) +
        '"]',
    );
    expect(await versionHash(vector)).toBe('123ed96f305006765623261c690337fd6b63900f8f436012021a652feba36e07');
  });

  it('hashes a seal as the fixed vector', async () => {
    const entries: SealEntry[] = [{ kind: 'law', textId: lawId, seq: 2, hash: 'ab'.repeat(32) }];
    const outcomes: SealOutcome[] = [{ articleId, adopted: true, winnerId: articleId }];
    expect(await sealHash(lawId, sealedAt, entries, outcomes)).toBe('e8936e28e48ec73436e6386c07f5694ccbd6e603c68b0261a2b113bbffa55c4d');
  });
});

interface Step {
  kind: TextKind;
  change: TextChange;
  role?: TextRole;
  title?: string | null;
  body?: string | null;
  reason?: string | null;
  salt?: string;
  coEditors?: string[];
}

/** A chain of versions of one text, hashed link by link. */
async function chain(textId: string, steps: Step[]): Promise<ChainVersion[]> {
  const versions: ChainVersion[] = [];
  for (const [index, step] of steps.entries()) {
    const content = {
      kind: step.kind,
      textId,
      seq: index + 1,
      change: step.change,
      role: step.role ?? 'author',
      editorId: author,
      reason: step.reason ?? null,
      title: step.title ?? null,
      body: step.body ?? null,
      createdAt: `2026-11-0${index + 1}T08:00:00.000Z`,
      prevHash: versions.at(-1)?.hash ?? GENESIS_HASH,
      ...(step.salt === undefined ? {} : { salt: step.salt }),
      ...(step.coEditors === undefined ? {} : { coEditors: step.coEditors }),
    };
    versions.push({ ...content, hash: await versionHash(content) });
  }
  return versions;
}

/** The open data of a law whose article is replaced by an adopted amendment, and a second article kept but rejected. */
async function goodLaw() {
  const law = await chain(lawId, [
    { kind: 'proposal', change: 'created', title: 'Bike lanes', body: 'Everywhere.' },
    { kind: 'law', change: 'created', title: 'Bike lanes', body: 'Everywhere.' },
    { kind: 'law', change: 'edited', role: 'scribe', reason: 'Typo', title: 'Bike lanes', body: 'Everywhere in town.' },
  ]);
  const group = await chain(groupId, [{ kind: 'group', change: 'created', role: 'creator', title: 'Streets' }]);
  const article = await chain(articleId, [{ kind: 'article', change: 'created', body: 'Paint lanes.' }]);
  const amendment = await chain(amendmentId, [
    { kind: 'amendment', change: 'created', title: 'Wider', body: 'Paint wide lanes.' },
    { kind: 'amendment', change: 'edited', title: 'Wider', body: 'Paint wide, safe lanes.' },
  ]);
  const kept = await chain(keptId, [{ kind: 'article', change: 'created', body: 'Fund repairs.' }]);
  const chains = [law, group, article, amendment, kept];
  const entries: SealEntry[] = chains.map((versions) => {
    const last = versions.at(-1)!;
    return { kind: last.kind, textId: last.textId, seq: last.seq, hash: last.hash };
  });
  const outcomes: SealOutcome[] = [
    { articleId, adopted: true, winnerId: amendmentId },
    { articleId: keptId, adopted: false, winnerId: keptId },
  ];
  return {
    id: lawId,
    title: 'Bike lanes',
    description: 'Everywhere in town.',
    articles: [
      { id: articleId, number: 1, adopted: true, replacedBy: amendmentId, finalText: 'Paint wide, safe lanes.', body: 'Paint lanes.' },
      { id: keptId, number: 2, adopted: false, replacedBy: null, finalText: 'Fund repairs.', body: 'Fund repairs.' },
    ],
    chain: { algorithm: 'civic-text-chain-v1', texts: chains.map((versions) => ({ kind: versions.at(-1)!.kind, textId: versions[0]!.textId, versions })) },
    seal: { algorithm: 'civic-seal-v1', lawId, sealedAt, hash: await sealHash(lawId, sealedAt, entries, outcomes), entries, outcomes },
  };
}

type OpenData = Awaited<ReturnType<typeof goodLaw>>;
const textOf = (data: OpenData, id: string) => data.chain.texts.find((text) => text.textId === id)!;

/** Re-seals after changing entries or outcomes, as a forger who recomputes the seal hash would. */
async function reseal(data: OpenData): Promise<void> {
  data.seal.hash = await sealHash(data.seal.lawId, data.seal.sealedAt, data.seal.entries, data.seal.outcomes);
}

describe('verifying the open data of a sealed law', () => {
  it('accepts a good law', async () => {
    const data = await goodLaw();
    expect(await verifyOpenData(data)).toEqual({ ok: true, seal: data.seal.hash, texts: 5, versions: 8, problems: [] });
  });

  it('names a changed version body, and the chain still links', async () => {
    const data = await goodLaw();
    textOf(data, amendmentId).versions[0]!.body = 'Paint narrow lanes.';
    const report = await verifyOpenData(data);
    expect(report.ok).toBe(false);
    expect(report.problems).toEqual([{ problem: 'version-hash', textId: amendmentId, seq: 1 }]);
  });

  it('names a broken link when a version is rehashed on another previous hash', async () => {
    const data = await goodLaw();
    const version = textOf(data, lawId).versions[1]!;
    version.prevHash = 'f'.repeat(64);
    const { hash: _hash, ...content } = version;
    version.hash = await versionHash(content);
    const report = await verifyOpenData(data);
    expect(report.problems).toContainEqual({ problem: 'broken-link', textId: lawId, seq: 2 });
    expect(report.problems).not.toContainEqual(expect.objectContaining({ problem: 'version-hash' }));
  });

  it('names a seal entry that is not the hash of the sealed version', async () => {
    const data = await goodLaw();
    data.seal.entries[2] = { ...data.seal.entries[2]!, hash: 'e'.repeat(64) };
    await reseal(data);
    expect((await verifyOpenData(data)).problems).toEqual([{ problem: 'not-sealed', textId: articleId }]);
  });

  it('names a seal entry for an earlier version than the last one', async () => {
    const data = await goodLaw();
    const first = textOf(data, amendmentId).versions[0]!;
    data.seal.entries[3] = { kind: 'amendment', textId: amendmentId, seq: 1, hash: first.hash };
    await reseal(data);
    expect((await verifyOpenData(data)).problems).toContainEqual({ problem: 'not-sealed', textId: amendmentId });
  });

  it('names a seal hash that its entries and outcomes do not give', async () => {
    const data = await goodLaw();
    data.seal.hash = 'c'.repeat(64);
    expect((await verifyOpenData(data)).problems).toEqual([{ problem: 'seal-hash' }]);
  });

  it('names an article whose final text differs from its sealed winner', async () => {
    const data = await goodLaw();
    data.articles[0]!.finalText = 'Paint no lanes.';
    expect((await verifyOpenData(data)).problems).toEqual([{ problem: 'adopted-text', articleId, number: 1 }]);
  });

  it('names an article whose outcome differs from the sealed one', async () => {
    const data = await goodLaw();
    data.articles[1]!.adopted = true;
    expect((await verifyOpenData(data)).problems).toEqual([{ problem: 'adopted-text', articleId: keptId, number: 2 }]);
    const swapped = await goodLaw();
    swapped.seal.outcomes[0] = { articleId, adopted: true, winnerId: articleId };
    await reseal(swapped);
    expect((await verifyOpenData(swapped)).problems).toEqual([{ problem: 'adopted-text', articleId, number: 1 }]);
  });

  it('names a law description that differs from its sealed version', async () => {
    const data = await goodLaw();
    data.description = 'Nowhere.';
    expect((await verifyOpenData(data)).problems).toEqual([{ problem: 'law-text' }]);
  });

  it('reports a law without a seal, and never throws on anything', async () => {
    const data = await goodLaw();
    expect((await verifyOpenData({ ...data, seal: null })).problems).toEqual([{ problem: 'no-seal' }]);
    for (const input of [null, 42, 'text', [], {}, { chain: { texts: [{ versions: [1, null] }] }, seal: { entries: 'x' } }]) {
      const report = await verifyOpenData(input);
      expect(report.ok).toBe(false);
      expect(report.problems.length).toBeGreaterThan(0);
    }
  });
});

describe('verifying one chain', () => {
  it('accepts a chain and names versions out of sequence', async () => {
    const versions = await chain(articleId, [
      { kind: 'article', change: 'created', body: 'A' },
      { kind: 'article', change: 'deleted' },
    ]);
    expect(await verifyChain(versions)).toEqual([]);
    expect(await verifyChain(versions.slice(1))).toEqual([{ problem: 'broken-link', textId: articleId, seq: 2 }]);
  });
});

describe('co-editors (civic-text-v3)', () => {
  const alice = '22222222-2222-4222-8222-222222222222';
  const bob = '44444444-4444-4444-8444-444444444444';
  const salt = 'c2FsdGVkLXRlc3QtMTIzNA';
  const live = {
    kind: 'amendment' as const,
    textId: amendmentId,
    seq: 3,
    change: 'edited' as const,
    role: 'creator' as const,
    editorId: author,
    reason: null,
    title: 'Wider',
    body: 'Paint wide lanes.\nBoth sides.',
    createdAt: '2026-11-27T10:05:00.000Z',
    prevHash: 'ab'.repeat(32),
    salt,
    coEditors: [alice, bob],
  };

  it('hashes a version with co-editors in the documented third form, as the fixed vector', async () => {
    // docs/text-chain.md#hashing-a-version, written out by hand; the hash computed once with
    // printf '%s' '<this form>' | sha256sum
    const documented =
      '["civic-text-v3","amendment","33333333-3333-4333-8333-333333333333",3,"edited","creator","11111111-1111-4111-8111-111111111111",null,' +
      '"Wider","Paint wide lanes.\\nBoth sides.","2026-11-27T10:05:00.000Z","' +
      'ab'.repeat(32) +
      '","c2FsdGVkLXRlc3QtMTIzNA",["22222222-2222-4222-8222-222222222222","44444444-4444-4444-8444-444444444444"]]';
    expect(versionCanonical(live)).toBe(documented);
    expect(await versionHash(live)).toBe('f51fad6ec32696b4a041359a5f6082216326be291cb1ae04e3be99ac80a7bd8c');
  });

  it('hashes a version without co-editors as before they existed, salted or not', async () => {
    const { coEditors: _coEditors, ...alone } = live;
    expect(versionCanonical({ ...live, coEditors: [] })).toBe(versionCanonical(alone));
    expect(versionCanonical({ ...live, coEditors: [] }).startsWith('["civic-text-v2",')).toBe(true);
    expect(versionCanonical({ ...live, coEditors: [], salt: '' }).startsWith('["civic-text-v1",')).toBe(true);
    expect(await versionHash({ ...live, coEditors: [] })).toBe(await versionHash(alone));
    expect(await versionHash(live)).not.toBe(await versionHash(alone));
  });

  /** One amendment edited alone (v2), then live with co-editors (v3), then alone again. */
  const mixed = () =>
    chain(amendmentId, [
      { kind: 'amendment', change: 'created', title: 'Wider', body: 'Paint wide lanes.', salt: 'QUJDREVGR0hJSktMTU5PUA' },
      { kind: 'amendment', change: 'edited', role: 'creator', title: 'Wider', body: 'Paint wide, safe lanes.', salt, coEditors: [alice, bob] },
      { kind: 'amendment', change: 'edited', title: 'Wider', body: 'Paint wide, safe, green lanes.', salt: 'cXJzdHV2d3h5ejAxMjM0NQ', coEditors: [] },
    ]);

  it('verifies a chain mixing versions with and without co-editors', async () => {
    const versions = await mixed();
    expect(versionCanonical(versions[0]!).startsWith('["civic-text-v2",')).toBe(true);
    expect(versionCanonical(versions[1]!).startsWith('["civic-text-v3",')).toBe(true);
    expect(versionCanonical(versions[2]!).startsWith('["civic-text-v2",')).toBe(true);
    expect(await verifyChain(versions)).toEqual([]);
  });

  it('names the version whose co-editors were changed, removed, reordered or added', async () => {
    const versions = await mixed();
    const tampered = (change: Partial<ChainVersion>, at = 1) => verifyChain(versions.map((version, index) => (index === at ? { ...version, ...change } : version)));
    const problem = (seq: number) => [{ problem: 'version-hash', textId: amendmentId, seq }];
    expect(await tampered({ coEditors: [alice, lawId] })).toEqual(problem(2));
    expect(await tampered({ coEditors: [alice] })).toEqual(problem(2));
    expect(await tampered({ coEditors: [] })).toEqual(problem(2));
    expect(await tampered({ coEditors: [bob, alice] })).toEqual(problem(2));
    expect(await tampered({ coEditors: [alice] }, 2)).toEqual(problem(3));
  });

  it('checks co-editors in a history as shown, with their names, and in open data of version 3', async () => {
    const versions = await mixed();
    const shown = versions.map(({ coEditors, salt, ...version }) => ({ ...version, salt: salt ?? '', withheld: false, coEditors: (coEditors ?? []).map((id) => ({ id, name: 'Alice' })) }));
    expect(await verifyShownChain(shown)).toEqual([]);
    shown[1] = { ...shown[1]!, coEditors: [{ id: alice, name: 'Alice' }] };
    expect(await verifyShownChain(shown)).toEqual([{ problem: 'version-hash', textId: amendmentId, seq: 2 }]);

    const data = await goodLaw();
    const text = textOf(data, amendmentId);
    text.versions = await mixed();
    data.articles[0]!.finalText = 'Paint wide, safe, green lanes.';
    data.seal.entries[3] = { kind: 'amendment', textId: amendmentId, seq: 3, hash: text.versions[2]!.hash };
    await reseal(data);
    expect(await verifyOpenData({ ...data, chain: { ...data.chain, algorithm: 'civic-text-chain-v3' } })).toMatchObject({ ok: true, problems: [] });
    text.versions[1] = { ...text.versions[1]!, coEditors: [bob] };
    expect((await verifyOpenData(data)).problems).toEqual([{ problem: 'version-hash', textId: amendmentId, seq: 2 }]);
    text.versions[1] = { ...text.versions[1]!, coEditors: 'Bob' as unknown as string[] };
    expect((await verifyOpenData(data)).problems).toContainEqual({ problem: 'version-hash', textId: amendmentId, seq: 2 });
  });
});
