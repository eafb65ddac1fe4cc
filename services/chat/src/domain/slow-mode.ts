/**
 * Slow mode (docs/product.md#chat): in a crowded room each member may post once per interval, so a
 * few thousand members online still make a readable discussion. Pure: the room's setting, the
 * members online, the caller and their last post in the room decide.
 */
import type { ChatSlowMode, SlowModeSetting } from '@civic/contracts';

export interface SlowModePolicy {
  /** 'auto' turns slow mode on when more members than this are online in the room (CHAT_SLOW_MODE_THRESHOLD). */
  threshold: number;
  /** The interval of a room that has none of its own (CHAT_SLOW_MODE_INTERVAL_S). */
  defaultIntervalS: number;
}

export interface RoomSlowModeSetting {
  mode: SlowModeSetting;
  /** null: the policy's default. */
  intervalS: number | null;
}

/** The room's slow mode now, given how many members are online in it. */
export function slowModeOf(setting: RoomSlowModeSetting, online: number, policy: SlowModePolicy): ChatSlowMode {
  const active = setting.mode === 'on' || (setting.mode === 'auto' && online > policy.threshold);
  return { mode: setting.mode, intervalS: setting.intervalS ?? policy.defaultIntervalS, active };
}

/** Moderators and scribes keep the discussion going: never slowed down. */
export function exemptFromSlowMode(caller: { moderator: boolean; scribe?: boolean }): boolean {
  return caller.moderator || caller.scribe === true;
}

/**
 * When the caller may post next: null when now, else the time of their last post plus the interval
 * (a post at exactly that time is allowed).
 */
export function nextPostAt(slowMode: ChatSlowMode, exempt: boolean, lastPostAt: Date | null, now: Date): Date | null {
  if (!slowMode.active || exempt || !lastPostAt) return null;
  const retryAt = new Date(lastPostAt.getTime() + slowMode.intervalS * 1000);
  return retryAt.getTime() > now.getTime() ? retryAt : null;
}
