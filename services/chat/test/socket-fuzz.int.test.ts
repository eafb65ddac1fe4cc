import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { CyclePhaseChanged, ErrorMessages, Role, UserSuspended, type ChatMessage } from '@civic/contracts';
import { fuzzSocketEvents, schemaFingerprint, waitFor } from '@civic/test-kit';
import type { Socket } from 'socket.io-client';
import { clientEvents, payloadSchemas } from '../src/socket/payloads.js';
import { collect, emit, shownTo, startHarness, type Harness, type Member } from './support/harness.js';

/**
 * Property-based fuzzing of every socket event a client may emit, as a visitor, a caller with a bad
 * token, an author, another member, a suspended member and a moderator: every answer is `{ ok: true }`
 * or a 4xx in the catalogue's error shape, the connection stays up, and a rejected emit changes no data.
 */
/** fast-check draws a new seed each run (a failure prints it), so the runs add up to more cases than one. */
const RUNS_PER_EVENT = 300;
let h: Harness;
let pool: pg.Pool;

beforeAll(async () => {
  // The per-user message rate is out of the way: rejections are about the input.
  h = await startHarness({ CHAT_RATE_LIMIT: '100000', CHAT_RATE_WINDOW_MS: '1000' });
  pool = new pg.Pool({ connectionString: h.context.databaseUrl, max: 4 });
});

afterAll(async () => {
  await pool.end();
  await h.close();
});

async function posted(socket: Socket, room: string, text: string, replyTo?: string): Promise<ChatMessage> {
  const ack = await emit<ChatMessage>(socket, 'message:post', { room, text, ...(replyTo ? { replyTo } : {}) });
  expect(ack).toMatchObject({ ok: true });
  return (ack as { data: ChatMessage }).data;
}

/** Messages in every state the permissions look at: plain, signalled, hidden, deleted, a reply, in a closed room. */
async function seedRecords(author: Member, other: Member, moderator: Member) {
  const { room } = await h.openCycle('proposals');
  const closing = await h.openCycle('proposals');
  const [authorSocket, otherSocket, moderatorSocket] = [await h.client(author), await h.client(other), await h.client(moderator)];
  const byAuthor = await posted(authorSocket, room, 'A first idea');
  const byOther = await posted(otherSocket, room, 'Another idea');
  const signalled = await posted(otherSocket, room, 'Something to check');
  expect(await emit(authorSocket, 'message:signal', { id: signalled.id })).toMatchObject({ ok: true });
  const hidden = await posted(authorSocket, room, 'Off topic');
  expect(await emit(moderatorSocket, 'message:hide', { id: hidden.id, hidden: true })).toMatchObject({ ok: true });
  const deleted = await posted(authorSocket, room, 'Never mind');
  expect(await emit(authorSocket, 'message:delete', { id: deleted.id })).toMatchObject({ ok: true });
  const reply = await posted(otherSocket, room, 'Agreed', byAuthor.id);
  const inClosedRoom = await posted(authorSocket, closing.room, 'Before the vote');
  await h.publish(CyclePhaseChanged, { cycleId: closing.cycleId, number: 1, from: 'proposals', to: 'voting', at: new Date().toISOString(), phaseEndsAt: null });
  await waitFor(async () => (await h.db.room.findUniqueOrThrow({ where: { id: closing.room } })).closedAt !== null);
  for (const socket of [authorSocket, otherSocket, moderatorSocket]) socket.disconnect();
  return {
    rooms: [room, closing.room, `cycle:${closing.cycleId}:voting`, `cycle:${randomUUID()}:proposals`, `law:${randomUUID()}:creation`],
    messages: [byAuthor, byOther, signalled, hidden, deleted, reply, inClosedRoom].map((message) => message.id),
  };
}

/** docs/product.md#chat: a user may mute an author other than themself, whatever the spelling of the id. */
async function nobodyMutesThemself(): Promise<string | null> {
  const { rows } = await pool.query<{ user_id: string }>('SELECT user_id FROM chat.mute WHERE user_id = muted_user_id');
  return rows.length ? `${rows[0]!.user_id} mutes themself` : null;
}

test('every client event survives generated payloads from every kind of caller', async () => {
  const author = await h.member({ name: 'Author' });
  const other = await h.member({ name: 'Other' });
  const moderator = await h.member({ name: 'Moderator', role: Role.Moderator });
  const suspended = await h.member({ name: 'Suspended' });
  await h.publish(UserSuspended, { userId: suspended.id, until: new Date(Date.now() + 3600_000).toISOString() });
  await waitFor(async () => (await h.db.member.findUnique({ where: { userId: suspended.id } }))?.suspendedUntil != null);
  const { rooms, messages } = await seedRecords(author, other, moderator);

  // The server listens to exactly the events that have a payload schema (besides socket.io's own):
  // none escapes the fuzzing.
  const listening = await h.client(null);
  const serverSide = h.a.io.of('/').sockets.get(listening.id!)!;
  const reserved = ['connect', 'connect_error', 'disconnect', 'disconnecting', 'error', 'newListener', 'removeListener'];
  expect(serverSide.eventNames().filter((name) => !reserved.includes(String(name))).sort()).toEqual([...clientEvents].sort());
  expect(Object.keys(payloadSchemas)).toEqual(clientEvents);

  const caller = (name: string, member: Member | null) => ({ name, connect: () => h.client(member) });
  const { events, emits, outcomes, findings } = await fuzzSocketEvents({
    events: payloadSchemas,
    callers: [
      caller('visitor', null),
      caller('bad token', { ...author, token: 'not-a-token' }),
      caller('author', author),
      caller('other member', other),
      caller('suspended member', suspended),
      caller('moderator', moderator),
    ],
    knownValues: [...rooms, ...messages, author.id, other.id, moderator.id, suspended.id],
    fingerprint: schemaFingerprint(pool, 'chat', { countOnly: ['outbox_event', 'inbox_event'] }),
    invariant: nobodyMutesThemself,
    probeEvent: 'fuzz:probe',
    // The server refuses more than 60 events per connection in 10 s: a fresh connection is opened before.
    emitsPerSocket: 50,
    // Frames over 96 KiB close the connection by design (a draft update may carry 64 KiB in base64).
    maxFrameBytes: 12 * 1024,
    runsPerEvent: RUNS_PER_EVENT,
    seed: 20_260_207,
  });

  console.log(`fuzzed ${events.length} socket events with ${emits} emits: ${JSON.stringify(outcomes)}`);
  expect(findings).toEqual([]);
  expect([...events].sort()).toEqual([...clientEvents].sort());
  expect(emits).toBe(clientEvents.length * RUNS_PER_EVENT);
  // The generated input reached real records: accepted, and refused for every reason.
  for (const outcome of ['ok', '400', '401', '403', '404', 'ignored']) expect(outcomes[outcome]).toBeGreaterThan(0);
  // 75 s on a quiet machine; 185 s in the full suite, and past 300 s once with a benchmark beside it.
}, 600_000);

describe('what the fuzzing found', () => {
  it('answers an emit that carries more than one value before its acknowledgement (400), instead of leaving it unanswered', async () => {
    const member = await h.member();
    const { room } = await h.openCycle('proposals');
    const socket = await h.client(member);
    const before = await h.db.message.count();
    const ack = await socket.timeout(2000).emitWithAck('message:post', { room, text: 'Hello' }, 'one value too many');
    expect(ack).toEqual({ statusCode: 400, statusMessage: ErrorMessages.badRequest, data: { event: 'message:post', reason: 'one-payload' } });
    expect(await h.db.message.count()).toBe(before);
  });

  it('reads a user id written in capitals as the same user: nobody mutes themself, and the mute hides the author live', async () => {
    const [muter, author] = [await h.member(), await h.member()];
    const { room } = await h.openCycle('proposals');
    const muterSocket = await h.client(muter);
    expect(await emit(muterSocket, 'room:join', { room })).toMatchObject({ ok: true });
    expect(await emit(muterSocket, 'user:mute', { userId: muter.id.toUpperCase() })).toMatchObject({ statusCode: 403, data: { reason: 'self' } });
    expect(await emit(muterSocket, 'user:mute', { userId: author.id.toUpperCase() })).toEqual({ ok: true, data: { muted: [author.id] } });

    const seen = collect<ChatMessage>(muterSocket, 'message:new');
    const authorSocket = await h.client(author);
    const control = await h.member();
    const controlSocket = await h.client(control);
    expect(await emit(controlSocket, 'room:join', { room })).toMatchObject({ ok: true });
    const seenByControl = collect<ChatMessage>(controlSocket, 'message:new');
    await posted(authorSocket, room, 'Muted words');
    await posted(controlSocket, room, 'Heard words');
    await waitFor(() => seen.some((message) => message.text === 'Heard words') && seenByControl.length === 2);
    // Alone, a muted author's message skips the muter; in a batch the muter's panel hides it (README.md#delivery).
    expect(shownTo(seen, [author.id]).map((message) => message.text)).toEqual(['Heard words']);
  });
});
