import type { LawSummary } from '@civic/contracts';

/** The law shown without ?law=: the one the reader was drawn to write, else the first (null: none). */
export function defaultLaw(laws: readonly Pick<LawSummary, 'id' | 'creators'>[], readerId: string | null): string | null {
  const drawnFor = readerId ? laws.find((law) => law.creators.some((creator) => creator.userId === readerId)) : undefined;
  return (drawnFor ?? laws[0])?.id ?? null;
}
