import type { Locale, SessionUser, UserProfile } from '@civic/contracts';
import { formatDate } from './candidacy.js';
import { currentSuspension } from './suspension.js';

/** The stored account as the profile and session answers need it. */
export interface Account {
  id: string;
  email: string | null;
  userName: string;
  locale: string;
  verifiedAt: Date | null;
  createdAt: Date;
  moderator: boolean;
  scribe: boolean;
  moderatorCandidateDate: Date | null;
  scribeCandidateDate: Date | null;
  greatWiseCandidateDate: Date | null;
  suspendedUntil: Date | null;
  deletedAt: Date | null;
  madeProposal: boolean;
  lawsCreated: number;
  articlesCreated: number;
  chatMessages: number;
}

export function toSessionUser(account: Account, now: Date): SessionUser {
  return {
    id: account.id,
    userName: account.userName,
    email: account.email ?? '',
    verified: account.verifiedAt !== null,
    moderator: account.moderator,
    scribe: account.scribe,
    locale: account.locale === 'fr' ? 'fr' : ('en' satisfies Locale),
    suspendedUntil: currentSuspension(account.suspendedUntil, now)?.toISOString() ?? null,
    moderatorCandidateDate: formatDate(account.moderatorCandidateDate),
    scribeCandidateDate: formatDate(account.scribeCandidateDate),
    greatWiseCandidateDate: formatDate(account.greatWiseCandidateDate),
    madeProposal: account.madeProposal,
    memberSince: account.createdAt.toISOString(),
  };
}

/** Who reads a profile: the owner sees the email and suspension; moderators see the suspension too. */
export type ProfileViewer = 'owner' | 'moderator' | 'other';

export function toUserProfile(account: Account, viewer: ProfileViewer, now: Date): UserProfile {
  const profile: UserProfile = {
    id: account.id,
    userName: account.userName,
    memberSince: account.createdAt.toISOString(),
    lawsCreated: account.lawsCreated,
    articlesCreated: account.articlesCreated,
    chatMessages: account.chatMessages,
    moderator: account.moderator,
    scribe: account.scribe,
    moderatorCandidateDate: formatDate(account.moderatorCandidateDate),
    scribeCandidateDate: formatDate(account.scribeCandidateDate),
    greatWiseCandidateDate: formatDate(account.greatWiseCandidateDate),
    deleted: account.deletedAt !== null,
  };
  if (viewer === 'owner' && account.email !== null) profile.email = account.email;
  if (viewer !== 'other') profile.suspendedUntil = currentSuspension(account.suspendedUntil, now)?.toISOString() ?? null;
  return profile;
}
