/**
 * The creators draw (docs/product.md), free of I/O so anyone can re-run it.
 *
 * Algorithm `sha256-fisher-yates-v1`:
 * 1. The eligible users are the verified, non-deleted, non-suspended members who voted on at least one
 *    proposal of the cycle, as they stood when the vote closed, sorted by id (ascending, lower-case UUID text).
 * 2. Each law is drawn on its own, from the whole eligible list, with the seed published when the vote
 *    closed (`decisions.proposal-vote.closed`) and the law's id (the id of the proposal it came from).
 * 3. Random numbers come from a byte stream: block i is SHA-256 of the UTF-8 text `<seed>:<lawId>:<i>`
 *    (i = 0, 1, 2, ...); the stream is read 4 bytes at a time as unsigned big-endian 32-bit integers.
 * 4. uniform(m) takes the next integer x and rejects it while x >= floor(2^32 / m) * m (no modulo
 *    bias), then answers x mod m.
 * 5. A partial Fisher-Yates shuffle of a copy of the sorted list: for j = 0 .. k-1, swap position j
 *    with position j + uniform(n - j). The creators are positions 0 .. k-1 in that order, with
 *    k = min(creatorsPerLaw, n).
 */
import { createHash } from 'node:crypto';

export const DRAW_ALGORITHM = 'sha256-fisher-yates-v1';

const TWO_32 = 0x1_0000_0000;

/** A deterministic stream of unsigned 32-bit integers from the seed and the law's id. */
export function randomStream(seed: string, lawId: string): () => number {
  let block = 0;
  let bytes = Buffer.alloc(0);
  let offset = 0;
  return () => {
    if (offset + 4 > bytes.length) {
      bytes = createHash('sha256').update(`${seed}:${lawId}:${block}`, 'utf8').digest();
      block += 1;
      offset = 0;
    }
    const value = bytes.readUInt32BE(offset);
    offset += 4;
    return value;
  };
}

/** An unbiased integer in [0, m) from the stream. */
export function uniform(next: () => number, m: number): number {
  if (!Number.isInteger(m) || m < 1 || m > TWO_32) throw new RangeError(`uniform: bad range ${m}`);
  const limit = Math.floor(TWO_32 / m) * m;
  for (;;) {
    const x = next();
    if (x < limit) return x % m;
  }
}

/** The eligible list in its canonical order: unique ids, lower case, sorted. */
export function canonicalEligible(ids: Iterable<string>): string[] {
  return [...new Set([...ids].map((id) => id.toLowerCase()))].sort();
}

/** A voter of the cycle as the citizen projection knows them when the vote closes (not verified when it knows nothing of them). */
export interface DrawVoter {
  id: string;
  verified: boolean;
  deleted: boolean;
  suspendedUntil: Date | null;
}

/** Step 1: the voters eligible at `at` (verified, account not deleted, not suspended then), in canonical order. */
export function drawEligible(voters: Iterable<DrawVoter>, at: Date): string[] {
  const eligible = [...voters].filter((voter) => voter.verified && !voter.deleted && (voter.suspendedUntil === null || voter.suspendedUntil.getTime() <= at.getTime()));
  return canonicalEligible(eligible.map((voter) => voter.id));
}

/** The creators of one law: `min(perLaw, eligible.length)` distinct users, in draw order. */
export function drawCreators(seed: string, lawId: string, eligible: readonly string[], perLaw: number): string[] {
  const pool = canonicalEligible(eligible);
  const k = Math.min(Math.max(0, perLaw), pool.length);
  const next = randomStream(seed, lawId.toLowerCase());
  for (let j = 0; j < k; j++) {
    const r = j + uniform(next, pool.length - j);
    const swap = pool[j]!;
    pool[j] = pool[r]!;
    pool[r] = swap;
  }
  return pool.slice(0, k);
}
