/**
 * Alerts for everyone (docs/product.md#notifications): a phase change is stored once, as one
 * broadcast, whatever the number of members, and each member's reading of it is kept apart.
 *
 * Broadcasts are numbered 1, 2, 3... (`seq`) in the order they are written; the number of the last is
 * the broadcasts' total, one global figure. A member stands at two marks of that numbering:
 *  - `from`: the total when the service first knew the member. Broadcasts after it are theirs, those
 *    before it are not (a member who registers later does not get the old ones).
 *  - `seen`: broadcasts up to it are read ("mark all as read" moves it to the total); never below `from`.
 * Above `seen` the member may have marks of their own, one per broadcast read or deleted one by one.
 * So a member's unread broadcasts are `total - seen - (marks above seen)`: a global row, one member
 * row and a few marks (at most the broadcasts since the last "mark all"), whatever the number of members.
 */

/** Where a member stands among the broadcasts (both are broadcast numbers). */
export interface BroadcastReader {
  from: number;
  seen: number;
}

/** A member's own mark on one broadcast. */
export interface BroadcastMark {
  viewed: boolean;
  deleted: boolean;
}

/** What one broadcast is to one member. */
export type BroadcastStanding = 'absent' | 'unread' | 'viewed';

/** The watermark below which every broadcast counts as read. */
const readUpTo = (reader: BroadcastReader): number => Math.max(reader.seen, reader.from);

/**
 * Absent when it is not the member's (written before the service knew them, or no member: unknown or
 * deleted account) or they deleted it; viewed up to their watermark or when marked so; else unread.
 */
export function standing(seq: number, reader: BroadcastReader | null, mark: BroadcastMark | null): BroadcastStanding {
  if (!reader || seq <= reader.from || mark?.deleted) return 'absent';
  return seq <= readUpTo(reader) || mark?.viewed ? 'viewed' : 'unread';
}

/**
 * How many broadcasts the member has unread, from the total, their watermarks and how many of their
 * marks above `seen` say viewed or deleted (each mark counts once, whatever it says).
 */
export function unreadBroadcasts(total: number, reader: BroadcastReader | null, markedAboveSeen: number): number {
  if (!reader) return 0;
  return Math.max(0, total - readUpTo(reader) - markedAboveSeen);
}

/** The parts of a member's unread count, as stored. */
export interface UnreadParts {
  /** Unread personal alerts (`unread_counter`). */
  personal: number;
  /** The broadcasts' total. */
  total: number;
  /** Null for a user the service does not know as a member (or a deleted account). */
  reader: BroadcastReader | null;
  markedAboveSeen: number;
}

/** The unread count a badge shows: personal alerts plus broadcasts. */
export function unreadCount(parts: UnreadParts): number {
  return parts.personal + unreadBroadcasts(parts.total, parts.reader, parts.markedAboveSeen);
}

/** Marking one broadcast viewed: not the member's -> missing; already viewed -> nothing to write; else a viewed mark. */
export function markViewedPlan(current: BroadcastStanding): 'missing' | 'unchanged' | 'mark' {
  if (current === 'absent') return 'missing';
  return current === 'viewed' ? 'unchanged' : 'mark';
}

/** Deleting one broadcast: not the member's (or deleted already) -> missing; else a deleted mark. */
export function deletePlan(current: BroadcastStanding): 'missing' | 'mark' {
  return current === 'absent' ? 'missing' : 'mark';
}

/**
 * "Mark all as read" over the broadcasts: the watermark moves to the total. Answers the new watermark
 * and how many broadcasts became read; null when nothing changes (no member, or nothing unread).
 * The marks at or below the new watermark that only say viewed say nothing more and may be removed.
 */
export function markAllViewedPlan(total: number, reader: BroadcastReader | null, markedAboveSeen: number): { seen: number; updated: number } | null {
  const updated = unreadBroadcasts(total, reader, markedAboveSeen);
  if (!reader || (updated === 0 && readUpTo(reader) >= total)) return null;
  return { seen: Math.max(total, readUpTo(reader)), updated };
}
