/**
 * What a viewer may do with a chat message, against the actions themselves: each caller reads a
 * message (HTTP history) and then acts on it, and every `may` flag agrees with the acknowledgement;
 * the table of a join (`mayByCase`) gives each message the flags its own `may` carries; the table is
 * sent again (`may:changed`) when the viewer's suspension or moderator role changes, and when a
 * suspension ends.
 */
import { CyclePhaseChanged, mayOfCase, Role, UserRoleChanged, UserSuspended, UserSuspensionLifted, type ChatAckData, type ChatHistory, type ChatMayCase, type ChatMessage, type ChatMessageMay } from '@civic/contracts';
import { waitFor } from '@civic/test-kit';
import type { Socket } from 'socket.io-client';
import { emit, startHarness, type Harness, type Member } from './support/harness.js';

let h: Harness;
let author: Member;
let other: Member;
let moderator: Member;
let suspended: Member;
let room: string;
let cycleId: string;

type Who = 'visitor' | 'other' | 'author' | 'moderator' | 'suspended';
const everyone: Who[] = ['visitor', 'other', 'suspended', 'moderator', 'author'];
let sockets: Record<Who, Socket>;
let tables: Record<Who, ChatMayCase[]>;

const member = (who: Who): Member | null => ({ visitor: null, other, author, moderator, suspended })[who];

async function join(socket: Socket, name = room): Promise<ChatAckData['room:join']> {
  const ack = await emit<ChatAckData['room:join']>(socket, 'room:join', { room: name });
  if (!('ok' in ack)) throw new Error(`join refused: ${JSON.stringify(ack)}`);
  return ack.data;
}

async function post(text: string, name = room): Promise<ChatMessage> {
  const ack = await emit<ChatMessage>(sockets.author, 'message:post', { room: name, text });
  if (!('ok' in ack)) throw new Error(`post refused: ${JSON.stringify(ack)}`);
  return ack.data;
}

/** The message as `who` reads it over HTTP. */
async function read(who: Who, id: string, name = room): Promise<ChatMessage> {
  const viewer = member(who);
  const page = (await h.a.app.inject({ url: `/api/chat/rooms/${name}/messages?limit=200`, headers: viewer ? viewer.headers : {} })).json<ChatHistory>();
  const found = page.messages.find((message) => message.id === id);
  if (!found) throw new Error(`${who} does not read ${id}`);
  return found;
}

/** A viewer's flags for someone else's message, not signalled, in an open room. */
const othersOpen = (table: ChatMayCase[]) => table.find((row) => !row.author && row.moderationStatus === 0 && !row.deleted && row.open)!.may;

/** The action of each flag on a message, as a socket event. */
const actions: Record<Exclude<keyof ChatMessageMay, 'suspend'>, (message: ChatMessage) => [string, unknown]> = {
  reply: (message) => ['message:post', { room: message.room, text: 'A reply', replyTo: message.id }],
  edit: (message) => ['message:edit', { id: message.id, text: 'Edited' }],
  remove: (message) => ['message:delete', { id: message.id }],
  signal: (message) => ['message:signal', { id: message.id }],
  pin: (message) => ['message:pin', { id: message.id, pin: true }],
  hide: (message) => ['message:hide', { id: message.id, hidden: true }],
  mute: (message) => ['user:mute', { userId: message.userId }],
};

beforeAll(async () => {
  h = await startHarness({ CHAT_RATE_LIMIT: '1000', CHAT_RATE_WINDOW_MS: '60000' });
  [author, other, suspended] = [await h.member({ name: 'Author' }), await h.member({ name: 'Other' }), await h.member({ name: 'Suspended' })];
  moderator = await h.member({ name: 'Mo', role: Role.Moderator });
  await h.publish(UserSuspended, { userId: suspended.id, until: new Date(Date.now() + 3600_000).toISOString() });
  await waitFor(async () => (await h.db.member.findUniqueOrThrow({ where: { userId: suspended.id } })).suspendedUntil !== null);
  ({ room, cycleId } = await h.openCycle('proposals'));
  const opened = await Promise.all(everyone.map(async (who) => [who, await h.client(member(who))] as const));
  sockets = Object.fromEntries(opened) as Record<Who, Socket>;
  tables = Object.fromEntries(await Promise.all(everyone.map(async (who) => [who, (await join(sockets[who])).mayByCase] as const))) as Record<Who, ChatMayCase[]>;
});

afterAll(async () => {
  await h.close();
});

describe('a message’s may against the actions', () => {
  it('says of each flag, for each viewer, what the action then answers (open room)', async () => {
    const disagreements: string[] = [];
    for (const flag of Object.keys(actions) as (keyof typeof actions)[]) {
      for (const who of everyone) {
        // A fresh message of the author per check (signalled first for a moderator's edit and delete), so no check decides another.
        const target = await post(`A message for ${flag} by ${who}`);
        if (flag === 'edit' || flag === 'remove') await emit(sockets.other, 'message:signal', { id: target.id });
        const seen = await read(who, target.id);
        const [event, payload] = actions[flag](seen);
        const ack = await emit(sockets[who], event, payload);
        const done = 'ok' in ack;
        if (seen.may[flag] !== done) disagreements.push(`${who} ${flag}: may ${seen.may[flag]}, ${event} answered ${JSON.stringify(ack).slice(0, 120)}`);
        if (who !== 'visitor' && flag === 'mute' && done) await emit(sockets[who], 'user:unmute', { userId: author.id });
      }
    }
    expect(disagreements).toEqual([]);
  });

  it('says of each flag on a hidden message what the action then answers (its author and moderators read it)', async () => {
    // Sockets of their own: the tests before spent most of the shared sockets' events per window.
    const fresh = { author: await h.client(author), moderator: await h.client(moderator), other: await h.client(other) };
    await Promise.all(Object.values(fresh).map((socket) => join(socket)));
    const postFresh = async (text: string) => {
      const ack = await emit<ChatMessage>(fresh.author, 'message:post', { room, text });
      if (!('ok' in ack)) throw new Error(`post refused: ${JSON.stringify(ack)}`);
      return ack.data;
    };
    const disagreements: string[] = [];
    for (const flag of ['reply', 'edit', 'remove', 'signal', 'pin'] as const) {
      for (const who of ['author', 'moderator'] as const) {
        const target = await postFresh(`A hidden message for ${flag} by ${who}`);
        if (flag === 'edit' || flag === 'remove') await emit(fresh.other, 'message:signal', { id: target.id });
        expect(await emit(fresh.moderator, 'message:hide', { id: target.id, hidden: true })).toMatchObject({ ok: true });
        const seen = await read(who, target.id);
        expect(seen.hideInChat).toBe(true);
        const [event, payload] = actions[flag](seen);
        const ack = await emit(fresh[who], event, payload);
        if (seen.may[flag] !== 'ok' in ack) disagreements.push(`${who} ${flag}: may ${seen.may[flag]}, ${event} answered ${JSON.stringify(ack).slice(0, 120)}`);
      }
    }
    expect(disagreements).toEqual([]);
    // Nobody answers, reports or rewrites what the room no longer reads; the refusal says why.
    const hidden = await postFresh('Hidden, then answered');
    await emit(fresh.moderator, 'message:hide', { id: hidden.id, hidden: true });
    const refusal = { statusCode: 403, statusMessage: 'Unauthorized action', data: { reason: 'hidden' } };
    expect(await emit(fresh.other, 'message:post', { room, text: 'A reply', replyTo: hidden.id })).toEqual(refusal);
    expect(await emit(fresh.other, 'message:signal', { id: hidden.id })).toEqual(refusal);
    expect(await emit(fresh.author, 'message:edit', { id: hidden.id, text: 'Rewritten' })).toEqual(refusal);
    expect((await h.db.message.findUniqueOrThrow({ where: { id: hidden.id } })).text).toBe('Hidden, then answered');
    for (const socket of Object.values(fresh)) socket.disconnect();
  });

  it('gives every message read the flags of its case in the viewer’s table', async () => {
    const page = async (who: Who) => (await h.a.app.inject({ url: `/api/chat/rooms/${room}/messages?limit=200`, headers: member(who)?.headers ?? {} })).json<ChatHistory>();
    for (const who of everyone) {
      const { messages } = await page(who);
      expect(messages.length).toBeGreaterThan(10);
      for (const message of messages) expect([who, message.id, mayOfCase(tables[who], member(who)?.id ?? null, message, true)]).toEqual([who, message.id, message.may]);
    }
  });

  it('refuses a suspended member’s signal, role by role, as a suspension refuses posting, and says so in may', async () => {
    const expected: Record<Who, string> = { visitor: '401 Unauthorized', author: '403 Unauthorized action', suspended: '403 Suspension error', other: 'ok', moderator: 'ok' };
    for (const who of everyone) {
      const target = await post(`A message ${who} signals`);
      const seen = await read(who, target.id);
      const ack = await emit<ChatMessage>(sockets[who], 'message:signal', { id: target.id });
      const verdict = 'ok' in ack ? 'ok' : `${ack.statusCode} ${ack.statusMessage}`;
      expect([who, verdict, seen.may.signal]).toEqual([who, expected[who], expected[who] === 'ok']);
      if (who === 'suspended') {
        expect(ack).toEqual({ statusCode: 403, statusMessage: 'Suspension error', data: { reason: 'suspended' } });
        expect(await emit(sockets.suspended, 'message:post', { room, text: 'Barred' })).toEqual(ack);
        expect((await h.db.message.findUniqueOrThrow({ where: { id: target.id } })).moderationStatus).toBe(0);
      }
    }
    expect(othersOpen(tables.suspended).signal).toBe(false);
    expect(othersOpen(tables.other).signal).toBe(true);
  });

  it('answers an action with the actor’s may of the changed message', async () => {
    const posted = await post('A message its author edits');
    expect(posted.may).toMatchObject({ reply: true, edit: true, remove: true, signal: false, mute: false });
    const ack = await emit<ChatMessage>(sockets.other, 'message:signal', { id: posted.id });
    expect(ack).toMatchObject({ ok: true, data: { moderationStatus: 1, may: { signal: false, edit: false, reply: true, mute: true } } });
  });

  it('closes the actions of a closed room but deleting, in the messages and in the table', async () => {
    const target = await post('A message before the room closes');
    await h.publish(CyclePhaseChanged, { cycleId, number: 1, from: 'proposals', to: 'voting', at: new Date().toISOString(), phaseEndsAt: null });
    await waitFor(async () => (await h.db.room.findUniqueOrThrow({ where: { id: room } })).closedAt !== null);
    for (const who of everyone) {
      const seen = await read(who, target.id);
      expect([who, seen.may]).toEqual([who, mayOfCase(tables[who], member(who)?.id ?? null, seen, false)]);
      expect([who, seen.may.reply, seen.may.pin]).toEqual([who, false, false]);
    }
    expect((await read('author', target.id)).may).toMatchObject({ edit: false, remove: true });
    expect(await emit(sockets.author, 'message:edit', { id: target.id, text: 'Too late' })).toMatchObject({ statusCode: 403 });
    expect(await emit(sockets.author, 'message:delete', { id: target.id })).toMatchObject({ ok: true, data: { deleted: true, may: { remove: false } } });
  });
});

describe('the table sent again', () => {
  let live: string;

  beforeAll(async () => {
    ({ room: live } = await h.openCycle('proposals'));
  });

  /** The next table a socket is sent. */
  const nextTable = (socket: Socket) => new Promise<ChatMayCase[]>((resolve) => socket.once('may:changed', ({ mayByCase }: { mayByCase: ChatMayCase[] }) => resolve(mayByCase)));
  const ownOpen = (table: ChatMayCase[]) => table.find((row) => row.author && row.moderationStatus === 0 && !row.deleted && row.open)!.may;

  it('when the viewer is made moderator, then is no longer one', async () => {
    const promoted = await h.member({ name: 'Promoted' });
    const socket = await h.client(promoted);
    expect(othersOpen((await join(socket, live)).mayByCase).pin).toBe(false);
    const made = nextTable(socket);
    await h.publish(UserRoleChanged, { userId: promoted.id, moderator: true, scribe: false });
    expect(othersOpen(await made)).toMatchObject({ pin: true, hide: true, suspend: true });
    const taken = nextTable(socket);
    await h.publish(UserRoleChanged, { userId: promoted.id, moderator: false, scribe: false });
    expect(othersOpen(await taken)).toMatchObject({ pin: false, hide: false, suspend: false });
  });

  it('when the viewer is suspended, when the suspension is lifted, and when one ends by itself', async () => {
    const member = await h.member({ name: 'Soon suspended' });
    const socket = await h.client(member);
    expect(ownOpen((await join(socket, live)).mayByCase).edit).toBe(true);
    const barred = nextTable(socket);
    await h.publish(UserSuspended, { userId: member.id, until: new Date(Date.now() + 3600_000).toISOString() });
    expect(ownOpen(await barred)).toMatchObject({ edit: false, reply: false, remove: true });
    const lifted = nextTable(socket);
    await h.publish(UserSuspensionLifted, { userId: member.id });
    expect(ownOpen(await lifted)).toMatchObject({ edit: true, reply: true });

    // A short suspension, then the table of its end, unasked.
    const short = nextTable(socket);
    await h.publish(UserSuspended, { userId: member.id, until: new Date(Date.now() + 1500).toISOString() });
    expect(ownOpen(await short).reply).toBe(false);
    const ended = nextTable(socket);
    expect(ownOpen(await ended).reply).toBe(true);
  });

  it('sends nothing to a socket that joined no chat room', async () => {
    const member = await h.member({ name: 'Watcher only' });
    const socket = await h.client(member);
    let told = 0;
    socket.on('may:changed', () => (told += 1));
    const joinedElsewhere = await h.client(member);
    await join(joinedElsewhere, live);
    const made = nextTable(joinedElsewhere);
    await h.publish(UserRoleChanged, { userId: member.id, moderator: true, scribe: false });
    await made;
    expect(told).toBe(0);
  });
});
