/**
 * What each event of the other services tells whom: pure functions from an event payload to the
 * alerts it makes. An alert carries a message key and parameters (the browser words it in the
 * reader's language, frontends/shell/src/i18n `notifications.message.<key>`) and the shell route of
 * the content concerned (docs/product.md#screens-and-routes).
 */
import type { AlertMessageKey, EventPayload } from '@civic/contracts';
import type * as events from '@civic/contracts';
import { chatRoomPattern } from '@civic/contracts';

export type ParamValue = string | number;
export type AlertParams = Record<string, ParamValue>;

/** The content of one alert, for one user or for several. */
export interface AlertContent {
  messageKey: AlertMessageKey;
  params: AlertParams;
  /** Shell route of the content concerned, or null. */
  link: string | null;
}

/** An alert for each of `userIds`. */
export interface AlertBatch extends AlertContent {
  userIds: string[];
}

/** An alert for every member who still has an account (a phase of a decision starts or ends). */
export interface BroadcastAlert extends AlertContent {
  everyone: true;
}

const uniq = (ids: readonly string[]) => [...new Set(ids)];
const one = (userId: string, content: AlertContent): AlertBatch[] => [{ ...content, userIds: [userId] }];

export const links = {
  decision: (cycleId: string) => `/decisions/${cycleId}`,
  proposals: '/decisions/proposals',
  votingOnProposals: '/decisions/voting-on-proposals',
  creators: (lawId: string) => `/decisions/creators/${lawId}`,
  creations: '/decisions/creations',
  archive: (lawId: string) => `/archive/${lawId}`,
  elected: '/elections/elected',
  decisions: '/decisions',
  chatRoom: chatRoomLink,
} as const;

const CHAT_ROOM = new RegExp(chatRoomPattern);

/** The screen that shows a chat room: its phase's screen, the law's creation tab, else the decisions overview. */
function chatRoomLink(room: string): string {
  const match = CHAT_ROOM.exec(room);
  if (!match) return '/decisions';
  if (room.startsWith('law:')) return `/decisions/creations?law=${room.split(':')[1]}`;
  const phase = match[2];
  if (phase === 'proposals') return '/decisions/proposals';
  if (phase === 'voting') return '/decisions/voting-on-proposals';
  return '/decisions/final-vote';
}

/** A cycle opened (from null) or moved from one phase to the next: every member is told. */
export function phaseChangedAlert(payload: EventPayload<typeof events.CyclePhaseChanged>): BroadcastAlert {
  const link = links.decision(payload.cycleId);
  if (payload.from === null) return { everyone: true, messageKey: 'cycleOpened', params: { number: payload.number, to: payload.to }, link };
  return { everyone: true, messageKey: 'phaseChanged', params: { number: payload.number, from: payload.from, to: payload.to }, link };
}

export function proposalSelectedAlerts(payload: EventPayload<typeof events.ProposalSelected>): AlertBatch[] {
  return one(payload.userId, { messageKey: 'proposalSelected', params: { rank: payload.rank }, link: links.decision(payload.cycleId) });
}

export function proposalSecondChanceAlerts(payload: EventPayload<typeof events.ProposalSecondChance>): AlertBatch[] {
  return one(payload.userId, { messageKey: 'proposalSecondChance', params: { rank: payload.rank }, link: links.votingOnProposals });
}

/** Only a moderator's edit is news to the author; their own edit is not. */
export function proposalEditedAlerts(payload: EventPayload<typeof events.ProposalEdited>): AlertBatch[] {
  if (!payload.byModerator || payload.editorId === payload.userId) return [];
  return one(payload.userId, { messageKey: 'proposalEditedByModerator', params: {}, link: links.proposals });
}

export function proposalDeletedAlerts(payload: EventPayload<typeof events.ProposalDeleted>): AlertBatch[] {
  if (!payload.byModerator || payload.deletedBy === payload.userId) return [];
  return one(payload.userId, { messageKey: 'proposalDeletedByModerator', params: {}, link: links.proposals });
}

/** The author learns their proposal was signalled, not by whom. */
export function proposalSignalledAlerts(payload: EventPayload<typeof events.ProposalSignalled>): AlertBatch[] {
  if (payload.signalledBy === payload.userId) return [];
  return one(payload.userId, { messageKey: 'proposalSignalled', params: {}, link: links.proposals });
}

export function creatorsDrawnAlerts(payload: EventPayload<typeof events.LawCreatorsDrawn>): AlertBatch[] {
  if (payload.creators.length === 0) return [];
  return [{ userIds: uniq(payload.creators), messageKey: 'creatorDrawn', params: { title: payload.title }, link: links.creators(payload.lawId) }];
}

/** Each chunk of voters of the final vote learns the law's fate. */
export function lawArchivedAlerts(payload: EventPayload<typeof events.LawArchived>): AlertBatch[] {
  if (payload.voterIds.length === 0) return [];
  return [
    {
      userIds: uniq(payload.voterIds),
      messageKey: payload.adopted ? 'lawAdopted' : 'lawRejected',
      params: { title: payload.title },
      link: links.archive(payload.lawId),
    },
  ];
}

/** The author of an article, amendment, law or source learns it was signalled (not when they signalled it to the scribes themselves). */
export function contentSignalledAlerts(payload: EventPayload<typeof events.ContentSignalled>): AlertBatch[] {
  if (payload.signalledBy === payload.userId) return [];
  return one(payload.userId, { messageKey: 'contentSignalled', params: { kind: payload.kind, to: payload.to }, link: links.creations });
}

export function contentModeratedAlerts(payload: EventPayload<typeof events.ContentModerated>): AlertBatch[] {
  if (payload.editorId === payload.userId) return [];
  return one(payload.userId, {
    messageKey: 'contentModerated',
    params: { kind: payload.kind, role: payload.role, action: payload.action },
    link: links.creations,
  });
}

/**
 * Every moderator learns that a law was archived without a seal because the chain of its texts is
 * broken (a version changed or removed in the database, docs/text-chain.md#seal): someone with
 * access to the database may have altered it, which is the moderators' to look into.
 */
export function lawSealRefusedAlerts(payload: EventPayload<typeof events.LawSealRefused>, moderatorIds: readonly string[]): AlertBatch[] {
  if (moderatorIds.length === 0) return [];
  return [{ userIds: uniq(moderatorIds), messageKey: 'lawSealRefused', params: { title: payload.title, versions: payload.problems.length }, link: links.archive(payload.lawId) }];
}

const officialRoles = [
  ['moderators', 'moderator'],
  ['scribes', 'scribe'],
  ['greatWises', 'greatWise'],
] as const;

/** The month's officials are told they were elected; those not re-elected that they lost the role. */
export function electionClosedAlerts(payload: EventPayload<typeof events.ElectionClosed>): AlertBatch[] {
  const batches: AlertBatch[] = [];
  for (const [list, role] of officialRoles) {
    const elected = uniq(payload.elected[list]);
    const removed = uniq(payload.removed[list]).filter((id) => !elected.includes(id));
    if (elected.length) batches.push({ userIds: elected, messageKey: 'elected', params: { role, month: payload.month }, link: links.elected });
    if (removed.length) batches.push({ userIds: removed, messageKey: 'roleLost', params: { role, month: payload.month }, link: links.elected });
  }
  return batches;
}

export function chatRepliedAlerts(payload: EventPayload<typeof events.ChatMessageReplied>): AlertBatch[] {
  if (payload.repliedToUserId === payload.userId) return [];
  return one(payload.repliedToUserId, { messageKey: 'chatReplied', params: { room: payload.room }, link: links.chatRoom(payload.room) });
}

export function chatSignalledAlerts(payload: EventPayload<typeof events.ChatMessageSignalled>): AlertBatch[] {
  if (payload.signalledBy === payload.userId) return [];
  return one(payload.userId, { messageKey: 'chatMessageSignalled', params: { room: payload.room }, link: links.chatRoom(payload.room) });
}

export function chatModeratedAlerts(payload: EventPayload<typeof events.ChatMessageModerated>): AlertBatch[] {
  if (payload.moderatorId === payload.userId) return [];
  return one(payload.userId, { messageKey: 'chatMessageModerated', params: { action: payload.action, room: payload.room }, link: links.chatRoom(payload.room) });
}

export function suspendedAlerts(payload: EventPayload<typeof events.UserSuspended>): AlertBatch[] {
  return one(payload.userId, { messageKey: 'suspended', params: { until: payload.until }, link: null });
}

export function suspensionLiftedAlerts(userId: string): AlertBatch[] {
  return one(userId, { messageKey: 'suspensionLifted', params: {}, link: null });
}

/**
 * A link given to POST /api/users/notifications: a path of this site only (no scheme, no `//host`,
 * no backslash), so an alert can never send its reader elsewhere.
 */
export function isSafeLink(link: string): boolean {
  return /^\/(?![/\\])[^\s\\]*$/.test(link) && !/^\/[^?#]*:/.test(link);
}
