/**
 * The unread count of a chat room: others' new messages that arrive while the panel is off screen
 * (a closed bottom sheet on a phone), back to zero once it shows again.
 */
import type { ChatMessage } from '@civic/contracts';
import { chatRoomReducer, initialChatRoom, type ChatRoomAction, type ChatRoomState } from '../src/chat/room-state.js';

const room = 'cycle:0f5e8c1a-6d1b-4a54-9d2e-4f7a2b9c1d3e:proposals';

const message = (id: string, userId: string): ChatMessage => ({
  id,
  room,
  userId,
  userName: userId,
  text: `hello ${id}`,
  createdAt: `2026-11-23T10:00:0${id.length}.000Z`,
  editedAt: null,
  editedByModerator: false,
  replyTo: null,
  pin: false,
  hideInChat: false,
  moderationStatus: 0,
  deleted: false,
  deletedByModerator: false,
});

const joined: ChatRoomAction = {
  type: 'joined',
  data: {
    room: { id: room, kind: 'proposals', cycleId: '0f5e8c1a-6d1b-4a54-9d2e-4f7a2b9c1d3e', lawId: null, title: null, open: true, openedAt: '2026-11-23T09:00:00.000Z', closedAt: null, pinned: [] },
    muted: ['troll'],
    moderator: false,
    userId: 'me',
  },
};

const run = (...actions: ChatRoomAction[]): ChatRoomState => actions.reduce(chatRoomReducer, initialChatRoom);

describe('the unread count of a chat room', () => {
  it('counts nothing while the panel is on screen', () => {
    expect(run(joined, { type: 'message', message: message('a', 'alice'), fresh: true }).unread).toBe(0);
  });

  it('counts others’ new messages while the panel is off screen, and goes back to zero once seen', () => {
    const hidden = run(joined, { type: 'visible', value: false }, { type: 'message', message: message('a', 'alice'), fresh: true }, { type: 'message', message: message('bb', 'bob'), fresh: true });
    expect(hidden.unread).toBe(2);
    expect(hidden.messages).toHaveLength(2);
    expect(chatRoomReducer(hidden, { type: 'visible', value: true }).unread).toBe(0);
  });

  it('leaves out my own messages, muted authors, edits and a message received twice', () => {
    const state = run(
      joined,
      { type: 'visible', value: false },
      { type: 'message', message: message('a', 'me'), fresh: true },
      { type: 'message', message: message('bb', 'troll'), fresh: true },
      { type: 'message', message: message('ccc', 'alice'), fresh: true },
      { type: 'message', message: message('ccc', 'alice'), fresh: true },
      { type: 'message', message: { ...message('ccc', 'alice'), text: 'edited' } },
    );
    expect(state.unread).toBe(1);
  });
});
