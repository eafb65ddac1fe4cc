/** The creators draw recomputed in the browser (algorithm sha256-fisher-yates-v1, as the service documents it; unit-tested). */

async function block(seed: string, lawId: string, index: number): Promise<Uint8Array> {
  const data = new TextEncoder().encode(`${seed}:${lawId}:${index}`);
  return new Uint8Array(await crypto.subtle.digest('SHA-256', data));
}

/** Recomputes the creators from the published seed and eligible list (same result as the service). */
export async function recomputeDraw(seed: string, lawId: string, eligible: readonly string[], perLaw: number): Promise<string[]> {
  const pool = [...new Set(eligible.map((value) => value.toLowerCase()))].sort();
  const k = Math.min(Math.max(0, perLaw), pool.length);
  let index = 0;
  let bytes: Uint8Array = new Uint8Array(0);
  let offset = 0;
  const next = async () => {
    if (offset + 4 > bytes.length) {
      bytes = await block(seed, lawId.toLowerCase(), index++);
      offset = 0;
    }
    const value = ((bytes[offset]! << 24) >>> 0) + (bytes[offset + 1]! << 16) + (bytes[offset + 2]! << 8) + bytes[offset + 3]!;
    offset += 4;
    return value;
  };
  const uniform = async (range: number) => {
    const limit = Math.floor(0x1_0000_0000 / range) * range;
    for (;;) {
      const x = await next();
      if (x < limit) return x % range;
    }
  };
  for (let j = 0; j < k; j++) {
    const r = j + (await uniform(pool.length - j));
    [pool[j], pool[r]] = [pool[r]!, pool[j]!];
  }
  return pool.slice(0, k);
}
