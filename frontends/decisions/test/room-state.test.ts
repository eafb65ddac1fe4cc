/**
 * The unread count of a chat room: others' new messages that arrive while the panel is off screen
 * (a closed bottom sheet on a phone), back to zero once it shows again; and the viewer's table of
 * actions, kept from the join and `may:changed`, which a message's own `may` gives way to once what
 * decided it changed.
 */
import type { ChatMayCase, ChatMessageMay, PublicChatMessage } from '@civic/contracts';
import { chatRoomReducer, initialChatRoom, type ChatRoomAction, type ChatRoomState } from '../src/chat/room-state.js';
import { plainMessage } from './support/chat-message.js';

const room = 'cycle:0f5e8c1a-6d1b-4a54-9d2e-4f7a2b9c1d3e:proposals';

const message = (id: string, userId: string): PublicChatMessage => plainMessage({ id, room, userId, userName: userId, text: `hello ${id}`, createdAt: `2026-11-23T10:00:0${id.length}.000Z` });

const joined: ChatRoomAction = {
  type: 'joined',
  data: {
    room: { id: room, kind: 'proposals', cycleId: '0f5e8c1a-6d1b-4a54-9d2e-4f7a2b9c1d3e', lawId: null, title: null, open: true, openedAt: '2026-11-23T09:00:00.000Z', closedAt: null, pinned: [] },
    muted: ['troll'],
    moderator: false,
    userId: 'me',
    mayByCase: [],
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

describe('the viewer’s table of actions', () => {
  const may = (reply: boolean): ChatMessageMay => ({ reply, edit: false, remove: false, signal: false, pin: false, hide: false, mute: false, suspend: false });
  const table = (reply: boolean): ChatMayCase[] => [{ author: false, moderationStatus: 0, deleted: false, open: true, may: may(reply) }];
  const read = { type: 'history', messages: [{ ...message('a', 'alice'), may: may(true) }], nextBefore: null, earlier: false } as const;

  it('keeps the table of the join, and a message read with its own may', () => {
    const state = run({ ...joined, data: { ...joined.data, mayByCase: table(true) } }, read);
    expect(state.mayByCase).toEqual(table(true));
    expect(state.messages[0]?.may).toEqual(may(true));
  });

  it('takes a new table, and drops the may messages were read with (the table decides them now)', () => {
    const state = run(joined, read, { type: 'may', mayByCase: table(false) });
    expect(state.mayByCase).toEqual(table(false));
    expect(state.messages[0]).not.toHaveProperty('may');
    expect(state.messages[0]?.text).toBe('hello a');
  });

  it('drops the may messages were read with when the room closes, and when it is joined again', () => {
    expect(run(joined, read, { type: 'closed', closedAt: '2026-11-23T11:00:00.000Z' }).messages[0]).not.toHaveProperty('may');
    expect(run(joined, read, joined).messages[0]).not.toHaveProperty('may');
  });

  it('replaces a message’s may by the pushed view’s absence of one, and back by an answer’s', () => {
    const pushed = run(joined, read, { type: 'message', message: { ...message('a', 'alice'), moderationStatus: 1 } });
    expect(pushed.messages[0]).not.toHaveProperty('may');
    const answered = chatRoomReducer(pushed, { type: 'message', message: { ...message('a', 'alice'), may: may(false) } });
    expect(answered.messages[0]?.may).toEqual(may(false));
  });
});
