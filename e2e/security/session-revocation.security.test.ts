/**
 * A session that ends, ends everywhere: within a second of a logout or a password reset, decisions,
 * elections, notifications and chat refuse the access tokens of the ended sessions, and the chat
 * disconnects the sockets opened with them and notifications ends their live streams. A suspension does the same to the member's tokens issued
 * before it; the shell's silent refresh (POST /api/login/auth-user) then gets a token every service
 * takes, with which the suspension itself is what refuses.
 */
import { randomBytes } from 'node:crypto';
import { waitForMailLink } from '../src/mail.js';
import { MADE_UP_ID, sharedWorld } from './support/cast.js';
import { Client, isSpecError, sourceAddress, stackUrls, waitFor, type Answer } from './support/http.js';
import { account, logInAgain, registerVerified, run, type Member } from './support/members.js';
import { connectChat, emit, isErrorAck, type Socket } from './support/socket.js';

const { baseUrl, mailUrl, moderatorEmail } = stackUrls();
/** How soon after a session ends every service must refuse its tokens. */
const WITHIN_MS = 1000;

let moderator: Member;
const sockets: Socket[] = [];

beforeAll(async () => {
  const { shared: world } = await sharedWorld(baseUrl, mailUrl, moderatorEmail);
  moderator = await logInAgain(baseUrl, sourceAddress(90), world.members.moderator);
}, 180_000);

afterAll(() => {
  for (const socket of sockets) socket.disconnect();
});

/** Another client holding the cookies the member's client holds now (the stolen or forgotten copy). */
function copyOf(client: Client, address: number): Client {
  const copy = new Client(baseUrl, sourceAddress(address));
  for (const [name, value] of client.cookies) copy.cookies.set(name, value);
  return copy;
}

/** Calls of each service that need a member and change nothing, with what they answer a member. */
const reads: { what: string; call(client: Client, member: Member): Promise<Answer> }[] = [
  { what: 'decisions (a vote on a proposal that does not exist)', call: (client) => client.request('PUT', `/api/proposals/${MADE_UP_ID}/vote`, { json: { vote: 'for' } }) },
  { what: 'elections (the member’s votes)', call: (client, member) => client.get(`/api/candidates/votes/${member.id}`) },
  { what: 'notifications (the unread count)', call: (client, member) => client.get(`/api/users/notifications/unread/${member.id}`) },
  { what: 'chat (the authors the member muted)', call: (client) => client.get('/api/chat/mutes') },
];

const refusedAsRevoked = (answer: Answer) => answer.status === 401 && isSpecError(answer, ['Invalid token']);

/** Each service takes the client's token: no call is answered 401. */
async function expectTaken(client: Client, member: Member): Promise<void> {
  const answers = await Promise.all(reads.map(async ({ what, call }) => ({ what, status: (await call(client, member)).status })));
  expect(answers.filter(({ status }) => status === 401)).toEqual([]);
}

/**
 * Asks every service again and again until it refuses the client's token as revoked; answers when
 * each did, in milliseconds after `endedAt`, or the last answer of those that never did in time.
 */
async function refusals(client: Client, member: Member, endedAt: number): Promise<Record<string, number | string>> {
  const outcomes = await Promise.all(
    reads.map(async ({ what, call }) => {
      for (;;) {
        const answer = await call(client, member);
        if (refusedAsRevoked(answer)) return [what, Date.now() - endedAt] as const;
        if (Date.now() - endedAt > WITHIN_MS) return [what, `${answer.status} ${answer.text.slice(0, 120)}`] as const;
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    }),
  );
  return Object.fromEntries(outcomes);
}

const inTime = (refused: Record<string, number | string>) =>
  Object.fromEntries(Object.entries(refused).map(([what, outcome]) => [what, typeof outcome === 'number' && outcome <= WITHIN_MS ? 'refused in time' : outcome]));
const allInTime = Object.fromEntries(reads.map(({ what }) => [what, 'refused in time']));

/** A socket of the client's session, and when and why the server ends it. */
async function socketOf(client: Client, address: number): Promise<{ socket: Socket; ended: Promise<{ reason: string; at: number }> }> {
  const socket = await connectChat(baseUrl, sourceAddress(address), client);
  sockets.push(socket);
  const ended = new Promise<{ reason: string; at: number }>((resolve) => socket.once('disconnect', (reason) => resolve({ reason, at: Date.now() })));
  return { socket, ended };
}

/** The socket's end, failing when it does not come within `ms`. */
function endOf(ended: Promise<{ reason: string; at: number }>, ms = 5000): Promise<{ reason: string; at: number }> {
  return Promise.race([ended, new Promise<never>((_resolve, reject) => setTimeout(() => reject(new Error(`the socket was still connected ${ms} ms after the end`)), ms))]);
}

/** The server disconnected the socket within WITHIN_MS of `endedAt`. */
async function expectDisconnectedInTime(ended: Promise<{ reason: string; at: number }>, endedAt: number): Promise<void> {
  const end = await endOf(ended);
  expect(end.reason).toBe('io server disconnect');
  expect(end.at - endedAt).toBeLessThanOrEqual(WITHIN_MS);
}

/**
 * A new verified member (its requests from source `address`), a copy of its cookies that every
 * service takes for now (the stolen or forgotten copy), and its chat socket's end.
 */
async function memberWithCopy(name: string, address: number) {
  const member = await registerVerified(baseUrl, mailUrl, sourceAddress(address), account(name));
  const kept = copyOf(member.client, address);
  await expectTaken(kept, member);
  const { ended } = await socketOf(member.client, address);
  return { member, kept, ended };
}

describe('logging out', () => {
  it('gets the session’s access token refused by every service within a second, and its chat socket disconnected', async () => {
    const { member, kept, ended } = await memberWithCopy('logged-out', 91);
    // The live unread count (server-sent events) of the copy: it answers once the server ends it.
    const stream = kept.request('GET', '/api/users/notifications/stream', { headers: { accept: 'text/event-stream' } }).then((answer) => ({ answer, at: Date.now() }));
    await new Promise((resolve) => setTimeout(resolve, 500));

    const logout = await member.client.request('POST', '/api/login/auth-user', { json: { logout: true } });
    const endedAt = Date.now();
    expect(logout.status).toBe(200);

    const streamEnd = await Promise.race([stream, new Promise<null>((resolve) => setTimeout(() => resolve(null), 5000))]);
    expect(streamEnd?.answer.text).toContain('event: expired');
    expect(streamEnd!.at - endedAt).toBeLessThanOrEqual(WITHIN_MS);

    expect(inTime(await refusals(kept, member, endedAt))).toEqual(allInTime);
    await expectDisconnectedInTime(ended, endedAt);

    // Identity shows the old token the public profile only: no email, no suspension.
    const profile = await kept.get(`/api/users/${member.id}`);
    expect(profile.status).toBe(200);
    expect(profile.body).not.toHaveProperty('email');

    // Creating a proposal with the old token is refused, and nothing is created.
    const title = `Proposal after logging out ${run}`;
    const created = await kept.request('POST', '/api/proposals', { json: { title, description: 'Sent with the token of an ended session.', category: 'other' } });
    expect({ status: created.status, revoked: refusedAsRevoked(created) }).toEqual({ status: 401, revoked: true });
    const { proposals } = await new Client(baseUrl, sourceAddress(91)).ok<{ proposals: { title: string }[] }>('GET', '/api/proposals');
    expect(proposals.map((proposal) => proposal.title)).not.toContain(title);

    // A socket opened again with the old cookie is a visitor's: posting is refused as revoked.
    const again = await connectChat(baseUrl, sourceAddress(91), kept);
    sockets.push(again);
    const posted = await emit(again, 'message:post', { room: `cycle:${MADE_UP_ID}:proposals`, text: 'Posted with an ended session' });
    expect(isErrorAck(posted) && posted.statusCode === 401 && posted.statusMessage === 'Invalid token').toBe(true);
  }, 60_000);
});

describe('resetting the password', () => {
  it('gets the access tokens of every session of the account refused within a second, and their sockets disconnected', async () => {
    const member = await registerVerified(baseUrl, mailUrl, sourceAddress(92), account('password-reset'));
    const otherDevice = await logInAgain(baseUrl, sourceAddress(93), member);
    const kept = [copyOf(member.client, 92), copyOf(otherDevice.client, 93)];
    for (const client of kept) await expectTaken(client, member);
    const { ended } = await socketOf(otherDevice.client, 93);

    const visitor = new Client(baseUrl, sourceAddress(94));
    expect((await visitor.request('POST', '/api/auth/password/forgot', { json: { email: member.email } })).status).toBe(204);
    const { link } = await waitForMailLink(mailUrl, member.email, '/password');
    const password = `Reset ${randomBytes(6).toString('hex')} lantern 2026`;
    const reset = await visitor.request('POST', '/api/auth/password/reset', { json: { token: link.searchParams.get('token'), password } });
    const endedAt = Date.now();
    expect(reset.status).toBe(204);

    const [first, second] = await Promise.all(kept.map((client) => refusals(client, member, endedAt)));
    expect({ first: inTime(first!), second: inTime(second!) }).toEqual({ first: allInTime, second: allInTime });
    await expectDisconnectedInTime(ended, endedAt);
  }, 60_000);
});

describe('a suspension', () => {
  it('gets the member’s earlier tokens refused within a second and their socket disconnected; the silent refresh gets a token the suspension then refuses', async () => {
    const { member, kept, ended } = await memberWithCopy('suspended-now', 95);

    const suspension = await moderator.client.request('POST', `/api/users/${member.id}/suspension`, { json: { minutes: 10 } });
    const suspendedAt = Date.now();
    expect(suspension.status).toBe(200);

    expect(inTime(await refusals(kept, member, suspendedAt))).toEqual(allInTime);
    await expectDisconnectedInTime(ended, suspendedAt);

    // What the shell does on a 401: restore the session from the refresh cookie, which renews the token.
    const restored = await member.client.request('POST', '/api/login/auth-user');
    expect(restored.status).toBe(200);
    expect((restored.body as { suspendedUntil: string | null }).suspendedUntil).not.toBeNull();
    expect(member.client.cookies.get('access_token')).not.toBe(kept.cookies.get('access_token'));
    await expectTaken(member.client, member);
    // Taken, the new token meets the suspension: a vote is refused for it, never as unauthenticated.
    await waitFor('decisions to refuse the suspended member’s vote', async () => {
      const vote = await member.client.request('PUT', `/api/proposals/${MADE_UP_ID}/vote`, { json: { vote: 'for' } });
      expect(vote.status).not.toBe(401);
      return vote.status === 403 && isSpecError(vote, ['Suspension error']) ? true : undefined;
    });
    // The chat takes a socket of the new token again.
    await socketOf(member.client, 95);
  }, 60_000);
});
