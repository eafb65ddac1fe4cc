/**
 * What a viewer may do with a chat message (the `may` of every message answered to a known viewer,
 * and the rows of their `mayByCase` table): each flag is the rule the action's command applies
 * (permissions.ts), asked with the same facts, so the panel shows exactly the actions the service
 * takes. Pure. A visitor (null) may do nothing.
 */
import type { ChatMayCase, ChatMessage, ChatMessageMay, PublicChatMessage } from '@civic/contracts';
import { mayDelete, mayEdit, mayHide, mayMute, mayPin, mayReply, maySignal, maySuspendAuthor, type Caller, type MessageFacts, type Refusal, type RoomFacts } from './permissions.js';

const allows = (refusal: Refusal | null): boolean => refusal === null;

const nothing: ChatMessageMay = { reply: false, edit: false, remove: false, signal: false, pin: false, hide: false, mute: false, suspend: false };

export function messageMay(viewer: Caller | null, room: RoomFacts, message: MessageFacts): ChatMessageMay {
  if (!viewer) return { ...nothing };
  return {
    reply: allows(mayReply(viewer, room, message)),
    edit: allows(mayEdit(viewer, room, message)),
    remove: allows(mayDelete(viewer, message)),
    signal: allows(maySignal(viewer, message)),
    pin: allows(mayPin(viewer, room, message)),
    hide: allows(mayHide(viewer, message)),
    // Muting is of an author, not of a message: it is not offered from a message the room no longer reads.
    mute: !message.hidden && allows(mayMute(viewer, message.userId)),
    suspend: allows(maySuspendAuthor(viewer, message.userId)),
  };
}

/** The facts of a message as its view carries them (the table's columns). */
const viewFacts = (view: Pick<PublicChatMessage, 'userId' | 'moderationStatus' | 'deleted' | 'hideInChat'>): MessageFacts => ({
  userId: view.userId,
  moderationStatus: view.moderationStatus,
  deleted: view.deleted,
  hidden: view.hideInChat,
});

/** A message's view with what the viewer may do with it, in its room as it is now. */
export const withMessageMay = (view: PublicChatMessage, viewer: Caller | null, room: RoomFacts): ChatMessage => ({ ...view, may: messageMay(viewer, room, viewFacts(view)) });

/** Someone who is not the viewer, for the cases of a message the viewer did not write (no id is empty). */
const someoneElse = '';

/**
 * The viewer's table: what they may do with a message of each case (they wrote it or not, signalled
 * or not, deleted or not, hidden or not, its room open or closed), every case once, by messageMay. A pushed message
 * takes the flags of its case's row, the very flags its own `may` would carry.
 */
export function mayByCase(viewer: Caller | null): ChatMayCase[] {
  const cases: ChatMayCase[] = [];
  for (const author of [false, true]) {
    for (const moderationStatus of [0, 1] as const) {
      for (const deleted of [false, true]) {
        for (const hidden of [false, true]) {
          for (const open of [true, false]) {
            // A visitor writes nothing: their "own" rows are every flag false, as all of theirs.
            const userId = author && viewer ? viewer.id : someoneElse;
            cases.push({ author, moderationStatus, deleted, hidden, open, may: messageMay(viewer, { open }, { userId, moderationStatus, deleted, hidden }) });
          }
        }
      }
    }
  }
  return cases;
}
