/**
 * Attacks on the platform's edge and shared rules, through the gateway of a running stack
 * (docs/architecture.md#security), each one now refused:
 * - JSON bodies nested thousands deep or holding tens of thousands of keys, unauthenticated
 *   included, answered 500 by every service: now 400 `bodyTooDeep` / `bodyTooWide`, nothing changed;
 * - the CSRF rule took the request's Host for the site's origin: a forged Host with a matching Origin
 *   now gets 403, as does a Referer of another site;
 * - answers carried no Permissions-Policy;
 * - the digest mail's unsubscribe link worked for ever and had no one-click POST: now RFC 8058's
 *   List-Unsubscribe-Post with a one-click POST that needs no session, a link that dies when the
 *   member changes their preferences;
 * - a member could hold any number of notification streams: the 6th is now 429;
 * - a suspended member could still signal chat messages to the moderators: now refused as posting is,
 *   and `may.signal` says so.
 * Each caller speaks from a loopback address of its own (support/http.ts).
 */
import { chatRooms, type ChatHistory, type ChatMessage, type ChatRoom, type CycleSummary, type Proposal } from '@civic/contracts';
import { waitForMailLink } from '../src/mail.js';
import { sharedWorld } from './support/cast.js';
import { Client, isSpecError, sourceAddress, stackUrls, waitFor, type Answer } from './support/http.js';
import { account, logInAgain, registerVerified, run, type Member } from './support/members.js';
import { mailHeaders, openStream, type HeldStream } from './support/platform-attacks-http.js';
import { connectChat, emit, isAckOk, type Socket } from './support/socket.js';

const { baseUrl, mailUrl, moderatorEmail } = stackUrls();
const ownOrigin = new URL(baseUrl).origin;
const address = (n: number) => sourceAddress(150 + n);

let author: Member;
let reader: Member;

beforeAll(async () => {
  // The run's world keeps the second cycle in its proposals phase: proposals and its chat room stay open.
  await sharedWorld(baseUrl, mailUrl, moderatorEmail);
  [author, reader] = await Promise.all([
    registerVerified(baseUrl, mailUrl, address(0), account('platform-author')),
    registerVerified(baseUrl, mailUrl, address(1), account('platform-reader')),
  ]);
}, 240_000);

const expectSpecError = (answer: Answer, status: number, messages: string[]) => {
  expect({ status: answer.status, body: answer.body }).toEqual({ status, body: expect.objectContaining({ statusCode: status }) });
  expect(isSpecError(answer, messages)).toBe(true);
};

const deep = (depth: number) => `{"email":"nobody-${run}@security.example.test","password":"x","nested":${'['.repeat(depth)}${']'.repeat(depth)}}`;
const wide = (keys: number) => `{${Array.from({ length: keys }, (_, i) => `"k${i}":${i}`).join(',')}}`;

describe('JSON bodies built to exhaust a parser', () => {
  const json = { 'content-type': 'application/json' };

  it('refuses deep and wide login bodies from a visitor with 400 in the catalogue shape, then logs in as ever', async () => {
    const visitor = new Client(baseUrl, address(2));
    // Small ones (forwarded whole) and large ones (streamed through the gateway).
    for (const [body, message] of [
      [deep(5_000), 'The content sent is nested too deeply'],
      [deep(400_000), 'The content sent is nested too deeply'],
      [wide(1_001), 'The content sent has too many fields'],
      [wide(40_000), 'The content sent has too many fields'],
    ] as const) {
      const answer = await visitor.request('POST', '/api/login', { raw: body, headers: json });
      expectSpecError(answer, 400, [message]);
    }
    expect((await visitor.request('POST', '/api/login', { json: { email: reader.email, password: reader.password } })).status).toBe(200);
  });

  it('refuses them on every service’s routes, changing nothing', async () => {
    const calls: [string, string][] = [
      ['PUT', `/api/users/edit-profile/${author.id}`],
      ['POST', '/api/proposals'],
      ['POST', '/api/candidates/votes'],
      ['PUT', '/api/users/notifications/preferences'],
    ];
    for (const [method, path] of calls) {
      for (const body of [deep(20_000), wide(5_000)]) {
        const answer = await author.client.request(method, path, { raw: body, headers: json });
        expect([method, path, answer.status]).toEqual([method, path, 400]);
        expect(isSpecError(answer, ['The content sent is nested too deeply', 'The content sent has too many fields', 'updateKO'])).toBe(true);
      }
    }
    expect((await author.client.ok<{ userName: string }>('GET', `/api/users/${author.id}`)).userName).toBe(author.userName);
  });
});

describe('the CSRF rule trusts the configured origin, never the Host', () => {
  const refused = (answer: Answer) => expectSpecError(answer, 403, ['Unauthorized action']);

  it('refuses a forged Host with a matching Origin, on the API and on the socket.io transport', async () => {
    const path = `/api/users/edit-profile/${author.id}`;
    for (const host of ['attacker.example', 'attacker.example:8080']) {
      const forged = { host, origin: `http://${host}` };
      refused(await author.client.request('PUT', path, { json: { userName: 'Forged by host' }, headers: forged }));
      refused(await author.client.request('POST', '/socket.io/?EIO=4&transport=polling', { raw: '40', headers: { ...forged, 'content-type': 'text/plain' } }));
    }
    // Without Origin, a Referer from another site is refused too.
    refused(await author.client.request('PUT', path, { json: { userName: 'Forged by referer' }, headers: { referer: 'https://attacker.example/page' } }));
    expect((await author.client.ok<{ userName: string }>('GET', `/api/users/${author.id}`)).userName).toBe(author.userName);
    // The site's own Origin passes: the refusals were the rule's.
    expect((await author.client.request('PUT', path, { json: { userName: author.userName }, headers: { origin: ownOrigin } })).status).toBe(200);
  });
});

describe('Permissions-Policy', () => {
  it('is on every answer of the gateway: the API, its errors, the shell', async () => {
    const visitor = new Client(baseUrl, address(2));
    for (const path of ['/api/decisions', '/api/no-such-route', '/', '/healthz']) {
      const policy = String((await visitor.get(path)).headers['permissions-policy']);
      for (const feature of ['camera', 'microphone', 'geolocation', 'payment', 'usb']) expect([path, policy]).toEqual([path, expect.stringContaining(`${feature}=()`)]);
    }
  });
});

describe('the digest mail’s unsubscribe', () => {
  it('carries RFC 8058 one-click headers whose POST works without a session, and dies once the member changes their preferences', async () => {
    const proposal = await author.client.ok<Proposal>('POST', '/api/proposals', { title: `Followed proposal ${run}`, description: 'A proposal the reader follows.', category: 'environment' });
    // The proposal reaches notifications by an event: it can be followed once it is known there.
    await waitFor('the proposal known to notifications', async () =>
      (await reader.client.request('PUT', `/api/users/notifications/follows/${proposal.id}`)).status === 200 ? true : undefined,
    );
    const preferences = { edits: true, results: true, closing: true, digest: 'daily' };
    await reader.client.ok('PUT', '/api/users/notifications/preferences', preferences);
    await author.client.ok('PUT', `/api/proposals/${proposal.id}`, { title: proposal.title, description: 'Edited: the reader is told in the digest.', category: 'environment' });

    // The test stack's digest "day" is a few seconds (e2e/src/stacks.mjs).
    const { mail } = await waitForMailLink(mailUrl, reader.email, '/unsubscribe', { timeoutMs: 60_000 });
    const headers = await mailHeaders(mailUrl, mail.file);
    expect(headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    const oneClick = new URL(/^<([^>]+)>/.exec(headers.get('list-unsubscribe') ?? '')?.[1] ?? 'http://missing.invalid/');
    expect(oneClick.pathname).toBe('/api/users/notifications/digest/one-click');

    // The mail provider posts the form from its own servers: no cookie, another origin.
    const provider = new Client(baseUrl, address(3));
    const form = { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://mail.provider.example' };
    const posted = await provider.request('POST', `${oneClick.pathname}${oneClick.search}`, { raw: 'List-Unsubscribe=One-Click', headers: form });
    expect([posted.status, posted.body]).toEqual([200, { digest: 'off' }]);
    expect((await reader.client.ok<{ digest: string }>('GET', '/api/users/notifications/preferences')).digest).toBe('off');

    // The member chooses the digest again: the old mail's link no longer works, by either door.
    await reader.client.ok('PUT', '/api/users/notifications/preferences', preferences);
    const token = oneClick.searchParams.get('token')!;
    expectSpecError(await provider.request('POST', `${oneClick.pathname}${oneClick.search}`, { raw: 'List-Unsubscribe=One-Click', headers: form }), 400, ['Invalid unsubscribe link']);
    expectSpecError(await provider.request('POST', '/api/users/notifications/digest/unsubscribe', { json: { token } }), 400, ['Invalid unsubscribe link']);
    expect((await reader.client.ok<{ digest: string }>('GET', '/api/users/notifications/preferences')).digest).toBe('daily');
    await reader.client.ok('PUT', '/api/users/notifications/preferences', { ...preferences, digest: 'off' });
  }, 120_000);
});

describe('notification streams', () => {
  it('holds at most 5 at once for a member: the 6th is 429 in the catalogue shape, and a closed one frees its place', async () => {
    const streams: HeldStream[] = [];
    try {
      for (let i = 0; i < 5; i++) streams.push(await openStream(reader.client, '/api/users/notifications/stream'));
      expect(streams.map((stream) => stream.status)).toEqual([200, 200, 200, 200, 200]);
      const sixth = await openStream(reader.client, '/api/users/notifications/stream');
      expect([sixth.status, sixth.body]).toEqual([429, { statusCode: 429, statusMessage: 'Too Many Requests', data: { reason: 'too-many-streams', limit: 5 } }]);
      // Another member is not held back by this one's streams.
      const others = await openStream(author.client, '/api/users/notifications/stream');
      streams.push(others);
      expect(others.status).toBe(200);
      streams.shift()!.close();
      const again = await waitFor('a place freed by a closed stream', async () => {
        const attempt = await openStream(reader.client, '/api/users/notifications/stream');
        return attempt.status === 200 ? attempt : undefined;
      });
      streams.push(again);
    } finally {
      for (const stream of streams) stream.close();
    }
  });
});

describe('a suspended member in the chat', () => {
  let sockets: Socket[] = [];
  afterAll(() => {
    for (const socket of sockets) socket.disconnect();
  });

  it('cannot signal a message to the moderators, and its may says so', async () => {
    const { shared: world } = await sharedWorld(baseUrl, mailUrl, moderatorEmail);
    const suspended = await logInAgain(baseUrl, address(4), world.members.suspended);
    const visitor = new Client(baseUrl, address(2));
    const room = await waitFor('an open chat room of the cycle in its proposals phase', async () => {
      const { cycles } = await visitor.ok<{ cycles: CycleSummary[] }>('GET', '/api/decisions');
      const cycle = cycles.find((candidate) => candidate.phase === 'proposals');
      if (!cycle) return undefined;
      const answer = await visitor.get(`/api/chat/rooms/${encodeURIComponent(chatRooms.proposals(cycle.id))}`);
      return answer.status === 200 && (answer.body as ChatRoom).open ? chatRooms.proposals(cycle.id) : undefined;
    });
    const [authorSocket, suspendedSocket, readerSocket] = await Promise.all([
      connectChat(baseUrl, address(0), author.client),
      connectChat(baseUrl, address(4), suspended.client),
      connectChat(baseUrl, address(1), reader.client),
    ]);
    sockets = [authorSocket, suspendedSocket, readerSocket];
    for (const socket of sockets) expect(isAckOk(await emit(socket, 'room:join', { room }))).toBe(true);
    const posted = await emit<ChatMessage>(authorSocket, 'message:post', { room, text: `A message to signal ${run}` });
    if (!isAckOk(posted)) throw new Error(`posting answered ${JSON.stringify(posted)}`);
    const id = posted.data.id;

    const history = async (client: Client) => (await client.ok<ChatHistory>('GET', `/api/chat/rooms/${encodeURIComponent(room)}/messages?limit=200`)).messages.find((message) => message.id === id)!;
    expect((await history(suspended.client)).may.signal).toBe(false);
    expect((await history(reader.client)).may.signal).toBe(true);

    const refused = await emit(suspendedSocket, 'message:signal', { id });
    expect(refused).toEqual({ statusCode: 403, statusMessage: 'Suspension error', data: { reason: 'suspended' } });
    expect((await history(visitor)).moderationStatus).toBe(0);
    // A member who is not suspended still signals it.
    expect(isAckOk(await emit(readerSocket, 'message:signal', { id }))).toBe(true);
    expect((await history(visitor)).moderationStatus).toBe(1);
  }, 60_000);
});
