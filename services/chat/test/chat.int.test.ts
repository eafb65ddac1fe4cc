import { randomUUID } from 'node:crypto';
import {
  CyclePhaseChanged,
  ErrorMessages,
  LawCreatorsDrawn,
  Role,
  UserRoleChanged,
  UserSuspended,
  UserSuspensionLifted,
  type ChatHistory,
  type ChatMessage,
  type ChatRoom,
  type TrollHunt,
} from '@civic/contracts';
import { waitFor } from '@civic/test-kit';
import type { Socket } from 'socket.io-client';
import { collect, emit, outboxSubjects, shownTo, startHarness, type Harness, type Member } from './support/harness.js';

let h: Harness;
let alice: Member;
let bob: Member;
let carol: Member;
let moderator: Member;
let room: string;
let cycleId: string;

beforeAll(async () => {
  h = await startHarness({ CHAT_RATE_LIMIT: '20', CHAT_RATE_WINDOW_MS: '60000' });
  [alice, bob, carol] = [await h.member({ name: 'Alice' }), await h.member({ name: 'Bob' }), await h.member({ name: 'Carol' })];
  moderator = await h.member({ name: 'Mo', role: Role.Moderator });
  ({ room, cycleId } = await h.openCycle('proposals'));
});

afterAll(async () => {
  await h.close();
});

function expectError(ack: unknown, statusCode: number, statusMessage: string) {
  expect(ack).toMatchObject({ statusCode, statusMessage });
  expect(ack).not.toHaveProperty('ok');
}

function expectOk<T>(ack: unknown): T {
  expect(ack).toMatchObject({ ok: true });
  return (ack as { data: T }).data;
}

async function joined(member: Member | null): Promise<Socket> {
  const socket = await h.client(member);
  expectOk(await emit(socket, 'room:join', { room }));
  return socket;
}

const post = async (socket: Socket, text: string, extra: Record<string, unknown> = {}) => expectOk<ChatMessage>(await emit(socket, 'message:post', { room, text, ...extra }));
const history = async (headers?: Record<string, string>, query = '') =>
  (await h.a.app.inject({ url: `/api/chat/rooms/${room}/messages${query}`, headers })).json<ChatHistory>();
const counts = async () => ({ messages: await h.db.message.count(), events: await h.db.outboxEvent.count() });

describe('the permission matrix', () => {
  let aliceSocket: Socket;
  let bobSocket: Socket;
  let modSocket: Socket;
  let visitor: Socket;
  let first: ChatMessage;

  beforeAll(async () => {
    [aliceSocket, bobSocket, modSocket, visitor] = [await joined(alice), await joined(bob), await joined(moderator), await joined(null)];
  });

  it('lets a visitor join and read but not post (401), with no change', async () => {
    const before = await counts();
    expectError(await emit(visitor, 'message:post', { room, text: 'Hello' }), 401, ErrorMessages.unauthorized);
    expect(await counts()).toEqual(before);
  });

  it('delivers a member’s message to everyone in the room, visitors too, and publishes chat.message.posted', async () => {
    const seenByVisitor = collect<ChatMessage>(visitor, 'message:new');
    const seenByBob = collect<ChatMessage>(bobSocket, 'message:new');
    first = await post(aliceSocket, 'Hello everyone');
    expect(first).toMatchObject({ room, userId: alice.id, userName: 'Alice', text: 'Hello everyone', moderationStatus: 0, pin: false, deleted: false, replyTo: null });
    await waitFor(() => seenByVisitor.length === 1 && seenByBob.length === 1);
    expect(seenByVisitor[0]!.id).toBe(first.id);
    expect((await outboxSubjects(h.db)).filter((s) => s === 'chat.message.posted')).toHaveLength(1);
  });

  it('lets another member reply, and announces the reply to the replied author', async () => {
    const reply = await post(bobSocket, 'Hello Alice', { replyTo: first.id });
    expect(reply.replyTo).toEqual({ id: first.id, userId: alice.id, userName: 'Alice', excerpt: 'Hello everyone' });
    const event = await h.db.outboxEvent.findFirst({ where: { subject: 'chat.message.replied' } });
    expect(event?.payload).toMatchObject({ messageId: reply.id, userId: bob.id, repliedToMessageId: first.id, repliedToUserId: alice.id, room });
    expectError(await emit(bobSocket, 'message:post', { room, text: 'x', replyTo: randomUUID() }), 404, ErrorMessages.notFound);
  });

  it('lets the author edit; not another member, nor a moderator before a signal', async () => {
    expectOk(await emit(aliceSocket, 'message:edit', { id: first.id, text: 'Hello everyone!' }));
    expectError(await emit(bobSocket, 'message:edit', { id: first.id, text: 'Hijacked' }), 403, ErrorMessages.unauthorizedAction);
    expectError(await emit(modSocket, 'message:edit', { id: first.id, text: 'Moderated' }), 403, ErrorMessages.unauthorizedAction);
    expectError(await emit(modSocket, 'message:delete', { id: first.id }), 403, ErrorMessages.unauthorizedAction);
    expectError(await emit(visitor, 'message:edit', { id: first.id, text: 'Visitor' }), 401, ErrorMessages.unauthorized);
    expect((await h.db.message.findUniqueOrThrow({ where: { id: first.id } })).text).toBe('Hello everyone!');
  });

  it('lets any member but the author signal once, then a moderator edits and deletes it', async () => {
    const target = await post(aliceSocket, 'Something rude');
    expectError(await emit(aliceSocket, 'message:signal', { id: target.id }), 403, ErrorMessages.unauthorizedAction);
    expectError(await emit(visitor, 'message:signal', { id: target.id }), 401, ErrorMessages.unauthorized);
    const updates = collect<ChatMessage>(visitor, 'message:updated');
    expect(expectOk<ChatMessage>(await emit(bobSocket, 'message:signal', { id: target.id })).moderationStatus).toBe(1);
    expectError(await emit(modSocket, 'message:signal', { id: target.id }), 403, ErrorMessages.unauthorizedAction);
    expect(await h.db.outboxEvent.findFirst({ where: { subject: 'chat.message.signalled' } })).toMatchObject({
      payload: { messageId: target.id, userId: alice.id, signalledBy: bob.id, room },
    });
    expect(expectOk<ChatMessage>(await emit(modSocket, 'message:edit', { id: target.id, text: 'Something [edited]' })).editedByModerator).toBe(true);
    const deleted = expectOk<ChatMessage>(await emit(modSocket, 'message:delete', { id: target.id }));
    expect(deleted).toMatchObject({ deleted: true, deletedByModerator: true, text: null });
    await waitFor(() => updates.some((update) => update.id === target.id && update.deleted));
    expect((await outboxSubjects(h.db)).filter((s) => s === 'chat.message.moderated')).toHaveLength(2);
    expectError(await emit(aliceSocket, 'message:edit', { id: target.id, text: 'Back' }), 403, ErrorMessages.unauthorizedAction);
    const listed = (await history()).messages.find((message) => message.id === target.id);
    expect(listed).toMatchObject({ deleted: true, text: null });
  });

  it('lets the author delete their own message, marked deleted', async () => {
    const mine = await post(bobSocket, 'Oops, wrong room');
    expect(expectOk<ChatMessage>(await emit(bobSocket, 'message:delete', { id: mine.id }))).toMatchObject({ deleted: true, deletedByModerator: false });
    expectError(await emit(bobSocket, 'message:delete', { id: mine.id }), 403, ErrorMessages.unauthorizedAction);
  });

  it('lets moderators pin and hide, nobody else; a hidden message keeps its text for its author and moderators only', async () => {
    const message = await post(aliceSocket, 'Pin me');
    expectError(await emit(aliceSocket, 'message:pin', { id: message.id, pin: true }), 403, ErrorMessages.unauthorizedAction);
    expect(expectOk<ChatMessage>(await emit(modSocket, 'message:pin', { id: message.id, pin: true })).pin).toBe(true);
    const info = (await h.a.app.inject({ url: `/api/chat/rooms/${room}` })).json<ChatRoom>();
    expect(info).toMatchObject({ id: room, kind: 'proposals', cycleId, open: true });
    expect(info.pinned.map((pinned) => pinned.id)).toEqual([message.id]);

    expectError(await emit(bobSocket, 'message:hide', { id: message.id, hidden: true }), 403, ErrorMessages.unauthorizedAction);
    expect(expectOk<ChatMessage>(await emit(modSocket, 'message:hide', { id: message.id, hidden: true }))).toMatchObject({ hideInChat: true, text: 'Pin me' });
    const textFor = async (headers?: Record<string, string>) => (await history(headers)).messages.find((m) => m.id === message.id)?.text;
    expect(await textFor()).toBeNull();
    expect(await textFor(bob.headers)).toBeNull();
    expect(await textFor(alice.headers)).toBe('Pin me');
    expect(await textFor(moderator.headers)).toBe('Pin me');
  });

  it('stops a suspended member at once and lets them post again once lifted', async () => {
    await h.publish(UserSuspended, { userId: carol.id, until: new Date(Date.now() + 3600_000).toISOString() });
    await waitFor(async () => (await h.db.member.findUnique({ where: { userId: carol.id } }))?.suspendedUntil != null);
    const carolSocket = await joined(carol);
    const before = await counts();
    expectError(await emit(carolSocket, 'message:post', { room, text: 'Let me in' }), 403, ErrorMessages.suspensionError);
    expect(await counts()).toEqual(before);
    await h.publish(UserSuspensionLifted, { userId: carol.id });
    await waitFor(async () => (await h.db.member.findUnique({ where: { userId: carol.id } }))?.suspendedUntil === null);
    await post(carolSocket, 'Back again');
  });

  it('lets an elected moderator moderate without logging in again, and takes it back from a removed one', async () => {
    const target = await post(aliceSocket, 'Report me');
    expectOk(await emit(bobSocket, 'message:signal', { id: target.id }));
    const carolSocket = await joined(carol);
    expectError(await emit(carolSocket, 'message:delete', { id: target.id }), 403, ErrorMessages.unauthorizedAction);
    await h.publish(UserRoleChanged, { userId: carol.id, moderator: true, scribe: false });
    await waitFor(async () => (await h.db.member.findUnique({ where: { userId: carol.id } }))?.moderator === true);
    expectOk(await emit(carolSocket, 'message:delete', { id: target.id }));

    await h.publish(UserRoleChanged, { userId: moderator.id, moderator: false, scribe: false });
    await waitFor(async () => (await h.db.member.findUnique({ where: { userId: moderator.id } }))?.moderator === false);
    const other = await post(aliceSocket, 'Pin attempt');
    expectError(await emit(modSocket, 'message:pin', { id: other.id, pin: true }), 403, ErrorMessages.unauthorizedAction);
    await h.publish(UserRoleChanged, { userId: moderator.id, moderator: true, scribe: false });
    await waitFor(async () => (await h.db.member.findUnique({ where: { userId: moderator.id } }))?.moderator === true);
  });
});

describe('bad payloads', () => {
  it.each([
    ['an empty text', { text: '' }, ErrorMessages.badRequest],
    ['spaces only', { text: '    ' }, ErrorMessages.badRequest],
    ['251 characters', { text: 'x'.repeat(251) }, ErrorMessages.badRequest],
    ['a number as text', { text: 12345 }, ErrorMessages.badRequest],
    ['an unknown field', { text: 'Hi', pin: true }, ErrorMessages.badRequest],
    ['a malformed reply id', { text: 'Hi', replyTo: 'not-an-id' }, ErrorMessages.badRequest],
    ['a malformed room', { text: 'Hi', room: 'lobby' }, ErrorMessages.badRequest],
    ['a missing text', { text: undefined }, ErrorMessages.missingRequiredFields],
    ['an unknown room', { text: 'Hi', room: `cycle:${randomUUID()}:voting` }, ErrorMessages.notFound],
  ])('acknowledges %s with the spec’s error shape and broadcasts nothing', async (_name, change, message) => {
    const author = await h.client(alice);
    const listener = await joined(bob);
    const seen = collect<ChatMessage>(listener, 'message:new');
    // An earlier test's post may still be in the room's batch; only messages new here count.
    const earlier = new Set((await h.db.message.findMany({ select: { id: true } })).map(({ id }) => id));
    const before = await counts();
    const ack = await emit(author, 'message:post', { room, ...change });
    expect(ack).toMatchObject({ statusMessage: message });
    expect(Object.keys(ack as object).sort()).toEqual(expect.arrayContaining(['statusCode', 'statusMessage']));
    // Longer than a batch tick (250 ms), so that a broadcast would have been delivered.
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(seen.filter(({ id }) => !earlier.has(id))).toEqual([]);
    expect(await counts()).toEqual(before);
  });

  it('accepts exactly 250 characters (counted as people count them)', async () => {
    const socket = await h.client(alice);
    expectOk(await emit(socket, 'message:post', { room, text: '🙂'.repeat(250) }));
  });

  it('answers a payload that is not an object, and an unknown event, with 400', async () => {
    const socket = await h.client(alice);
    expectError(await emit(socket, 'message:post', 'hello'), 400, ErrorMessages.badRequest);
    expectError(await emit(socket, 'message:post', null), 400, ErrorMessages.badRequest);
    expectError(await emit(socket, 'room:join', { room: 'lobby' }), 400, ErrorMessages.badRequest);
    expectError(await emit(socket, 'admin:drop-tables', {}), 400, ErrorMessages.badRequest);
  });

  it('refuses an invalid token as a visitor would be refused', async () => {
    const forged = await h.client({ ...alice, token: `${alice.token.slice(0, -4)}AAAA` });
    expectError(await emit(forged, 'message:post', { room, text: 'Forged' }), 401, ErrorMessages.invalidToken);
  });
});

describe('the rate limit', () => {
  it('refuses messages over the per-user rate with 429 and broadcasts none of them', async () => {
    const limited = await startHarness({ CHAT_RATE_LIMIT: '3', CHAT_RATE_WINDOW_MS: '60000' });
    try {
      const member = await limited.member();
      const { room: limitedRoom } = await limited.openCycle('voting');
      const socket = await limited.client(member);
      for (let i = 0; i < 3; i++) expect(await emit(socket, 'message:post', { room: limitedRoom, text: `Message ${i}` })).toMatchObject({ ok: true });
      expectError(await emit(socket, 'message:post', { room: limitedRoom, text: 'One too many' }), 429, ErrorMessages.tooManyRequests);
      expect(await limited.db.message.count()).toBe(3);
      // Another member is not affected.
      const other = await limited.client(await limited.member());
      expect(await emit(other, 'message:post', { room: limitedRoom, text: 'Mine' })).toMatchObject({ ok: true });
    } finally {
      await limited.close();
    }
  });
});

describe('flooding', () => {
  it('answers 429 to a socket that emits more than 60 events in 10 seconds, whatever they are', async () => {
    const socket = await h.client(null);
    const acks = await Promise.all(Array.from({ length: 61 }, () => emit(socket, 'room:join', { room })));
    expect(acks.filter((ack) => 'ok' in (ack as object))).toHaveLength(60);
    expectError(acks[60], 429, ErrorMessages.tooManyRequests);
  });
});

describe('mutes and the troll hunt', () => {
  it('hides a muted author’s messages for the muting member only, live and in the history, and counts mutes for moderators', async () => {
    const troll = await h.member({ name: 'Troll' });
    const [trollSocket, aliceSocket, bobSocket] = [await joined(troll), await joined(alice), await joined(bob)];
    expectError(await emit(aliceSocket, 'user:mute', { userId: alice.id }), 403, ErrorMessages.unauthorizedAction);
    expect(expectOk<{ muted: string[] }>(await emit(aliceSocket, 'user:mute', { userId: troll.id })).muted).toEqual([troll.id]);
    expectOk(await emit(aliceSocket, 'user:mute', { userId: troll.id })); // twice: one mute
    expectOk(await emit(bobSocket, 'user:mute', { userId: troll.id }));

    const aliceReceives = collect<ChatMessage>(aliceSocket, 'message:new');
    const carolSees = collect<ChatMessage>(await joined(carol), 'message:new');
    const trollMessage = await post(trollSocket, 'I am a troll');
    await post(bobSocket, 'Not a troll');
    // Alone, the troll's message skips its muters; in a batch (README.md#delivery) Alice's panel hides it.
    await waitFor(() => aliceReceives.some((m) => m.text === 'Not a troll'));
    expect(shownTo(aliceReceives, [troll.id]).map((m) => m.text)).toEqual(['Not a troll']);
    const aliceHistory = (await history(alice.headers)).messages.map((m) => m.id);
    expect(aliceHistory).not.toContain(trollMessage.id);
    expect((await history(moderator.headers)).messages.map((m) => m.id)).toContain(trollMessage.id);
    expect((await h.a.app.inject({ url: '/api/chat/mutes', headers: alice.headers })).json()).toEqual({ muted: [{ userId: troll.id, userName: 'Troll' }] });
    expect((await outboxSubjects(h.db)).filter((s) => s === 'chat.user.muted').length).toBeGreaterThanOrEqual(2);
    await waitFor(() => carolSees.length === 2); // Carol muted nobody

    const hunt = await h.a.app.inject({ url: '/api/chat/troll-hunt', headers: moderator.headers });
    expect(hunt.statusCode).toBe(200);
    const { users, since } = hunt.json<TrollHunt>();
    expect(users[0]).toEqual({ userId: troll.id, userName: 'Troll', mutes: 2 });
    expect(new Date(since).getTime()).toBeLessThan(Date.now() - 24 * 3600_000 + 60_000);
    // Mutes from before yesterday 00:00 do not count.
    await h.db.mute.updateMany({ where: { mutedUserId: troll.id, userId: bob.id }, data: { createdAt: new Date(Date.now() - 3 * 24 * 3600_000) } });
    expect((await h.a.app.inject({ url: '/api/chat/troll-hunt', headers: moderator.headers })).json<TrollHunt>().users[0]).toMatchObject({ userId: troll.id, mutes: 1 });
    expect((await h.a.app.inject({ url: '/api/chat/troll-hunt', headers: alice.headers })).statusCode).toBe(403);
    expect((await h.a.app.inject({ url: '/api/chat/troll-hunt' })).statusCode).toBe(401);

    expect(expectOk<{ muted: string[] }>(await emit(aliceSocket, 'user:unmute', { userId: troll.id })).muted).toEqual([]);
    await post(trollSocket, 'Visible again');
    await waitFor(() => aliceReceives.some((m) => m.text === 'Visible again'));
  });
});

describe('closed rooms and history', () => {
  it('pages back through the history with a cursor', async () => {
    const { room: busy } = await h.openCycle('final-vote');
    const socket = await h.client(carol);
    for (let i = 1; i <= 7; i++) expect(await emit(socket, 'message:post', { room: busy, text: `Line ${i}` })).toMatchObject({ ok: true });
    const page = async (query: string) => (await h.a.app.inject({ url: `/api/chat/rooms/${busy}/messages${query}` })).json<ChatHistory>();
    const last = await page('?limit=3');
    expect(last.messages.map((m) => m.text)).toEqual(['Line 5', 'Line 6', 'Line 7']);
    const before = await page(`?limit=3&before=${last.nextBefore}`);
    expect(before.messages.map((m) => m.text)).toEqual(['Line 2', 'Line 3', 'Line 4']);
    const first = await page(`?limit=3&before=${before.nextBefore}`);
    expect(first.messages.map((m) => m.text)).toEqual(['Line 1']);
    expect(first.nextBefore).toBeNull();
    expect((await h.a.app.inject({ url: `/api/chat/rooms/${busy}/messages?before=${randomUUID()}` })).statusCode).toBe(404);
    expect((await h.a.app.inject({ url: `/api/chat/rooms/${busy}/messages?before=nope` })).statusCode).toBe(400);
    expect((await h.a.app.inject({ url: `/api/chat/rooms/cycle:${randomUUID()}:voting/messages` })).statusCode).toBe(404);
    expect((await h.a.app.inject({ url: '/api/chat/rooms/lobby/messages' })).json()).toMatchObject({ statusCode: 400, statusMessage: ErrorMessages.badRequest });
  });

  it('closes the room of the phase left, for good, and opens the next one; the law rooms close with creation', async () => {
    const aliceSocket = await joined(alice);
    const closedEvents = collect<{ room: string }>(aliceSocket, 'room:closed');
    const message = await post(aliceSocket, 'Last words');
    const at = new Date().toISOString();
    await h.publish(CyclePhaseChanged, { cycleId, number: 1, from: 'proposals', to: 'voting', at, phaseEndsAt: null });
    await waitFor(async () => (await h.db.room.findUniqueOrThrow({ where: { id: room } })).closedAt !== null);
    await waitFor(() => closedEvents.length === 1);
    expect(closedEvents[0]!.room).toBe(room);
    const before = await counts();
    expectError(await emit(aliceSocket, 'message:post', { room, text: 'Too late' }), 403, ErrorMessages.unauthorizedAction);
    expectError(await emit(aliceSocket, 'message:edit', { id: message.id, text: 'Too late' }), 403, ErrorMessages.unauthorizedAction);
    expect(await counts()).toEqual(before);
    expect((await h.a.app.inject({ url: `/api/chat/rooms/${room}` })).json<ChatRoom>().open).toBe(false);
    // Still readable, and still moderated: a signalled message can be deleted.
    expect((await history()).messages.length).toBeGreaterThan(0);
    expectOk(await emit(await joined(bob), 'message:signal', { id: message.id }));
    expectOk(await emit(await h.client(moderator), 'message:delete', { id: message.id }));

    // Voting room open; a late or repeated "entered proposals" never reopens the closed room.
    const voting = `cycle:${cycleId}:voting`;
    expect((await h.a.app.inject({ url: `/api/chat/rooms/${voting}` })).json<ChatRoom>().open).toBe(true);
    const applied = await h.db.inboxEvent.count({ where: { consumer: 'chat-cycle-phase-changed' } });
    await h.publish(CyclePhaseChanged, { cycleId, number: 1, from: null, to: 'proposals', at, phaseEndsAt: null });
    await waitFor(async () => (await h.db.inboxEvent.count({ where: { consumer: 'chat-cycle-phase-changed' } })) > applied);
    expect((await h.db.room.findUniqueOrThrow({ where: { id: room } })).closedAt).not.toBeNull();

    // Creation: one room per law, closed when the cycle enters the final vote.
    const lawId = randomUUID();
    await h.publish(CyclePhaseChanged, { cycleId, number: 1, from: 'voting', to: 'creation', at: new Date().toISOString(), phaseEndsAt: null });
    await h.publish(LawCreatorsDrawn, { lawId, cycleId, title: 'Free buses', creators: [alice.id] });
    const lawRoom = `law:${lawId}:creation`;
    await waitFor(async () => (await h.db.room.findUnique({ where: { id: lawRoom } })) !== null);
    expect((await h.a.app.inject({ url: `/api/chat/rooms/${lawRoom}` })).json<ChatRoom>()).toMatchObject({ kind: 'creation', lawId, title: 'Free buses', open: true });
    // Each event has its own consumer: the phase change may be applied after the law's room opened.
    await waitFor(async () => (await h.db.room.findUniqueOrThrow({ where: { id: voting } })).closedAt !== null);
    const creator = await h.client(alice);
    expectOk(await emit(creator, 'message:post', { room: lawRoom, text: 'Article 1 draft' }));
    await h.publish(CyclePhaseChanged, { cycleId, number: 1, from: 'creation', to: 'final-vote', at: new Date().toISOString(), phaseEndsAt: null });
    await waitFor(async () => (await h.db.room.findUniqueOrThrow({ where: { id: lawRoom } })).closedAt !== null);
    expectError(await emit(creator, 'message:post', { room: lawRoom, text: 'Too late' }), 403, ErrorMessages.unauthorizedAction);
    // A draw that arrives after creation ended makes a closed room.
    const lateLaw = randomUUID();
    await h.publish(LawCreatorsDrawn, { lawId: lateLaw, cycleId, title: 'Late law', creators: [] });
    await waitFor(async () => (await h.db.room.findUnique({ where: { id: `law:${lateLaw}:creation` } })) !== null);
    expect((await h.db.room.findUniqueOrThrow({ where: { id: `law:${lateLaw}:creation` } })).closedAt).not.toBeNull();
  });

  it('serves its OpenAPI document', async () => {
    const document = (await h.a.app.inject({ url: '/api/chat/openapi.json' })).json<{ paths: Record<string, unknown> }>();
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining(['/api/chat/rooms/{room}', '/api/chat/rooms/{room}/messages', '/api/chat/mutes', '/api/chat/troll-hunt', '/api/chat/signalled']),
    );
  });

  it('lists signalled messages for moderators only', async () => {
    const response = await h.a.app.inject({ url: '/api/chat/signalled', headers: moderator.headers });
    expect(response.statusCode).toBe(200);
    expect((await h.a.app.inject({ url: '/api/chat/signalled', headers: bob.headers })).statusCode).toBe(403);
  });
});
