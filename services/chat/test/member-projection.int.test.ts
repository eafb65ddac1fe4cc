/**
 * The chat's member projection, written by the service kit's MemberProjection from identity's user
 * events: events of different subjects applied in whatever order they arrive, the later of a
 * suspension and its lift winning, roles, a late registration not naming a deleted member again, and
 * the chat's own effect of a rename (its messages carry the new name).
 */
import { randomUUID } from 'node:crypto';
import { Role, UserDeleted, UserRegistered, UserRenamed, UserRoleChanged, UserSuspended, UserSuspensionLifted, type ChatMessage } from '@civic/contracts';
import { waitFor } from '@civic/test-kit';
import { emit, startHarness, type Harness } from './support/harness.js';

let h: Harness;

beforeAll(async () => {
  h = await startHarness();
});

afterAll(async () => {
  await h.close();
});

/** Waits until the chat has applied `count` more events than `before`. */
async function applied(before: number, count: number): Promise<void> {
  await waitFor(async () => (await h.db.inboxEvent.count()) >= before + count);
}

const row = (userId: string) => h.db.member.findUniqueOrThrow({ where: { userId } });

describe('the member projection of the chat', () => {
  it('keeps what each event says whatever order they arrive in', async () => {
    const userId = randomUUID();
    const before = await h.db.inboxEvent.count();
    const hourLater = new Date(Date.now() + 3600_000).toISOString();
    // Renamed, made moderator and suspended before identity's registration is read.
    await h.publish(UserRenamed, { userId, userName: 'Renée' });
    await h.publish(UserRoleChanged, { userId, moderator: true, scribe: false });
    await h.publish(UserSuspensionLifted, { userId }, new Date(Date.now() - 1000));
    await h.publish(UserSuspended, { userId, until: hourLater }, new Date(Date.now() - 2000));
    await h.publish(UserRegistered, { userId, userName: 'René', registeredAt: '2026-01-02T03:04:05.000Z' });
    await applied(before, 5);
    expect(await row(userId)).toMatchObject({
      userName: 'Renée',
      moderator: true,
      role: Role.Moderator,
      // The lift happened after the suspension, though it was read first.
      suspendedUntil: null,
      registeredAt: new Date('2026-01-02T03:04:05.000Z'),
      deletedAt: null,
    });
  });

  it('applies a role change to the moderator flag and the role, a scribe being no moderator', async () => {
    const userId = randomUUID();
    const before = await h.db.inboxEvent.count();
    await h.publish(UserRegistered, { userId, userName: 'Scribe', registeredAt: new Date().toISOString() });
    await h.publish(UserRoleChanged, { userId, moderator: false, scribe: true });
    await applied(before, 2);
    expect(await row(userId)).toMatchObject({ userName: 'Scribe', moderator: false, role: Role.Scribe });
  });

  it('does not give a deleted member their name back when the registration is read after the deletion', async () => {
    const userId = randomUUID();
    const before = await h.db.inboxEvent.count();
    await h.publish(UserDeleted, { userId, deletedAt: new Date().toISOString() });
    await applied(before, 1);
    await h.publish(UserRegistered, { userId, userName: 'Gone', registeredAt: new Date().toISOString() });
    await applied(before, 2);
    const member = await row(userId);
    expect(member.deletedAt).not.toBeNull();
    expect(member.userName).toBe('');
  });

  it('renames the member in the messages they posted (the chat’s own effect of a rename)', async () => {
    const author = await h.member({ name: 'Before' });
    const { room } = await h.openCycle('proposals');
    const socket = await h.client(author);
    expect(await emit(socket, 'room:join', { room })).toMatchObject({ ok: true });
    const posted = await emit<ChatMessage>(socket, 'message:post', { room, text: 'Hello, everyone' });
    expect(posted).toMatchObject({ ok: true, data: { userName: 'Before' } });
    await h.publish(UserRenamed, { userId: author.id, userName: 'After' });
    await waitFor(async () => (await row(author.id)).userName === 'After');
    const messages = await h.db.message.findMany({ where: { userId: author.id }, select: { userName: true } });
    expect(messages).toEqual([{ userName: 'After' }]);
  });
});
