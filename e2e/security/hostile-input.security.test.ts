/**
 * Hostile input through the gateway of a running stack: control, direction-reversing and invisible
 * characters in every kind of field (query strings, titles, descriptions, user names, chat messages),
 * bodies over the limit (with and without `Expect: 100-continue`), malformed URLs for every service,
 * and the caching of personal answers. Every refusal is in the catalogue's shape, carries the security
 * headers and a request id, and changes nothing. Callers speak from addresses 80-89.
 */
import { connect } from 'node:net';
import { chatRooms, ErrorMessages, type ChatHistory, type ChatRoom, type CycleSummary, type ProposalList } from '@civic/contracts';
import { Client, isSpecError, sourceAddress, stackUrls, waitFor, type Answer } from './support/http.js';
import { account, registerVerified, run, type Member } from './support/members.js';
import { connectChat, emit, isErrorAck, type Socket } from './support/socket.js';

const { baseUrl, mailUrl } = stackUrls();
const visitor = new Client(baseUrl, sourceAddress(80));
const BODY_LIMIT_BYTES = 1024 * 1024;
let member: Member;

beforeAll(async () => {
  member = await registerVerified(baseUrl, mailUrl, sourceAddress(82), account('hostile'));
}, 60_000);

/** An answer of the gateway or a service in the catalogue's shape, with the security headers and a request id. */
function expectRefusal(answer: Answer, status: number, message: string): void {
  expect({ status: answer.status, body: answer.body }).toEqual({ status, body: expect.objectContaining({ statusCode: status, statusMessage: message }) });
  expect(isSpecError(answer, [message])).toBe(true);
  expect(answer.text).not.toMatch(/FST_|"code"/);
  expect(answer.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  expect(answer.headers['x-content-type-options']).toBe('nosniff');
  expect(String(answer.headers['content-security-policy'])).toContain("default-src 'self'");
}

const proposalTitles = async () => (await visitor.ok<ProposalList>('GET', '/api/proposals')).proposals.map((proposal) => proposal.title);

describe('control, direction-reversing and invisible characters', () => {
  it('refuses a NUL byte in a search with 400, not 500', async () => {
    expectRefusal(await visitor.get('/api/laws?q=%00'), 400, ErrorMessages.forbiddenCharacters);
    expectRefusal(await visitor.get('/api/proposals?category=%1B'), 400, ErrorMessages.forbiddenCharacters);
  });

  it.each([
    ['a NUL byte in a title', { title: `Buses\u0000${run}` }, ErrorMessages.forbiddenCharacters],
    ['a NUL byte in a description', { description: 'Free buses\u0000 on Sundays' }, ErrorMessages.forbiddenCharacters],
    ['a right-to-left override in a title', { title: `Free \u202esesub ${run}` }, ErrorMessages.forbiddenCharacters],
    ['a title of zero-width spaces', { title: '\u200b\u200b\u200b\u200b' }, ErrorMessages.invisibleText],
  ])('refuses a proposal with %s and stores nothing', async (_label, change, message) => {
    const before = await proposalTitles();
    const proposal = { title: `Hostile proposal ${run}`, description: 'A description of it.', category: 'other', ...change };
    expectRefusal(await member.client.request('POST', '/api/proposals', { json: proposal }), 400, message);
    expect(await proposalTitles()).toEqual(before);
  });

  it('refuses BEL and ESC in a user name, at registration and in a profile edit', async () => {
    const registering = new Client(baseUrl, sourceAddress(81));
    for (const userName of [`Bell\u0007 ${run}`, `Esc\u001b[2J ${run}`, `\u202eevil ${run}`]) {
      const answer = await registering.request('POST', '/api/auth/register', { json: { ...account('hostile-name'), userName, locale: 'en' } });
      expectRefusal(answer, 400, ErrorMessages.forbiddenCharacters);
      expectRefusal(await member.client.request('PUT', `/api/users/edit-profile/${member.id}`, { json: { userName } }), 400, ErrorMessages.forbiddenCharacters);
    }
    expect((await member.client.ok<{ userName: string }>('GET', `/api/users/${member.id}`)).userName).toBe(member.userName);
  });

  describe('chat messages', () => {
    let socket: Socket;
    let room: string;
    beforeAll(async () => {
      room = await waitFor('an open chat room of the cycle in its proposals phase', async () => {
        const { cycles } = await visitor.ok<{ cycles: CycleSummary[] }>('GET', '/api/decisions');
        const cycle = cycles.find((candidate) => candidate.phase === 'proposals');
        if (!cycle) return undefined;
        const answer = await visitor.get(`/api/chat/rooms/${encodeURIComponent(chatRooms.proposals(cycle.id))}`);
        return answer.status === 200 && (answer.body as ChatRoom).open ? chatRooms.proposals(cycle.id) : undefined;
      });
      socket = await connectChat(baseUrl, sourceAddress(83), member.client);
    });
    afterAll(() => socket?.disconnect());

    it.each([
      ['one zero-width space', '\u200b', ErrorMessages.invisibleText],
      ['a right-to-left override', `look \u202etxt.exe ${run}`, ErrorMessages.forbiddenCharacters],
      ['a NUL byte', `hello\u0000 ${run}`, ErrorMessages.forbiddenCharacters],
      ['an escape sequence', `\u001b[2J ${run}`, ErrorMessages.forbiddenCharacters],
    ])('refuses a message of %s and posts nothing', async (_label, text, message) => {
      // Only this member's messages: other test files post in the same room meanwhile.
      const posted = async () =>
        (await visitor.ok<ChatHistory>('GET', `/api/chat/rooms/${encodeURIComponent(room)}/messages?limit=200`)).messages.filter((posted) => posted.userId === member.id);
      const before = await posted();
      const ack = await emit(socket, 'message:post', { room, text });
      expect(isErrorAck(ack)).toBe(true);
      expect(ack).toMatchObject({ statusCode: 400, statusMessage: message });
      expect(await posted()).toEqual(before);
    });
  });
});

/** Sends `head` on a fresh connection from `localAddress`; answers what came back until the server closed (or 5 s). */
function rawExchange(head: string, localAddress: string): Promise<string> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve) => {
    const socket = connect({ host: hostname, port: Number(port), localAddress }, () => socket.write(head));
    let received = '';
    socket.on('data', (chunk: Buffer) => (received += chunk.toString()));
    socket.on('error', () => undefined);
    socket.on('close', () => resolve(received));
    setTimeout(() => socket.destroy(), 5000).unref();
  });
}

describe('bodies over the limit', () => {
  it('answers 413 in the catalogue shape, not 503', async () => {
    const proposal = { title: `Large ${run}`, description: 'x'.repeat(BODY_LIMIT_BYTES), category: 'other' };
    expectRefusal(await new Client(baseUrl, sourceAddress(84)).request('POST', '/api/proposals', { json: proposal }), 413, ErrorMessages.payloadTooLarge);
    expect(await proposalTitles()).not.toContain(`Large ${run}`);
  });

  it('answers 413 before the body is sent when the client asks first (Expect: 100-continue)', async () => {
    const { host } = new URL(baseUrl);
    const head = `POST /api/proposals HTTP/1.1\r\nHost: ${host}\r\nContent-Type: application/json\r\nExpect: 100-continue\r\nContent-Length: ${BODY_LIMIT_BYTES + 1}\r\n\r\n`;
    const received = await rawExchange(head, sourceAddress(84));
    expect(received).not.toContain('100 Continue');
    expect(received.split('\r\n', 1)[0]).toBe('HTTP/1.1 413 Payload Too Large');
    expect(JSON.parse(received.slice(received.indexOf('\r\n\r\n') + 4))).toEqual({ statusCode: 413, statusMessage: ErrorMessages.payloadTooLarge });
  });

  it('forwards a body within the limit sent after Expect: 100-continue', async () => {
    const answer = await member.client.request('PUT', `/api/users/edit-profile/${member.id}`, { json: { locale: 'en' }, headers: { expect: '100-continue' } });
    expect(answer.status).toBe(200);
  });
});

describe('malformed URLs', () => {
  const client = new Client(baseUrl, sourceAddress(85));
  const prefixes = ['/api/decisions', '/api/users', '/api/candidates', '/api/chat/rooms', '/api/users/notifications'];

  it.each(prefixes)('a bad percent-encoding under %s is 400 in the catalogue shape', async (prefix) => {
    expectRefusal(await client.get(`${prefix}/%c0`), 400, ErrorMessages.badRequest);
  });

  it.each(prefixes)('a 3,000-character parameter under %s reaches the service and gets the catalogue shape', async (prefix) => {
    expectRefusal(await client.get(`${prefix}/${'a'.repeat(3000)}`), 414, ErrorMessages.badRequest);
  });
});

describe('caching', () => {
  it('personal answers are no-store: session, profile, notifications, mutes, votes', async () => {
    const personal = [
      ['POST', '/api/login/auth-user'],
      ['GET', `/api/users/${member.id}`],
      ['GET', `/api/users/notifications/${member.id}`],
      ['GET', `/api/users/notifications/unread/${member.id}`],
      ['GET', '/api/chat/mutes'],
      ['GET', `/api/candidates/votes/${member.id}`],
    ] as const;
    for (const [method, path] of personal) {
      const answer = await member.client.request(method, path);
      expect([path, answer.status, answer.headers['cache-control']]).toEqual([path, 200, 'no-store']);
    }
  });

  it('an answer that sets the session cookies is no-store; public answers keep their own caching', async () => {
    const login = await new Client(baseUrl, sourceAddress(86)).request('POST', '/api/login', { json: { email: member.email, password: member.password } });
    expect(login.setCookies.length).toBeGreaterThan(0);
    expect(login.headers['cache-control']).toBe('no-store');
    expect((await member.client.request('GET', '/api/auth/jwks')).headers['cache-control']).toBe('public, max-age=300');
  });
});
