/**
 * What the viewer may do with a message shown: what the service said, never worked out here
 * (docs/product.md#roles-and-permissions). A message read or answered carries its own `may`; one
 * pushed to the room carries none and takes its case's row of the viewer's table (`mayByCase`).
 */
import { mayOfCase, type ChatMayCase, type ChatMessageMay } from '@civic/contracts';
import type { ShownMessage } from './room-state.js';

/** No action: a read-only panel, or a message whose case the table does not hold (no table yet). */
export const noActions: ChatMessageMay = { reply: false, edit: false, remove: false, signal: false, pin: false, hide: false, mute: false, suspend: false };

export interface MayContext {
  /** The viewer's table, from the join's answer or `may:changed` (empty before the join). */
  mayByCase: readonly ChatMayCase[];
  /** The viewer as the service knows them (the join's answer), null for a visitor. */
  userId: string | null;
  /** The room's open state now. */
  open: boolean;
  /** The history only (a closed room in the archive): no action at all. */
  readOnly: boolean;
}

export function shownMay(message: ShownMessage, context: MayContext): ChatMessageMay {
  if (context.readOnly) return noActions;
  return message.may ?? mayOfCase(context.mayByCase, context.userId, message, context.open) ?? noActions;
}
