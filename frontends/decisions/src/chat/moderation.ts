/**
 * Moderation from the chat: suspending a member (identity's suspension calls, through the gateway),
 * where a room belongs, and dates said the way people say them ("in 2 hours", "il y a 3 minutes").
 */
import { suspensionMinutes, type ChatRoomKind, type UserProfile } from '@civic/contracts';
import { apiRequest } from '@civic/frontend-kit/api-client';

export type SuspensionLength = (typeof suspensionMinutes)[number];

/** The lengths a moderator chooses from (docs/product.md#suspensions): 10 minutes, 1 hour, 2 hours, 1 day. */
export const suspensionLengths: readonly SuspensionLength[] = suspensionMinutes;

const user = (userId: string) => `/api/users/${encodeURIComponent(userId)}`;

export const moderationApi = {
  /** Moderators read a member's running suspension on their profile. */
  profile: (userId: string, signal?: AbortSignal) => apiRequest<UserProfile>('GET', user(userId), { signal }),
  suspend: (userId: string, minutes: SuspensionLength) => apiRequest<{ suspendedUntil: string }>('POST', `${user(userId)}/suspension`, { body: { minutes } }),
  liftSuspension: (userId: string) => apiRequest<void>('DELETE', `${user(userId)}/suspension`),
};

/** The running suspension's end, or null when there is none or it has ended. */
export function runningSuspension(profile: Pick<UserProfile, 'suspendedUntil'>, now: number): string | null {
  const until = profile.suspendedUntil;
  return until && new Date(until).getTime() > now ? until : null;
}

/** What a room name says of its place: the phase of a cycle, or the creation of a law. */
export type RoomPlace = { kind: Exclude<ChatRoomKind, 'creation'>; cycleId: string } | { kind: 'creation'; lawId: string };

const roomPattern = /^(cycle|law):([^:]+):(proposals|voting|final-vote|creation)$/;

/** The place of a room from its name (`cycle:<id>:proposals`, `law:<id>:creation`...), null for another name. */
export function roomPlace(room: string): RoomPlace | null {
  const match = roomPattern.exec(room);
  if (!match) return null;
  const [, scope, id, kind] = match as unknown as [string, 'cycle' | 'law', string, ChatRoomKind];
  if (scope === 'law') return kind === 'creation' ? { kind, lawId: id } : null;
  return kind === 'creation' ? null : { kind, cycleId: id };
}

/** Each unit is used below its limit (in seconds), so 59 minutes 50 seconds reads "1 hour", not "60 minutes". */
const units: { unit: Intl.RelativeTimeFormatUnit; seconds: number; below: number }[] = [
  { unit: 'second', seconds: 1, below: 45 },
  { unit: 'minute', seconds: 60, below: 45 * 60 },
  { unit: 'hour', seconds: 3600, below: 22 * 3600 },
  { unit: 'day', seconds: 24 * 3600, below: 6.5 * 24 * 3600 },
  { unit: 'week', seconds: 7 * 24 * 3600, below: 26 * 24 * 3600 },
  { unit: 'month', seconds: 30 * 24 * 3600, below: 320 * 24 * 3600 },
  { unit: 'year', seconds: 365 * 24 * 3600, below: Number.POSITIVE_INFINITY },
];

/**
 * `date` relative to `now` in the unit that reads naturally, rounded (for Intl.RelativeTimeFormat):
 * 90 minutes ago is { value: -2, unit: 'hour' }; under 45 seconds counts in seconds.
 */
export function relativeTime(date: string | number | Date, now: number): { value: number; unit: Intl.RelativeTimeFormatUnit } {
  const seconds = Math.round((new Date(date).getTime() - now) / 1000);
  const size = Math.abs(seconds);
  const { unit, seconds: unitSeconds } = units.find((candidate) => size < candidate.below) ?? units[units.length - 1]!;
  // Rounded away from zero on halves both ways: 90 minutes ago and in 90 minutes are both 2 hours.
  return { value: Math.sign(seconds) * Math.round(size / unitSeconds) || 0, unit };
}

/** Calendar days from `now`'s day to `date`'s day in the browser's time zone: -1 for any time yesterday. */
export function calendarDays(date: string | number | Date, now: number): number {
  const day = (value: Date) => Date.UTC(value.getFullYear(), value.getMonth(), value.getDate());
  return Math.round((day(new Date(date)) - day(new Date(now))) / (24 * 3600 * 1000));
}

/** `date` as a natural relative phrase in `locale`: "2 hours ago", "dans 10 minutes", "yesterday". */
export function formatRelative(date: string | number | Date, now: number, locale: string): string {
  const { value, unit } = relativeTime(date, now);
  return new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }).format(value, unit);
}
