/**
 * Identity's revocations on open chat sockets: the sockets of a member whose tokens are revoked are
 * disconnected as the revocation comes in (not recoverable), and those of other members stay.
 */
import { UserTokensRevoked } from '@civic/contracts';
import { waitFor } from '@civic/test-kit';
import { emit, startHarness, type Harness } from './support/harness.js';

let h: Harness;

beforeAll(async () => {
  h = await startHarness();
});

afterAll(async () => {
  await h.close();
});

describe('revoked tokens on open sockets', () => {
  it('disconnects every socket of the revoked member, and only theirs', async () => {
    const revoked = await h.member({ name: 'Revoked' });
    const other = await h.member({ name: 'Other' });
    const { room } = await h.openCycle('proposals');
    const [first, second, untouched] = [await h.client(revoked), await h.client(revoked), await h.client(other)];
    for (const socket of [first, second, untouched]) expect(await emit(socket, 'room:join', { room })).toMatchObject({ ok: true });
    const reasons: string[] = [];
    for (const socket of [first, second]) socket.on('disconnect', (reason) => reasons.push(reason));

    // Every token issued before a second from now is denied.
    await h.publish(UserTokensRevoked, { userId: revoked.id, issuedBefore: new Date(Date.now() + 1000).toISOString() });
    await waitFor(async () => reasons.length === 2);
    // Disconnected by the server: the client does not reconnect nor recover the session by itself.
    expect(reasons).toEqual(['io server disconnect', 'io server disconnect']);
    expect(untouched.connected).toBe(true);
    expect(await emit(untouched, 'message:post', { room, text: 'Still here' })).toMatchObject({ ok: true });
  });
});
