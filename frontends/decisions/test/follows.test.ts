/**
 * The Follow buttons of a screen share one list of what the member follows (docs/product.md#following):
 * one call for a board of proposals, asked again once it is old, and a full list leaves each button
 * to ask for itself.
 */
import { jest } from '@jest/globals';
import { followListMaxSize } from '@civic/contracts';
import { FOLLOWED_LIST_MAX_AGE_MS, followedIds, rememberFollowing } from '../src/api/follows.js';

const realFetch = globalThis.fetch;
const fetchMock = jest.fn<typeof fetch>();
const listOf = (ids: string[]) =>
  new Response(JSON.stringify({ follows: ids.map((documentId) => ({ documentId, kind: 'proposal', title: 'Free buses', followedAt: '2026-11-27T08:00:00.000Z' })) }), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });
const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

beforeEach(() => {
  fetchMock.mockReset();
  globalThis.fetch = fetchMock;
});
afterAll(() => {
  globalThis.fetch = realFetch;
});

it('asks once for every button of a screen, keeps a button change, and asks again once the list is old', async () => {
  fetchMock.mockImplementation(async () => listOf([id(1)]));
  const start = 1_000_000;
  const [first, second] = await Promise.all([followedIds('member-a', start), followedIds('member-a', start + 10)]);
  expect(fetchMock).toHaveBeenCalledTimes(1);
  expect(fetchMock.mock.calls[0]![0]).toBe('/api/users/notifications/follows');
  expect(first).toBe(second);
  expect(first?.has(id(1))).toBe(true);

  rememberFollowing(id(2), true);
  rememberFollowing(id(1), false);
  const kept = await followedIds('member-a', start + 20);
  expect([kept?.has(id(1)), kept?.has(id(2))]).toEqual([false, true]);
  expect(fetchMock).toHaveBeenCalledTimes(1);

  await followedIds('member-a', start + FOLLOWED_LIST_MAX_AGE_MS + 21);
  expect(fetchMock).toHaveBeenCalledTimes(2);
  // Another member never reads the first one's list.
  await followedIds('member-b', start + FOLLOWED_LIST_MAX_AGE_MS + 22);
  expect(fetchMock).toHaveBeenCalledTimes(3);
});

it('reuses the list, however old, for a card pushed later to the same open screen, and asks again on another screen', async () => {
  fetchMock.mockImplementation(async () => listOf([id(3)]));
  const start = 2_000_000;
  const first = await followedIds('member-e', start, 'screen-1');
  const later = await followedIds('member-e', start + 10 * FOLLOWED_LIST_MAX_AGE_MS, 'screen-1');
  expect(later).toBe(first);
  expect(fetchMock).toHaveBeenCalledTimes(1);
  await followedIds('member-e', start + 10 * FOLLOWED_LIST_MAX_AGE_MS + 1, 'screen-2');
  expect(fetchMock).toHaveBeenCalledTimes(2);
});

it('gives no list when it is full or cannot be read, so that each button asks for itself', async () => {
  fetchMock.mockImplementation(async () => listOf(Array.from({ length: followListMaxSize }, (_, n) => id(n))));
  expect(await followedIds('member-c', 5_000_000)).toBeNull();
  fetchMock.mockImplementation(async () => new Response(JSON.stringify({ statusCode: 503, statusMessage: 'Service Unavailable' }), { status: 503 }));
  expect(await followedIds('member-d', 5_000_000)).toBeNull();
});
