/**
 * The `may` of chat messages and candidates as the wire sees them: a message read by a viewer or a
 * candidate listed to a caller carries it, a pushed message does not need it, the viewer's table
 * holds every case once, and a pushed message's flags are its case's row.
 */
import Value from 'typebox/value';
import {
  CandidateSchema,
  CandidateViewSchema,
  ChatMayByCaseSchema,
  ChatMessageSchema,
  mayOfCase,
  PublicChatMessageSchema,
  type ChatMayCase,
  type ChatMessageMay,
  type PublicChatMessage,
} from '@civic/contracts';

const id = '0b6c8c2e-3f5e-4b8e-9a36-5a3c9f0a1d11';
const viewer = '1c7d9d3f-4a6f-4c9f-8b47-6b4d0a1b2e22';
const none: ChatMessageMay = { reply: false, edit: false, remove: false, signal: false, pin: false, hide: false, mute: false, suspend: false };

const pushed: PublicChatMessage = {
  id,
  room: `cycle:${id}:proposals`,
  userId: id,
  userName: 'Alice',
  text: 'Hello',
  createdAt: '2026-11-26T12:00:00.000Z',
  editedAt: null,
  editedByModerator: false,
  replyTo: null,
  pin: false,
  hideInChat: false,
  moderationStatus: 0,
  deleted: false,
  deletedByModerator: false,
};

/** Every case, each row marked by a flag of its own so that a wrong row shows. */
const table: ChatMayCase[] = [false, true].flatMap((author) =>
  ([0, 1] as const).flatMap((moderationStatus) =>
    [false, true].flatMap((deleted) =>
      [false, true].flatMap((hidden) =>
        [true, false].map((open) => ({ author, moderationStatus, deleted, hidden, open, may: { ...none, reply: open, edit: author, remove: deleted, signal: moderationStatus === 1, mute: hidden } })),
      ),
    ),
  ),
);

test('a message read by a viewer carries their may; one pushed to the room needs none', () => {
  expect(Value.Check(ChatMessageSchema, { ...pushed, may: none })).toBe(true);
  expect(Value.Check(ChatMessageSchema, pushed)).toBe(false);
  expect(Value.Check(ChatMessageSchema, { ...pushed, may: { ...none, suspend: undefined } })).toBe(false);
  expect(Value.Check(PublicChatMessageSchema, pushed)).toBe(true);
});

test('the viewer’s table holds the thirty-two cases', () => {
  expect(Value.Check(ChatMayByCaseSchema, table)).toBe(true);
  expect(Value.Check(ChatMayByCaseSchema, table.slice(1))).toBe(false);
  expect(new Set(table.map((row) => `${row.author}${row.moderationStatus}${row.deleted}${row.hidden}${row.open}`)).size).toBe(32);
});

test('a pushed message takes the row of its case: the viewer its author or not, its status, deleted or not, hidden or not, its room open or not', () => {
  expect(mayOfCase(table, viewer, pushed, true)).toEqual({ ...none, reply: true });
  expect(mayOfCase(table, id, pushed, true)).toEqual({ ...none, reply: true, edit: true });
  expect(mayOfCase(table, id, { ...pushed, moderationStatus: 1, deleted: true }, false)).toEqual({ ...none, edit: true, remove: true, signal: true });
  expect(mayOfCase(table, viewer, { ...pushed, hideInChat: true }, true)).toEqual({ ...none, reply: true, mute: true });
  // A visitor is nobody's author.
  expect(mayOfCase(table, null, pushed, false)).toEqual(none);
  expect(mayOfCase([], viewer, pushed, true)).toBeNull();
});

test('a listed candidate carries the caller’s may; the pushed figures are the candidate without it', () => {
  const candidate = {
    id,
    userName: 'Alice',
    moderator: false,
    scribe: false,
    moderatorCandidateDate: '2026-11-01',
    scribeCandidateDate: null,
    greatWiseCandidateDate: null,
    candidateTo: 1,
    totalVotes: 1,
    votesFor: 1,
    votesAgainst: 0,
    appliedAt: '2026-11-02T10:00:00.000Z',
  };
  expect(Value.Check(CandidateSchema, candidate)).toBe(true);
  expect(Value.Check(CandidateViewSchema, candidate)).toBe(false);
  expect(Value.Check(CandidateViewSchema, { ...candidate, may: { vote: true } })).toBe(true);
});
