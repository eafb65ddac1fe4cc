/** Validation of what clients send over the socket (issue 7: every payload is validated). */
import { chatRoomPattern, Limits, type ChatRoomKind } from '@civic/contracts';

/** Characters as people count them (code points), as the chat panel does. */
export const characterCount = (value: string) => [...value].length;

/** Why a message text is refused, or null: 1-250 characters, not only spaces, no control characters but newlines and tabs. */
export function textProblem(text: string): string | null {
  if (text.trim() === '') return 'empty';
  if (characterCount(text) > Limits.chatMessage.max) return 'too-long';
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/.test(text)) return 'control-characters';
  return null;
}

const roomRegex = new RegExp(chatRoomPattern);

export interface RoomName {
  id: string;
  kind: ChatRoomKind;
  /** The cycle id for cycle rooms, the law id for creation rooms. */
  ownerId: string;
}

/** The parts of a room name, or null when it is not one. */
export function parseRoom(name: string): RoomName | null {
  if (!roomRegex.test(name)) return null;
  const [scope, ownerId = '', kind] = name.split(':');
  if (scope === 'law') return { id: name, kind: 'creation', ownerId: ownerId.toLowerCase() };
  return { id: name, kind: kind as ChatRoomKind, ownerId: ownerId.toLowerCase() };
}
