// What the phase machine decides for laws: the law each selected proposal becomes with its drawn
// creators and events, and the archive of a law (text outcomes, state, LawArchived in chunks).
import { drawCreators } from '../src/domain/creators-draw.js';
import { sealHash } from '@civic/contracts';
import { archiveLaw, lawFromProposal, VOTERS_PER_EVENT, type VotedTextRow } from '../src/domain/law-lifecycle.js';

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const cycleId = uuid(900);
const at = new Date('2026-04-05T08:00:00.000Z');
/** The version of each event this service writes: none configured, so the oldest. */
const published = new Map<string, number>();
const text = (n: number, votesFor: number, against: number, parent: number | null = null): VotedTextRow => ({
  id: uuid(n),
  parentId: parent === null ? null : uuid(parent),
  for: votesFor,
  against,
  neutral: 0,
  blank: 0,
});

describe('a selected proposal becoming a law', () => {
  it('draws the creators with the seed and the law’s id, and implies LawCreated then LawCreatorsDrawn', () => {
    const eligible = [uuid(11), uuid(12), uuid(13), uuid(14)];
    const proposal = { id: uuid(1), userId: uuid(2), title: 'Free buses' };
    const law = lawFromProposal({ proposal, cycleId, seed: 'seed', eligible, perLaw: 2, at });
    expect(law.creators).toEqual(drawCreators('seed', uuid(1), eligible, 2));
    expect(law.creators).toHaveLength(2);
    expect(law.events.map((event) => [event.subject, event.payload])).toEqual([
      ['decisions.law.created', { lawId: uuid(1), userId: uuid(2) }],
      ['decisions.law.creators-drawn', { lawId: uuid(1), cycleId, title: 'Free buses', creators: law.creators }],
    ]);
  });
});

describe('archiving a law at the end of its final vote', () => {
  const law = { id: uuid(1), title: 'Free buses', deleted: false };

  it('marks the winning texts, adopts the law when one winner is adopted, and publishes its voters', async () => {
    // Article 10 is replaced by amendment 11 (more "for"); article 20 keeps its text and is rejected.
    const texts = [text(10, 2, 0), text(11, 3, 1, 10), text(20, 1, 4)];
    const archive = await archiveLaw({ law, cycleId, texts, voterIds: [uuid(31), uuid(32)], sealEntries: [], chainProblems: [], published, at });
    expect(archive.state).toBe('adopted');
    expect(archive.texts).toEqual([
      { id: uuid(10), winner: false, adopted: false },
      { id: uuid(11), winner: true, adopted: true },
      { id: uuid(20), winner: true, adopted: false },
    ]);
    expect(archive.events.map((event) => [event.subject, event.payload])).toEqual([
      ['decisions.law.archived', { lawId: uuid(1), cycleId, title: 'Free buses', adopted: true, voterIds: [uuid(31), uuid(32)], chunk: 1, chunks: 1 }],
    ]);
  });

  it('rejects a law with no adopted article, and still publishes one event without voters', async () => {
    const archive = await archiveLaw({ law, cycleId, texts: [text(10, 1, 1)], voterIds: [], sealEntries: [], chainProblems: [], published, at });
    expect(archive.state).toBe('rejected');
    expect(archive.events.map((event) => event.payload)).toEqual([{ lawId: uuid(1), cycleId, title: 'Free buses', adopted: false, voterIds: [], chunk: 1, chunks: 1 }]);
  });

  it('splits the voters into chunks of at most VOTERS_PER_EVENT', async () => {
    const voterIds = Array.from({ length: VOTERS_PER_EVENT * 2 + 1 }, (_, index) => uuid(10_000 + index));
    const archive = await archiveLaw({ law, cycleId, texts: [text(10, 5, 0)], voterIds, sealEntries: [], chainProblems: [], published, at });
    const payloads = archive.events.map((event) => event.payload as { voterIds: string[]; chunk: number; chunks: number });
    expect(payloads.map((payload) => [payload.chunk, payload.chunks, payload.voterIds.length])).toEqual([
      [1, 3, VOTERS_PER_EVENT],
      [2, 3, VOTERS_PER_EVENT],
      [3, 3, 1],
    ]);
    expect(payloads.flatMap((payload) => payload.voterIds)).toEqual(voterIds);
  });

  it('archives a deleted law as rejected without any event, its texts still marked', async () => {
    const archive = await archiveLaw({ law: { ...law, deleted: true }, cycleId, texts: [text(10, 5, 0)], voterIds: [uuid(31)], sealEntries: [], chainProblems: [], published, at });
    expect(archive.state).toBe('rejected');
    expect(archive.texts).toEqual([{ id: uuid(10), winner: true, adopted: true }]);
    expect(archive.events).toEqual([]);
  });

  it('seals the last versions given with each article’s outcome, and writes the seal into LawArchived version 2 when asked', async () => {
    const texts = [text(10, 2, 0), text(11, 3, 1, 10), text(20, 1, 4)];
    const sealEntries = [
      { kind: 'law' as const, textId: uuid(1), seq: 2, hash: 'a'.repeat(64) },
      { kind: 'article' as const, textId: uuid(10), seq: 1, hash: 'b'.repeat(64) },
      { kind: 'amendment' as const, textId: uuid(11), seq: 1, hash: 'c'.repeat(64) },
      { kind: 'article' as const, textId: uuid(20), seq: 3, hash: 'd'.repeat(64) },
    ];
    const v2 = new Map([['decisions.law.archived', 2]]);
    const archive = await archiveLaw({ law, cycleId, texts, voterIds: [uuid(31)], sealEntries, chainProblems: [], published: v2, at });
    const outcomes = [
      { articleId: uuid(10), adopted: true, winnerId: uuid(11) },
      { articleId: uuid(20), adopted: false, winnerId: uuid(20) },
    ];
    const hash = await sealHash(uuid(1), at.toISOString(), sealEntries, outcomes);
    expect(archive.seal).toEqual({ lawId: uuid(1), sealedAt: at.toISOString(), hash, entries: sealEntries, outcomes });
    expect(archive.events.map((event) => [event.version, (event.payload as { seal: string }).seal])).toEqual([[2, hash]]);
    // The default (version 1) leaves the seal out; a law without a version of its own has no seal.
    const v1 = await archiveLaw({ law, cycleId, texts, voterIds: [], sealEntries, chainProblems: [], published, at });
    expect(v1.events[0]?.version).toBe(1);
    expect(v1.events[0]?.payload).not.toHaveProperty('seal');
    expect((await archiveLaw({ law, cycleId, texts, voterIds: [], sealEntries: sealEntries.slice(1), chainProblems: [], published: v2, at })).seal).toBeNull();
    expect((await archiveLaw({ law: { ...law, deleted: true }, cycleId, texts, voterIds: [], sealEntries, chainProblems: [], published: v2, at })).seal).toBeNull();
  });

  it('refuses the seal over a broken chain: no seal, LawArchived without one, and LawSealRefused naming each broken version', async () => {
    const texts = [text(10, 2, 0)];
    const sealEntries = [
      { kind: 'law' as const, textId: uuid(1), seq: 2, hash: 'a'.repeat(64) },
      { kind: 'article' as const, textId: uuid(10), seq: 2, hash: 'b'.repeat(64) },
    ];
    const chainProblems = [
      { problem: 'version-hash' as const, textId: uuid(10), seq: 1 },
      { problem: 'broken-link' as const, textId: uuid(10), seq: 2 },
    ];
    const v2 = new Map([['decisions.law.archived', 2]]);
    const archive = await archiveLaw({ law, cycleId, texts, voterIds: [uuid(31)], sealEntries, chainProblems, published: v2, at });
    expect(archive.seal).toBeNull();
    expect(archive.state).toBe('adopted');
    expect(archive.events.map((event) => [event.subject, event.payload])).toEqual([
      ['decisions.law.archived', expect.objectContaining({ lawId: uuid(1), seal: null })],
      ['decisions.law.seal-refused', { lawId: uuid(1), cycleId, title: 'Free buses', problems: chainProblems, at: at.toISOString() }],
    ]);
    // A deleted law is never sealed, so nothing is refused.
    const deleted = await archiveLaw({ law: { ...law, deleted: true }, cycleId, texts, voterIds: [], sealEntries, chainProblems, published: v2, at });
    expect(deleted.events).toEqual([]);
  });
});
