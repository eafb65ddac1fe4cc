import { createHash, randomUUID } from 'node:crypto';
import { canonicalEligible, drawCreators, drawEligible, randomStream, uniform, type DrawVoter } from '../src/domain/creators-draw.js';

const eligible = Array.from({ length: 40 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);
const seed = 'a3f1c2d4e5b60718293a4b5c6d7e8f90a3f1c2d4e5b60718293a4b5c6d7e8f90';
const lawId = '11111111-2222-4333-8444-555555555555';

describe('the creators draw', () => {
  it('is reproducible: the same seed, law and eligible list give the same creators, whatever the list order', () => {
    const first = drawCreators(seed, lawId, eligible, 5);
    expect(first).toHaveLength(5);
    expect(new Set(first).size).toBe(5);
    expect(drawCreators(seed, lawId, [...eligible].reverse(), 5)).toEqual(first);
    expect(drawCreators(seed, lawId.toUpperCase(), eligible.map((id) => id.toUpperCase()), 5)).toEqual(first);
  });

  it('pins the algorithm: a known input gives a known output (sha256-fisher-yates-v1)', () => {
    // Recomputed by hand from the documented algorithm; changing the algorithm breaks this on purpose.
    const next = randomStream(seed, lawId);
    const first = next();
    expect(first).toBe(createHash('sha256').update(`${seed}:${lawId}:0`).digest().readUInt32BE(0));
    const pool = canonicalEligible(eligible);
    const replay = randomStream(seed, lawId);
    for (let j = 0; j < 5; j++) {
      const r = j + uniform(replay, pool.length - j);
      [pool[j], pool[r]] = [pool[r]!, pool[j]!];
    }
    expect(drawCreators(seed, lawId, eligible, 5)).toEqual(pool.slice(0, 5));
  });

  it('differs between laws and between seeds', () => {
    const a = drawCreators(seed, lawId, eligible, 5);
    expect(drawCreators(seed, randomUUID(), eligible, 5)).not.toEqual(a);
    expect(drawCreators(`${seed}0`, lawId, eligible, 5)).not.toEqual(a);
  });

  it('takes everyone when fewer are eligible than seats, and nobody from an empty list', () => {
    expect(drawCreators(seed, lawId, eligible.slice(0, 3), 5).sort()).toEqual(eligible.slice(0, 3));
    expect(drawCreators(seed, lawId, [], 5)).toEqual([]);
    expect(drawCreators(seed, lawId, ['b', 'a', 'a'], 5).sort()).toEqual(['a', 'b']);
  });

  it('is uniform: over many draws every eligible user is picked about equally often', () => {
    const counts = new Map<string, number>(eligible.slice(0, 10).map((id) => [id, 0]));
    const runs = 4000;
    for (let i = 0; i < runs; i++) for (const id of drawCreators(`seed-${i}`, lawId, eligible.slice(0, 10), 5)) counts.set(id, counts.get(id)! + 1);
    // Each of 10 users is expected in half of the draws (2000); 4 standard deviations is about 130.
    for (const count of counts.values()) expect(Math.abs(count - runs / 2)).toBeLessThan(130);
  });

  it('draws unbiased integers in range and refuses a bad range', () => {
    const next = randomStream(seed, lawId);
    for (let i = 0; i < 1000; i++) {
      const value = uniform(next, 7);
      expect(value).toBeGreaterThanOrEqual(0);
      expect(value).toBeLessThan(7);
    }
    expect(() => uniform(next, 0)).toThrow(RangeError);
    // Rejection: a stream that gives the top value first skips it.
    const values = [0xffffffff, 5];
    expect(uniform(() => values.shift()!, 3)).toBe(2);
  });
});

describe('who may be drawn', () => {
  const closedAt = new Date('2026-03-01T12:00:00.000Z');
  const voter = (id: string, standing: Partial<DrawVoter> = {}): DrawVoter => ({ id, verified: true, deleted: false, suspendedUntil: null, ...standing });

  it('keeps the verified voters whose account exists and who are not suspended when the vote closes, in canonical order', () => {
    const voters = [
      voter('CCCCCCCC-0000-4000-8000-000000000003'),
      voter('aaaaaaaa-0000-4000-8000-000000000001'),
      voter('dddddddd-0000-4000-8000-000000000004', { verified: false }),
      voter('eeeeeeee-0000-4000-8000-000000000005', { deleted: true }),
      voter('ffffffff-0000-4000-8000-000000000006', { suspendedUntil: new Date(closedAt.getTime() + 1) }),
      voter('bbbbbbbb-0000-4000-8000-000000000002', { suspendedUntil: closedAt }),
    ];
    expect(drawEligible(voters, closedAt)).toEqual([
      'aaaaaaaa-0000-4000-8000-000000000001',
      'bbbbbbbb-0000-4000-8000-000000000002',
      'cccccccc-0000-4000-8000-000000000003',
    ]);
  });

  it('draws nobody when no voter is eligible', () => {
    expect(drawEligible([], closedAt)).toEqual([]);
    expect(drawEligible([voter('aaaaaaaa-0000-4000-8000-000000000001', { verified: false })], closedAt)).toEqual([]);
  });
});
