/**
 * The steady mixed load of the rolling-update rehearsal, through the gateway as real clients send it:
 * votes with an Idempotency-Key (retried with the same key when the connection fails, as a browser's
 * fetch does on a network error), registrations, chat posts from socket.io clients configured as the
 * shipped front end, and open notification streams. Every answer is recorded, so the test can assert
 * that a rolling update hid every restart.
 */
import { io, type Socket } from 'socket.io-client';
import { emitUntilAnswered, newClientMessageId } from '../../frontends/decisions/src/chat/resend.js';
import { chatSocketOptions } from '../../packages/frontend-kit/src/socket-options.js';

export interface Member {
  id: string;
  email: string;
  cookie: string;
}

/** What the load saw: every HTTP status, every transport error, what each client did. */
export class LoadRecord {
  readonly statuses = new Map<string, number[]>();
  readonly networkErrors: string[] = [];
  /** What each answer of 500 and above said (`vote 500: {...}`), so that a failure says why. */
  readonly serverErrors: string[] = [];
  requests = 0;

  note(kind: string, status: number): void {
    this.requests++;
    const list = this.statuses.get(kind) ?? [];
    list.push(status);
    this.statuses.set(kind, list);
  }

  /** Answers of 500 and above, by kind and status (`{ vote: { 503: 1 } }`), so that a failure says which. */
  failures(): Record<string, Record<number, number>> {
    const failed: Record<string, Record<number, number>> = {};
    for (const [kind, list] of this.statuses) {
      for (const status of list) {
        if (status < 500) continue;
        const byStatus = (failed[kind] ??= {});
        byStatus[status] = (byStatus[status] ?? 0) + 1;
      }
    }
    return failed;
  }
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A request retried on a network error only (never on an answer), as fetch callers with an Idempotency-Key may. */
export async function send(record: LoadRecord, kind: string, url: string, init: RequestInit): Promise<Response> {
  for (let attempt = 1; ; attempt++) {
    try {
      const answer = await fetch(url, { ...init, signal: AbortSignal.timeout(15_000) });
      record.note(kind, answer.status);
      if (answer.status >= 500) record.serverErrors.push(`${kind} ${answer.status} at ${new Date().toISOString()}: ${(await answer.clone().text()).slice(0, 500)}`);
      return answer;
    } catch (error) {
      record.networkErrors.push(`${kind}: ${(error as Error).message}`);
      if (attempt >= 3) throw error;
      await pause(200);
    }
  }
}

/** Repeats `step` until `stop()` says so, with `gapMs` between two steps. */
export function loop(stop: () => boolean, gapMs: number, step: (round: number) => Promise<void>): Promise<void> {
  return (async () => {
    for (let round = 0; !stop(); round++) {
      await step(round);
      await pause(gapMs);
    }
  })();
}

export interface ChatClient {
  member: Member;
  socket: Socket;
  /** Message ids this client shows, in the order first received (merged by id, as the panel does). */
  received: string[];
  /** Messages that arrived live a second time (a recovered session replaying one), merged away. */
  liveDuplicates: number;
  /** Ids of the posts the server acknowledged. */
  acknowledged: string[];
  disconnects: number;
  /** Reconnections, after each of which the history was read. */
  historyReads: number;
}

/** Reads the room's history back to the newest message already received (10 pages at most). */
async function readMissed(baseUrl: string, member: Member, room: string, client: ChatClient): Promise<void> {
  let before: string | null = null;
  for (let page = 0; page < 10; page++) {
    const query: string = before ? `?before=${encodeURIComponent(before)}` : '';
    const answer = await fetch(`${baseUrl}/api/chat/rooms/${encodeURIComponent(room)}/messages${query}`, { headers: { cookie: member.cookie } });
    if (!answer.ok) return;
    const history = (await answer.json()) as { messages: { id: string }[]; nextBefore: string | null };
    const unseen = history.messages.filter((message) => !client.received.includes(message.id));
    client.received.push(...unseen.map((message) => message.id));
    if (unseen.length < history.messages.length || !history.nextBefore) return;
    before = history.nextBefore;
  }
}

/** A socket.io client with the shipped front end's options, logged in by its cookie, in `room`. */
export async function connectChat(baseUrl: string, member: Member, room: string): Promise<ChatClient> {
  const socket = io(baseUrl, { ...chatSocketOptions, extraHeaders: { cookie: member.cookie, origin: baseUrl } });
  const client: ChatClient = { member, socket, received: [], acknowledged: [], disconnects: 0, historyReads: 0, liveDuplicates: 0 };
  const onMessage = (message: { id: string }) => {
    if (client.received.includes(message.id)) client.liveDuplicates++;
    else client.received.push(message.id);
  };
  socket.on('message:new', onMessage);
  // Posts faster than the room's tick arrive together in one batch frame (docs/live.md).
  socket.on('batch', (frame: [string, unknown][]) => {
    for (const [event, payload] of frame) if (event === 'message:new') onMessage(payload as { id: string });
  });
  socket.on('disconnect', () => client.disconnects++);
  // As the panel does, a reconnection reads back what it missed from the history: after joining the
  // room again when the server could not recover the session, at once when it could (a session
  // recovered on another instance can start past a message its old instance had not delivered).
  let first = true;
  socket.on('connect', () => {
    if (first) {
      first = false;
      return;
    }
    client.historyReads++;
    if (socket.recovered) void readMissed(baseUrl, member, room, client);
    else socket.emit('room:join', { room }, () => void readMissed(baseUrl, member, room, client));
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  // Chat opens a phase's room when it reads the phase change, a moment after decisions made it: until
  // then the room is unknown (404), as it is for a page opened at that instant.
  const deadline = Date.now() + 20_000;
  for (;;) {
    const joined = (await socket.timeout(10_000).emitWithAck('room:join', { room })) as { ok?: boolean; statusCode?: number };
    if (joined.ok) return client;
    if (joined.statusCode !== 404 || Date.now() > deadline) {
      socket.disconnect();
      throw new Error(`joining ${room} answered ${JSON.stringify(joined)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * Posts one message as the shipped panel does: re-sent with the same client message id when its
 * answer never came (its instance stopped), so that the server stores it once.
 */
export async function postMessage(client: ChatClient, room: string, text: string): Promise<'acknowledged' | 'refused'> {
  try {
    const answer = await emitUntilAnswered<{ ok?: boolean; data?: { id: string } }>(client.socket, 'message:post', { room, text, clientMessageId: newClientMessageId() });
    if (!answer.ok || !answer.data) return 'refused';
    client.acknowledged.push(answer.data.id);
    return 'acknowledged';
  } catch {
    return 'refused';
  }
}

export interface NotificationStream {
  member: Member;
  /** Times the stream ended and was opened again. */
  reopened: number;
  open: boolean;
  failures: number[];
  close(): void;
}

/** The unread-count stream of the notifications bell, reopened whenever it ends (as EventSource does). */
export function openNotificationStream(baseUrl: string, member: Member): NotificationStream {
  const controller = new AbortController();
  const stream: NotificationStream = { member, reopened: 0, open: false, failures: [], close: () => controller.abort() };
  void (async () => {
    while (!controller.signal.aborted) {
      try {
        const answer = await fetch(`${baseUrl}/api/users/notifications/stream`, { headers: { cookie: member.cookie, accept: 'text/event-stream' }, signal: controller.signal });
        if (answer.status !== 200 || !answer.body) {
          stream.failures.push(answer.status);
          await pause(500);
          continue;
        }
        stream.open = true;
        const reader = answer.body.getReader();
        while (!(await reader.read()).done);
      } catch {
        // ended by the server or the abort
      }
      stream.open = false;
      if (!controller.signal.aborted) {
        stream.reopened++;
        await pause(300);
      }
    }
  })();
  return stream;
}
