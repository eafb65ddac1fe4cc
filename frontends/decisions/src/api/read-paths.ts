/**
 * The addresses of the reads a page may start before its screen renders (first-reads.ts), and that
 * the api modules' calls ask: one place for both, so an early read is taken by the screen's own.
 * Kept apart from those modules, which the remote's first chunk does not load.
 */
import type { LawState, ProposalCategory } from '@civic/contracts';
import { id, query } from './paths.js';

export const readPaths = {
  cycles: '/api/decisions',
  proposals: (filter: { q?: string; category?: ProposalCategory }) => `/api/proposals${query(filter)}`,
  laws: (filter: { q?: string; category?: ProposalCategory; state?: LawState; cycleId?: string; before?: string }) => `/api/laws${query(filter)}`,
  law: (lawId: string, lang: string) => `/api/laws/${id(lawId)}${query({ lang })}`,
};
