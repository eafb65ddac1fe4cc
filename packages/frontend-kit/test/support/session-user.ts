import type { SessionUser } from '@civic/contracts';

/** A verified member with no role, named after its id; `extra` changes any field. For the front ends' tests. */
export const sessionUser = (id: string, extra: Partial<SessionUser> = {}): SessionUser => ({
  id,
  userName: id,
  email: `${id}@example.org`,
  verified: true,
  moderator: false,
  scribe: false,
  locale: 'en',
  suspendedUntil: null,
  moderatorCandidateDate: null,
  scribeCandidateDate: null,
  greatWiseCandidateDate: null,
  madeProposal: false,
  memberSince: '2026-01-01T00:00:00.000Z',
  ...extra,
});
