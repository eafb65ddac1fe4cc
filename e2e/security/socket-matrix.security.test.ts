/**
 * The authorization matrix of the chat, through the gateway of a running stack: every socket.io
 * event a client may emit (the chat's only way to change anything), emitted by a visitor, a plain
 * member, the author of the target message, a suspended member, an elected scribe and a moderator,
 * each acknowledgement checked against the verdict the product rules give (support/socket-matrix.ts), and
 * each refusal checked to have changed nothing in the room or in the caller's mutes. Where the event
 * acts on a message, the caller reads it first: its `may` flag of the action must agree with the
 * acknowledgement, and the row of its case in the caller's table (`mayByCase`, from their join) with
 * its `may`.
 *
 * The officials and the suspended member are the run's shared world (support/cast.ts); the plain
 * member and the author are this file's own, so nothing here depends on what other files do. The room
 * is the chat of the cycle in its proposals phase, which stays open for the whole run (see the
 * global setup's START_MIN_PROPOSALS). The drafting rows act as the world's owner, the drafted law's
 * creator (its creation lasts the whole run), on a text id of this file's own, so that nothing they
 * do reaches a text another file reads.
 */
import { randomUUID } from 'node:crypto';
import { chatRooms, mayOfCase, type ChatAck, type ChatAckData, type ChatHistory, type ChatMayCase, type ChatRoom, type CycleSummary, type DraftJoined } from '@civic/contracts';
import { clientEvents } from '../../services/chat/src/socket/payloads.js';
import { callers, sharedWorld, type Caller } from './support/cast.js';
import { Client, sourceAddress, stackUrls, waitFor } from './support/http.js';
import { account, logInAgain, registerVerified, type Member } from './support/members.js';
import { connectChat, describeAck, emit, isAckOk, isErrorAck, type Socket } from './support/socket.js';
import { socketMatrix, type ChatStage, type SocketRow, type SocketVerdict } from './support/socket-matrix.js';

const DENIED = { 401: ['Unauthorized'], 403: ['Unauthorized action', 'Suspension error'] } as const;

const { baseUrl, mailUrl, moderatorEmail } = stackUrls();
const visitorHttp = new Client(baseUrl, sourceAddress(30));
let people: Record<Exclude<Caller, 'visitor'>, Member>;
let sockets: Record<Caller, Socket>;
let stage: ChatStage;

/** The cycle in its proposals phase, once the chat opened its room. */
async function openRoom(): Promise<string> {
  return waitFor('an open chat room of the cycle in its proposals phase', async () => {
    const { cycles } = await visitorHttp.ok<{ cycles: CycleSummary[] }>('GET', '/api/decisions');
    const cycle = cycles.find((candidate) => candidate.phase === 'proposals');
    if (!cycle) return undefined;
    const room = await visitorHttp.get(`/api/chat/rooms/${encodeURIComponent(chatRooms.proposals(cycle.id))}`);
    return room.status === 200 && (room.body as ChatRoom).open ? chatRooms.proposals(cycle.id) : undefined;
  });
}

/** An acknowledgement that must be ok (the setup's own steps). */
async function must<T>(socket: Socket, event: string, payload: unknown): Promise<T> {
  const ack = await emit<T>(socket, event, payload);
  if (!isAckOk(ack)) throw new Error(`setup: ${event} ${JSON.stringify(payload)} answered ${describeAck(ack)}`);
  return ack.data;
}

/**
 * The chat learns of suspensions from identity's events. The suspended member replying to a deleted
 * message tells, changing nothing, whether it did yet: a suspension is refused before the deleted
 * target is. Waits a little; if the chat never learns, the matrix reports it.
 */
async function chatKnowsTheSuspension(): Promise<void> {
  const target = await stage.post('A message deleted before anyone replies');
  await must(sockets.owner, 'message:delete', { id: target });
  await waitFor(
    'the chat to know the suspension',
    async () => {
      const ack = await emit(sockets.suspended, 'message:post', { room: stage.room, text: 'A reply to a deleted message', replyTo: target });
      return isErrorAck(ack) && ack.statusMessage === 'Suspension error' ? true : undefined;
    },
    10_000,
    500,
  ).catch((error: Error) => console.warn(`${error.message}: the matrix goes on`));
}

beforeAll(async () => {
  const [{ shared: world }, user] = await Promise.all([
    sharedWorld(baseUrl, mailUrl, moderatorEmail),
    registerVerified(baseUrl, mailUrl, sourceAddress(31), account('chat-user')),
  ]);
  // The owner is the world's: the drafted law's creator (the drafting rows), and the author here.
  const [owner, suspended, scribe, moderator] = await Promise.all([
    logInAgain(baseUrl, sourceAddress(32), world.members.owner),
    logInAgain(baseUrl, sourceAddress(33), world.members.suspended),
    logInAgain(baseUrl, sourceAddress(34), world.members.scribe),
    logInAgain(baseUrl, sourceAddress(35), world.members.moderator),
  ]);
  people = { user, owner, suspended, scribe, moderator };
  const room = await openRoom();

  const addresses: Record<Caller, number> = { visitor: 30, user: 31, owner: 32, suspended: 33, scribe: 34, moderator: 35 };
  const connected = await Promise.all(callers.map(async (caller) => [caller, await connectChat(baseUrl, sourceAddress(addresses[caller]), caller === 'visitor' ? null : people[caller].client)] as const));
  sockets = Object.fromEntries(connected) as Record<Caller, Socket>;

  stage = {
    room,
    ids: { user: user.id, owner: owner.id, suspended: suspended.id, scribe: scribe.id, moderator: moderator.id },
    post: async (text) => (await must<{ id: string }>(sockets.owner, 'message:post', { room, text })).id,
    signal: async (id) => void (await must(sockets.user, 'message:signal', { id })),
    pin: async (id) => void (await must(sockets.moderator, 'message:pin', { id, pin: true })),
    hide: async (id) => void (await must(sockets.moderator, 'message:hide', { id, hidden: true })),
    draft: {
      lawId: world.laws.drafted,
      textId: randomUUID(),
      join: async () => (await must<DraftJoined>(sockets.owner, 'draft:join', { lawId: world.laws.drafted, kind: 'article', textId: stage.draft.textId, body: 'A text drafted live.' })).state,
    },
  };
  await chatKnowsTheSuspension();
}, 180_000);

afterAll(() => {
  for (const socket of Object.values(sockets ?? {})) socket.disconnect();
});

/** Whether an acknowledgement matches a verdict (see support/socket-matrix.ts). */
function matches(verdict: SocketVerdict, caller: Caller, ack: ChatAck<unknown>): boolean {
  if (verdict === 'allowed') return isAckOk(ack) || (isErrorAck(ack) && ack.statusCode !== 401 && ack.statusCode !== 403 && ack.statusCode < 500);
  if (!isErrorAck(ack)) return false;
  const status = caller === 'visitor' ? 401 : 403;
  return ack.statusCode === status && (DENIED[status] as readonly string[]).includes(ack.statusMessage);
}

/** Each caller's table and id as their join answered them (the matrix's room:join row). */
const joins: Partial<Record<Caller, { mayByCase: ChatMayCase[]; userId: string | null }>> = {};

/** A refusal: 401, 403, or 404 for what is gone. */
const refusedAck = (ack: ChatAck<unknown>) => isErrorAck(ack) && [401, 403, 404].includes(ack.statusCode);

/** The message as the caller reads it in the room's history (their muted authors' left out). */
async function readAs(caller: Caller, id: string) {
  const url = `/api/chat/rooms/${encodeURIComponent(stage.room)}/messages?limit=200`;
  const history = await (caller === 'visitor' ? visitorHttp : people[caller].client).ok<ChatHistory>('GET', url);
  return history.messages.find((message) => message.id === id);
}

/**
 * How the caller's read of the row's message disagrees with the acknowledgement, or with the row of
 * its case in the caller's table; null when both agree.
 */
function mayDisagreement(row: SocketRow, caller: Caller, seen: Awaited<ReturnType<typeof readAs>>, ack: ChatAck<unknown>): string | null {
  if (!row.may) return null;
  if (!seen) return 'the caller does not read the message';
  const flag = seen.may[row.may.flag];
  if (flag === refusedAck(ack)) return `may.${row.may.flag} is ${flag}, yet the event answered ${describeAck(ack)}`;
  const join = joins[caller];
  const byCase = join ? mayOfCase(join.mayByCase, join.userId, seen, true) : null;
  if (JSON.stringify(byCase) !== JSON.stringify(seen.may)) return `its may ${JSON.stringify(seen.may)} is not the row of its case in the join’s table, ${JSON.stringify(byCase)}`;
  return null;
}

/** What a refused event must leave as it was: the room as anyone reads it, and the caller's mutes. */
async function witness(caller: Caller): Promise<string> {
  const history = await visitorHttp.ok<ChatHistory>('GET', `/api/chat/rooms/${encodeURIComponent(stage.room)}/messages?limit=200`);
  const mutes = caller === 'visitor' ? null : await people[caller].client.ok<unknown>('GET', '/api/chat/mutes');
  return JSON.stringify({ messages: history.messages, mutes });
}

describe('the chat’s socket matrix', () => {
  it('lists exactly the events the chat handles', async () => {
    const listed = [...new Set(socketMatrix.map((row) => row.event))].sort();
    expect({ missingFromTheMatrix: clientEvents.filter((event) => !listed.includes(event)).sort() }).toEqual({ missingFromTheMatrix: [] });
    expect({ listedButNotHandled: listed.filter((event) => !(clientEvents as string[]).includes(event)) }).toEqual({ listedButNotHandled: [] });
    expect(socketMatrix.map((row) => row.label).length).toBe(new Set(socketMatrix.map((row) => row.label)).size); // no row twice

    // The running chat behind the gateway handles each of them (it checks the payload: a 400 naming
    // the event), and answers an event it does not know otherwise.
    const handled = async (event: string) => {
      const ack = await emit(sockets.visitor, event);
      return isErrorAck(ack) && ack.statusCode === 400 && (ack.data as { event?: unknown } | undefined)?.event === event;
    };
    const notHandled: string[] = [];
    for (const event of listed) if (!(await handled(event))) notHandled.push(event);
    expect({ notHandledByTheRunningChat: notHandled }).toEqual({ notHandledByTheRunningChat: [] });
    expect(await handled('message:made-up')).toBe(false);
  });

  it('gives every caller of every event the verdict of the spec, and refusals change nothing', async () => {
    const mismatches: string[] = [];
    const allowedButRefused: string[] = [];
    const grid: string[] = [];
    let checked = 0;
    let mayChecked = 0;
    for (const row of socketMatrix) {
      const prepared = row.prepare ? await row.prepare(stage) : {};
      const marks: string[] = [];
      for (const caller of callers) {
        const expected = row.verdicts[caller];
        const before = expected === 'denied' ? await witness(caller) : null;
        // The message as the caller sees it just before acting (earlier callers may have changed it).
        const seen = row.may ? await readAs(caller, row.may.target(caller, prepared)) : undefined;
        const ack = await emit(sockets[caller], row.event, row.payload(caller, prepared, stage));
        checked += 1;
        if (row.event === 'room:join' && isAckOk(ack)) joins[caller] = ack.data as ChatAckData['room:join'];
        let mark = expected === 'allowed' ? 'A' : 'D';
        const disagreement = mayDisagreement(row, caller, seen, ack);
        if (row.may) mayChecked += 1;
        if (disagreement) {
          mismatches.push(`${row.label} as ${caller}: ${disagreement}`);
          mark = `${mark}!`;
        }
        if (!matches(expected, caller, ack)) {
          mismatches.push(`${row.label} as ${caller}: expected ${expected} (${row.rule}), got ${describeAck(ack)}`);
          mark = `${mark}!`;
        } else if (before !== null && (await witness(caller)) !== before) {
          mismatches.push(`${row.label} as ${caller}: refused (${describeAck(ack)}) yet the room or the caller’s mutes changed`);
          mark = `${mark}!`;
        } else if (expected === 'allowed' && !isAckOk(ack)) {
          allowedButRefused.push(`${row.label} as ${caller}: ${describeAck(ack)}`);
          mark = `${mark}?`;
        }
        marks.push(mark.padEnd(10));
      }
      grid.push(`${row.label.padEnd(34)}${marks.join('')}`);
    }
    console.log(
      [
        `Socket matrix: ${socketMatrix.length} rows (${new Set(socketMatrix.map((row) => row.event)).size} events) x ${callers.length} callers = ${checked} checks, ${mayChecked} of them against the message's may, ${mismatches.length} mismatches.`,
        `${''.padEnd(34)}${callers.map((caller) => caller.padEnd(10)).join('')}  (A allowed, D denied; ! mismatch, ? allowed but refused for another reason)`,
        ...grid,
        ...(mismatches.length ? ['Mismatches:', ...mismatches.map((line) => `  ${line}`)] : []),
        ...(allowedButRefused.length ? ['Allowed, refused for another reason:', ...allowedButRefused.map((line) => `  ${line}`)] : []),
      ].join('\n'),
    );
    expect(mismatches).toEqual([]);
    expect(checked).toBe(socketMatrix.length * callers.length);
    expect(mayChecked).toBe(socketMatrix.filter((row) => row.may).length * callers.length);
  }, 90_000);

  it('checks the may of every row that acts on a message', () => {
    const onMessages = socketMatrix.filter((row) => /^message:(edit|delete|signal|pin|hide)$/.test(row.event) || row.label === 'message:post (reply)' || row.event === 'user:mute');
    expect(onMessages.filter((row) => !row.may).map((row) => row.label)).toEqual([]);
  });
});
