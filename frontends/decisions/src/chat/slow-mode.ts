/**
 * Slow mode in the chat panel (docs/product.md#chat): what the composer says and when the next post
 * is possible, and the moderator's switch. The join's answer gives the room's slow mode as the viewer
 * sees it; `room:settings` tells every reader of the room when a moderator changes it; an own post or
 * a refused one moves the time of the next post.
 */
import { useCallback, useEffect, useState } from 'react';
import { ErrorMessages, isChatError, type ChatAck, type ChatRoomSettings, type ChatSlowMode, type ChatViewerSlowMode, type SlowModeSetting } from '@civic/contracts';
import { ApiError, toApiError } from '@civic/frontend-kit/api-client';
import { pageSocket } from '@civic/frontend-kit/page-socket';

const ackTimeoutMs = 10_000;

export interface SlowModeState {
  /** The room's setting and whether it is in force; null while unknown (not joined yet). */
  slowMode: ChatSlowMode | null;
  /** Moderators and scribes are never slowed down. */
  exempt: boolean;
  /** Local time (ms) of the viewer's next allowed post; null when they may post now. */
  nextPostAt: number | null;
}

/** Seconds until the next post is possible (0: now), rounded up as a countdown shows them. */
export function secondsUntilNextPost(state: SlowModeState, now: number): number {
  if (!state.slowMode?.active || state.exempt || state.nextPostAt === null) return 0;
  return Math.max(0, Math.ceil((state.nextPostAt - now) / 1000));
}

/** The state after the viewer's own post was stored at `postedAt` (ISO, the service's time). */
export function afterOwnPost(state: SlowModeState, postedAt: string): SlowModeState {
  if (!state.slowMode?.active || state.exempt) return state;
  return { ...state, nextPostAt: Date.parse(postedAt) + state.slowMode.intervalS * 1000 };
}

/** The time of the next post a slow-mode refusal gives, or null for any other error. */
export function slowModeRefusal(error: unknown): { retryAt: number; intervalS: number | null } | null {
  if (!(error instanceof ApiError) || error.key !== 'slowMode') return null;
  const data = (error.data ?? {}) as { retryAt?: unknown; intervalS?: unknown };
  const retryAt = typeof data.retryAt === 'string' ? Date.parse(data.retryAt) : Number.NaN;
  if (Number.isNaN(retryAt)) return null;
  return { retryAt, intervalS: typeof data.intervalS === 'number' ? data.intervalS : null };
}

/** The state after the service refused a post as too early: slow mode is on, whatever the panel believed. */
export function afterRefusal(state: SlowModeState, refusal: { retryAt: number; intervalS: number | null }): SlowModeState {
  const known = state.slowMode ?? { mode: 'auto' as const, intervalS: refusal.intervalS ?? 0, active: true };
  return { ...state, slowMode: { ...known, active: true, intervalS: refusal.intervalS ?? known.intervalS }, nextPostAt: refusal.retryAt };
}

function fromJoin(joined: ChatViewerSlowMode | undefined, moderator: boolean): SlowModeState {
  if (!joined) return { slowMode: null, exempt: moderator, nextPostAt: null };
  return { slowMode: { mode: joined.mode, intervalS: joined.intervalS, active: joined.active }, exempt: joined.exempt, nextPostAt: joined.retryAt ? Date.parse(joined.retryAt) : null };
}

/**
 * The room's slow mode for the panel: from the join's answer (`joined`, again after each join),
 * then the room's `room:settings`, the viewer's posts and refusals. `change` is the moderator's switch.
 */
export function useSlowMode(room: string, joined: ChatViewerSlowMode | undefined, moderator: boolean) {
  const [state, setState] = useState<SlowModeState>(() => fromJoin(joined, moderator));
  // Each join's answer (a reconnection joins again) starts the state afresh.
  const [basis, setBasis] = useState({ joined, moderator });
  if (basis.joined !== joined || basis.moderator !== moderator) {
    setBasis({ joined, moderator });
    setState(fromJoin(joined, moderator));
  }

  useEffect(() => {
    let cancelled = false;
    let detach: (() => void) | null = null;
    const onSettings = (settings: ChatRoomSettings) => {
      if (settings.room === room) setState((current) => ({ ...current, slowMode: settings.slowMode }));
    };
    void pageSocket().then((socket) => {
      if (cancelled) return;
      socket.on('room:settings', onSettings);
      detach = () => socket.off('room:settings', onSettings);
    });
    return () => {
      cancelled = true;
      detach?.();
    };
  }, [room]);

  const posted = useCallback((postedAt: string) => setState((current) => afterOwnPost(current, postedAt)), []);
  /** Takes a failed post: true when it was a slow-mode refusal (the composer then says when to post again). */
  const refused = useCallback((error: unknown): boolean => {
    const refusal = slowModeRefusal(error);
    if (refusal) setState((current) => afterRefusal(current, refusal));
    return refusal !== null;
  }, []);

  /** The moderator's switch; throws an ApiError when refused. */
  const change = useCallback(
    async (mode: SlowModeSetting, intervalS: number) => {
      const socket = await pageSocket();
      let ack: ChatAck<ChatRoomSettings>;
      try {
        ack = (await socket.timeout(ackTimeoutMs).emitWithAck('room:slow-mode', { room, mode, intervalS })) as ChatAck<ChatRoomSettings>;
      } catch {
        throw new ApiError(503, ErrorMessages.serviceUnavailable);
      }
      if (isChatError(ack)) throw toApiError(ack.statusCode, ack);
      setState((current) => ({ ...current, slowMode: ack.data.slowMode }));
      return ack.data;
    },
    [room],
  );

  return { ...state, posted, refused, change };
}
