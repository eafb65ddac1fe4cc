import { Role } from '@civic/contracts';
import { sql } from '@civic/service-kit';
import type { AlertView } from '../src/store/alert.repository.js';
import { tables } from '../src/store/tables.js';
import { base, service, startHarness, type Harness, type Member } from './support/harness.js';

/**
 * The alert calls (docs/product.md#calls) against real PostgreSQL and NATS: each as the owner and as someone
 * else, the paging defaults, newer and older pages, and the unread count after each change.
 */
let h: Harness;
let owner: Member;
let other: Member;
let moderator: Member;

/** `n` alerts for `userId` in one statement, the oldest first; answers their ids, oldest first. */
async function seed(userId: string, n: number): Promise<number[]> {
  const rows = await h.db.$queryRaw<{ id: bigint }[]>(
    sql`INSERT INTO ${tables.alert} (user_id, message_key, params, link)
        SELECT ${userId}::uuid, 'notice', jsonb_build_object('text', 'Alert ' || i), NULL FROM generate_series(1, ${n}) AS i ORDER BY i RETURNING id`,
  );
  return rows.map((row) => Number(row.id)).sort((a, b) => a - b);
}

const list = async (member: Member, query = '', userId = member.id) => h.app.inject({ url: `${base}/${userId}${query}`, headers: member.headers });
const unread = async (member: Member) => (await h.app.inject({ url: `${base}/unread/${member.id}`, headers: member.headers })).json<{ count: number }>().count;

beforeAll(async () => {
  h = await startHarness();
  owner = await h.member({ name: 'Owner' });
  other = await h.member({ name: 'Other' });
  moderator = await h.member({ name: 'Moderator', role: Role.Moderator });
});

afterAll(async () => {
  await h.close();
});

describe('reading alerts', () => {
  let ids: number[];
  beforeAll(async () => {
    ids = await seed(owner.id, 120);
  });

  it('answers the newest 50 by default, newest first', async () => {
    const answer = await list(owner);
    expect(answer.statusCode).toBe(200);
    const page = answer.json<AlertView[]>();
    expect(page).toHaveLength(50);
    expect(page.map((alert) => alert.id)).toEqual(ids.slice(-50).reverse());
    expect(page[0]).toMatchObject({ userId: owner.id, messageKey: 'notice', params: { text: 'Alert 120' }, link: null, viewed: 0 });
    expect(new Date(page[0]!.createdAt).getTime()).toBeGreaterThan(0);
  });

  it('pages older alerts by keyset (before) and by offset alike', async () => {
    const first = (await list(owner)).json<AlertView[]>();
    const byCursor = (await list(owner, `?before=${first.at(-1)!.id}`)).json<AlertView[]>();
    const byOffset = (await list(owner, '?offset=50&limit=50')).json<AlertView[]>();
    expect(byCursor.map((a) => a.id)).toEqual(ids.slice(20, 70).reverse());
    expect(byOffset).toEqual(byCursor);
    const last = (await list(owner, `?before=${byCursor.at(-1)!.id}`)).json<AlertView[]>();
    expect(last.map((a) => a.id)).toEqual(ids.slice(0, 20).reverse());
    expect((await list(owner, `?before=${ids[0]}`)).json()).toEqual([]);
  });

  it('answers only newer alerts with getNewsAlertsFromId, the oldest of them first in the range, newest first in the answer', async () => {
    const newest = ids.at(-1)!;
    expect((await list(owner, `?getNewsAlertsFromId=${newest}`)).json()).toEqual([]);
    const fresh = await seed(owner.id, 3);
    const newer = (await list(owner, `?getNewsAlertsFromId=${newest}`)).json<AlertView[]>();
    expect(newer.map((a) => a.id)).toEqual([...fresh].reverse());
    // More newer alerts than a page: the page closest to what the client has, without a gap.
    const partial = (await list(owner, `?getNewsAlertsFromId=${ids[100]}&limit=5`)).json<AlertView[]>();
    expect(partial.map((a) => a.id)).toEqual(ids.slice(101, 106).reverse());
    ids.push(...fresh);
  });

  it('honours limit and refuses bad paging values without a 500', async () => {
    expect((await list(owner, '?limit=7')).json()).toHaveLength(7);
    for (const query of ['?limit=0', '?limit=101', '?offset=-1', '?limit=abc', '?getNewsAlertsFromId=x', '?before=1&getNewsAlertsFromId=1', '?extra=1']) {
      const answer = await list(owner, query);
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toMatchObject({ statusCode: 400, statusMessage: 'Bad Request' });
    }
  });

  it('lets nobody else read them', async () => {
    const answer = await list(other, '', owner.id);
    expect(answer.statusCode).toBe(403);
    expect(answer.json()).toEqual({ statusCode: 403, statusMessage: 'Unauthorized action' });
    expect((await h.app.inject({ url: `${base}/${owner.id}` })).statusCode).toBe(401);
    expect((await h.app.inject({ url: `${base}/unread/${owner.id}`, headers: other.headers })).statusCode).toBe(403);
    expect((await h.app.inject({ url: `${base}/unread/${owner.id}` })).statusCode).toBe(401);
    const expired = { authorization: `Bearer ${await h.tokens.sign({ id: owner.id }, -10)}` };
    expect((await h.app.inject({ url: `${base}/${owner.id}`, headers: expired })).json()).toEqual({ statusCode: 401, statusMessage: 'Token has expired' });
  });

  it('counts unread alerts, one less after marking one read, none after marking all read', async () => {
    expect(await unread(owner)).toBe(123);
    const [newest] = (await list(owner, '?limit=1')).json<AlertView[]>();
    const marked = await h.app.inject({ method: 'PUT', url: `${base}/${newest!.id}`, headers: owner.headers });
    expect(marked.statusCode).toBe(200);
    expect(marked.json()).toMatchObject({ id: newest!.id, viewed: 1 });
    expect(await unread(owner)).toBe(122);
    // Marking it again changes nothing.
    expect((await h.app.inject({ method: 'PUT', url: `${base}/${newest!.id}`, headers: owner.headers })).json()).toMatchObject({ viewed: 1 });
    expect(await unread(owner)).toBe(122);

    const all = await h.app.inject({ method: 'PUT', url: `${base}/mark-all-as-read/${owner.id}`, headers: owner.headers });
    expect(all.statusCode).toBe(200);
    expect(all.json()).toEqual({ updated: 122, count: 0 });
    expect(await unread(owner)).toBe(0);
    expect((await list(owner, '?limit=100')).json<AlertView[]>().every((a) => a.viewed === 1)).toBe(true);
  });

  it('deletes one alert, and the count follows (unread ones only)', async () => {
    const [readOne] = (await list(owner, '?limit=1')).json<AlertView[]>();
    const [unreadOne] = await seed(owner.id, 1);
    expect(await unread(owner)).toBe(1);
    expect((await h.app.inject({ method: 'DELETE', url: `${base}/${readOne!.id}`, headers: owner.headers })).statusCode).toBe(204);
    expect(await unread(owner)).toBe(1);
    expect((await h.app.inject({ method: 'DELETE', url: `${base}/${unreadOne}`, headers: owner.headers })).statusCode).toBe(204);
    expect(await unread(owner)).toBe(0);
    expect((await list(owner, `?getNewsAlertsFromId=${readOne!.id - 1}`)).json()).toEqual([]);
    const again = await h.app.inject({ method: 'DELETE', url: `${base}/${unreadOne}`, headers: owner.headers });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({ statusCode: 404, statusMessage: 'Not Found' });
  });

  it('lets nobody else mark or delete them, and changes nothing when refused', async () => {
    const [target] = await seed(owner.id, 1);
    const before = await unread(owner);
    for (const method of ['PUT', 'DELETE'] as const) {
      const refused = await h.app.inject({ method, url: `${base}/${target}`, headers: other.headers });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ statusCode: 403, statusMessage: 'Unauthorized action' });
      expect((await h.app.inject({ method, url: `${base}/${target}` })).statusCode).toBe(401);
      expect((await h.app.inject({ method, url: `${base}/abc`, headers: owner.headers })).statusCode).toBe(400);
      expect((await h.app.inject({ method, url: `${base}/999999999`, headers: owner.headers })).statusCode).toBe(404);
    }
    const all = await h.app.inject({ method: 'PUT', url: `${base}/mark-all-as-read/${owner.id}`, headers: other.headers });
    expect(all.statusCode).toBe(403);
    expect(await unread(owner)).toBe(before);
    expect((await list(owner, '?limit=1')).json<AlertView[]>()[0]).toMatchObject({ id: target, viewed: 0 });
  });
});

describe('creating an alert (POST)', () => {
  const body = (userId: string) => ({ userId, messageKey: 'notice', params: { text: 'The archive is back online.' }, link: '/archive' });

  it('is open to another service with the service token', async () => {
    const before = await unread(other);
    const answer = await h.app.inject({ method: 'POST', url: base, headers: service, payload: body(other.id) });
    expect(answer.statusCode).toBe(201);
    expect(answer.json()).toMatchObject({ userId: other.id, messageKey: 'notice', params: { text: 'The archive is back online.' }, link: '/archive', viewed: 0 });
    expect(await unread(other)).toBe(before + 1);
  });

  it('is open to a moderator', async () => {
    const answer = await h.app.inject({ method: 'POST', url: base, headers: moderator.headers, payload: body(other.id) });
    expect(answer.statusCode).toBe(201);
  });

  it('is closed to plain members, visitors and wrong tokens, and refuses bad alerts', async () => {
    const before = await unread(other);
    expect((await h.app.inject({ method: 'POST', url: base, headers: owner.headers, payload: body(other.id) })).statusCode).toBe(403);
    expect((await h.app.inject({ method: 'POST', url: base, headers: other.headers, payload: body(other.id) })).statusCode).toBe(403);
    expect((await h.app.inject({ method: 'POST', url: base, payload: body(other.id) })).statusCode).toBe(401);
    expect((await h.app.inject({ method: 'POST', url: base, headers: { 'x-service-token': 'guess' }, payload: body(other.id) })).json()).toEqual({
      statusCode: 401,
      statusMessage: 'Invalid token',
    });
    for (const payload of [
      { ...body(other.id), messageKey: 'hacked' },
      { ...body(other.id), link: 'https://evil.example' },
      { ...body(other.id), link: '//evil.example/x' },
      { ...body(other.id), link: '/\\evil.example' },
      { ...body(other.id), link: 'javascript:alert(1)' },
      { ...body(other.id), params: { text: { nested: true } } },
      { ...body(other.id), extra: 1 },
      { messageKey: 'notice' },
      { ...body('not-a-uuid') },
    ]) {
      const answer = await h.app.inject({ method: 'POST', url: base, headers: service, payload });
      expect(answer.statusCode).toBe(400);
      expect(answer.json().statusCode).toBe(400);
    }
    expect(await unread(other)).toBe(before);
  });

  it('documents every call in its OpenAPI document', async () => {
    const doc = (await h.app.inject({ url: `${base}/openapi.json` })).json<{ paths: Record<string, Record<string, unknown>> }>();
    expect(Object.fromEntries(Object.entries(doc.paths).map(([path, ops]) => [path, Object.keys(ops).sort()]))).toEqual({
      '/api/users/notifications/stream': ['get'],
      '/api/users/notifications/{userId}': ['get'],
      '/api/users/notifications/unread/{userId}': ['get'],
      '/api/users/notifications/mark-all-as-read/{userId}': ['put'],
      '/api/users/notifications/{id}': ['delete', 'put'],
      '/api/users/notifications': ['post'],
      '/api/users/notifications/follows': ['get'],
      '/api/users/notifications/follows/{documentId}': ['delete', 'get', 'put'],
      '/api/users/notifications/preferences': ['get', 'put'],
      '/api/users/notifications/digest/unsubscribe': ['post'],
      '/api/users/notifications/digest/one-click': ['get', 'post'],
    });
    const post = doc.paths['/api/users/notifications']!['post'] as { parameters?: { in: string; name: string }[] };
    expect(post.parameters).toContainEqual(expect.objectContaining({ in: 'header', name: 'x-service-token' }));
    const stream = doc.paths['/api/users/notifications/stream']!['get'] as { responses: Record<string, { content?: Record<string, unknown> }> };
    expect(Object.keys(stream.responses['200']?.content ?? {})).toEqual(['text/event-stream']);
    // The one-click unsubscribe takes the forms RFC 8058 names.
    const oneClick = doc.paths['/api/users/notifications/digest/one-click']!['post'] as { requestBody: { content: Record<string, unknown> } };
    expect(Object.keys(oneClick.requestBody.content).sort()).toEqual(['application/x-www-form-urlencoded', 'multipart/form-data']);
  });
});
