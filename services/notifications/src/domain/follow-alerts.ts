/**
 * What each event tells the followers of a proposal or a law (docs/product.md#following): pure
 * functions from an event payload to the alerts for the followers of each document concerned. Which
 * followers get each alert is their preference (`followAlertKinds`), applied when the alerts are written.
 */
import { followAlertKinds, type EventPayload, type FinalVoteClosing, type NewestPayload, type LawArchived, type ProposalVoteClosed, type TextVersioned } from '@civic/contracts';
import { links, type AlertContent } from './alert-messages.js';

export type FollowAlertKey = keyof typeof followAlertKinds;
export type FollowPreferenceName = (typeof followAlertKinds)[FollowAlertKey];

/** The alert for the followers of one document. */
export interface FollowAlert extends AlertContent {
  messageKey: FollowAlertKey;
  documentId: string;
  /** A follower who is not told (the editor of their own text). */
  exceptUserId: string | null;
}

/** The follow alerts' message keys, for the digest. */
export const followAlertKeys = Object.keys(followAlertKinds) as FollowAlertKey[];

/** How many hexadecimal digits of a law's seal an alert shows (enough to compare it with the archive's). */
export const SEAL_DIGITS = 12;

export const followLinks = {
  history: (textKind: string, textId: string) => `/decisions/history/${textKind}/${textId}`,
  finalVote: '/decisions/final-vote',
} as const;

/** A document known to the projection: what its followers' alerts are titled. */
export type TitleOf = (documentId: string) => string | undefined;

/** What a text version changes in the projection of followable documents. */
export interface DocumentChange {
  id: string;
  kind: 'proposal' | 'law';
  title: string;
  /** The proposal or law itself was deleted. */
  deletedAt: string | null;
}

export function documentChange(payload: EventPayload<typeof TextVersioned>): DocumentChange {
  const isLaw = payload.textKind === 'law' || payload.lawId !== null;
  const deletesDocument = payload.change === 'deleted' && (payload.textKind === 'proposal' || payload.textKind === 'law');
  return { id: payload.documentId, kind: isLaw ? 'law' : 'proposal', title: payload.documentTitle, deletedAt: deletesDocument ? payload.at : null };
}

/**
 * A new version of one of the document's texts: its followers learn it was edited, not the editor.
 * The deletion of the proposal or law itself tells nobody (there is nothing left to read).
 */
export function textVersionedAlert(payload: EventPayload<typeof TextVersioned>): FollowAlert | null {
  if (documentChange(payload).deletedAt !== null) return null;
  return {
    documentId: payload.documentId,
    exceptUserId: payload.editorId,
    messageKey: 'followedEdited',
    params: { title: payload.documentTitle },
    link: followLinks.history(payload.textKind, payload.textId),
  };
}

/** The close of a vote on proposals: followers of each proposal learn its fate (the selected ones their rank). */
export function proposalVoteClosedAlerts(payload: EventPayload<typeof ProposalVoteClosed>, titleOf: TitleOf): FollowAlert[] {
  const alerts: FollowAlert[] = [];
  const add = (documentId: string, messageKey: FollowAlertKey, link: string, extra: Record<string, number> = {}) => {
    const title = titleOf(documentId);
    if (title !== undefined) alerts.push({ documentId, exceptUserId: null, messageKey, params: { title, ...extra }, link });
  };
  payload.selected.forEach((id, index) => add(id, 'followedSelected', links.creations, { rank: index + 1 }));
  for (const id of payload.secondChance) add(id, 'followedSecondChance', links.votingOnProposals);
  for (const id of payload.rejected) add(id, 'followedNotSelected', links.votingOnProposals);
  return alerts;
}

/** A law archived: its followers learn it was adopted (with the first digits of its seal) or rejected, once (first chunk). */
export function lawArchivedFollowAlert(payload: NewestPayload<typeof LawArchived>): FollowAlert | null {
  if (payload.chunk !== 1) return null;
  const base = { documentId: payload.lawId, exceptUserId: null, link: links.archive(payload.lawId) };
  if (!payload.adopted) return { ...base, messageKey: 'followedRejected', params: { title: payload.title } };
  return { ...base, messageKey: 'followedAdopted', params: { title: payload.title, seal: payload.seal?.slice(0, SEAL_DIGITS) ?? '' } };
}

/** The final vote closes soon: followers of each law still in it are told when. */
export function finalVoteClosingAlerts(payload: EventPayload<typeof FinalVoteClosing>): FollowAlert[] {
  return payload.laws.map((law) => ({
    documentId: law.lawId,
    exceptUserId: null,
    messageKey: 'followedFinalVoteClosing',
    params: { title: law.title, endsAt: payload.endsAt },
    link: followLinks.finalVote,
  }));
}
