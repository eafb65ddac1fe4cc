import type { SessionUser } from '@civic/contracts';
import { ApiError, apiRequest, onSessionRenewed, readEarly, restoreSession, sameSessionUser } from '../src/api-client.js';
import { sessionUser } from './support/session-user.js';

const user = sessionUser('6f1c7c1e-3b0e-4a55-9d4f-0e7f9c1b2a11', { userName: 'Ada' });

interface Call {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: string | undefined;
}

/** Answers calls in order from `answers` (status and JSON body), recording each. */
function fakeFetch(answers: Array<[number, unknown]>): Call[] {
  const calls: Call[] = [];
  globalThis.fetch = (async (input: string, init: RequestInit) => {
    calls.push({ method: String(init.method), path: input, headers: init.headers as Record<string, string>, body: init.body as string | undefined });
    const [status, body] = answers.shift() ?? [500, undefined];
    return new Response(body === undefined ? null : JSON.stringify(body), { status });
  }) as typeof fetch;
  return calls;
}

const unauthorized = { statusCode: 401, statusMessage: 'Unauthorized' };
const realFetch = globalThis.fetch;
let told: Array<SessionUser | null>;
let unsubscribe: () => void;

beforeEach(() => {
  told = [];
  unsubscribe = onSessionRenewed((renewed) => told.push(renewed));
});
afterEach(() => {
  unsubscribe();
  globalThis.fetch = realFetch;
});

describe('apiRequest', () => {
  it('sends JSON bodies with their type and bodiless calls with the fetch mark (the gateway CSRF rule)', async () => {
    const calls = fakeFetch([
      [200, { ok: 1 }],
      [204, undefined],
    ]);
    expect(await apiRequest('POST', '/api/proposals', { body: { title: 'T' } })).toEqual({ ok: 1 });
    expect(await apiRequest('DELETE', '/api/proposals/1')).toBeUndefined();
    expect(calls[0]).toMatchObject({ method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"title":"T"}' });
    expect(calls[1]).toMatchObject({ method: 'DELETE', headers: { 'x-requested-with': 'fetch' }, body: undefined });
  });

  it('answers an error in the catalogue shape as an ApiError with its key and data', async () => {
    fakeFetch([[409, { statusCode: 409, statusMessage: 'User name already taken', data: { retryAfterSeconds: 5 } }]]);
    const error = await apiRequest('PUT', '/api/users/edit-profile/x', { body: {} }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ statusCode: 409, key: 'userNameTaken', data: { retryAfterSeconds: 5 } });
  });

  it('renews an expired access token once, retries the call, and tells the listeners the user found', async () => {
    const calls = fakeFetch([
      [401, unauthorized],
      [200, user],
      [200, ['a proposal']],
    ]);
    expect(await apiRequest('GET', '/api/decisions')).toEqual(['a proposal']);
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual(['GET /api/decisions', 'POST /api/login/auth-user', 'GET /api/decisions']);
    expect(told).toEqual([user]);
  });

  it('tells the listeners null and throws the 401 when the session cannot be renewed', async () => {
    const calls = fakeFetch([
      [401, unauthorized],
      [200, null],
    ]);
    await expect(apiRequest('PUT', '/api/users/x', { body: {} })).rejects.toMatchObject({ statusCode: 401 });
    expect(calls).toHaveLength(2);
    expect(told).toEqual([null]);
  });

  it('never renews for the login and account-link calls, nor when asked not to', async () => {
    const calls = fakeFetch([
      [401, unauthorized],
      [401, unauthorized],
      [401, unauthorized],
    ]);
    await expect(apiRequest('POST', '/api/login', { body: {} })).rejects.toMatchObject({ statusCode: 401 });
    await expect(apiRequest('POST', '/api/auth/verify-account', { body: {} })).rejects.toMatchObject({ statusCode: 401 });
    await expect(apiRequest('GET', '/api/decisions', { renewSession: false })).rejects.toMatchObject({ statusCode: 401 });
    expect(calls).toHaveLength(3);
    expect(told).toEqual([]);
  });

  it('turns a network failure into a 500 with the generic message', async () => {
    globalThis.fetch = (async () => {
      throw new TypeError('Failed to fetch');
    }) as typeof fetch;
    await expect(apiRequest('GET', '/api/decisions')).rejects.toMatchObject({ statusCode: 500, key: 'unexpectedError' });
  });

  it('fails a call whose body is cut on its way, rather than answering nothing', async () => {
    globalThis.fetch = (async () => {
      const cut = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new TextEncoder().encode('{"cycle":'));
          controller.error(new TypeError('network error'));
        },
      });
      return new Response(cut, { status: 200 });
    }) as typeof fetch;
    await expect(apiRequest('GET', '/api/decisions/voting-on-proposals')).rejects.toMatchObject({ statusCode: 500, key: 'unexpectedError' });
  });
});

describe('restoreSession', () => {
  it('shares one call among concurrent callers', async () => {
    const calls = fakeFetch([[200, user]]);
    const [first, second] = await Promise.all([restoreSession(), restoreSession()]);
    expect(first).toEqual(user);
    expect(second).toEqual(user);
    expect(calls).toHaveLength(1);
  });
});

describe('sameSessionUser', () => {
  it('is true only for the same values in every field', () => {
    expect(sameSessionUser(user, { ...user })).toBe(true);
    expect(sameSessionUser(user, { ...user, moderator: true })).toBe(false);
    expect(sameSessionUser(user, { ...user, suspendedUntil: '2026-11-26T12:00:00.000Z' })).toBe(false);
    expect(sameSessionUser(user, null)).toBe(false);
    expect(sameSessionUser(null, null)).toBe(true);
  });
});

describe('readEarly', () => {
  it("hands its answer to the screen's own read of the same path, once", async () => {
    const calls = fakeFetch([
      [200, { laws: ['early'] }],
      [200, { laws: ['asked again'] }],
    ]);
    const early = readEarly('/api/laws?state=final-vote');
    expect(await apiRequest('GET', '/api/laws?state=final-vote')).toEqual({ laws: ['early'] });
    expect(await early).toEqual({ laws: ['early'] });
    // Taken once: the next read asks the server.
    expect(await apiRequest('GET', '/api/laws?state=final-vote')).toEqual({ laws: ['asked again'] });
    expect(calls.map((call) => call.path)).toEqual(['/api/laws?state=final-vote', '/api/laws?state=final-vote']);
  });

  it('is not taken by another path, a write, or a read started twice', async () => {
    const calls = fakeFetch([
      [200, { law: 'a' }],
      [200, { other: true }],
      [204, undefined],
    ]);
    const first = readEarly('/api/laws/a?lang=fr');
    expect(readEarly('/api/laws/a?lang=fr')).toBe(first);
    expect(await apiRequest('GET', '/api/laws/a?lang=en')).toEqual({ other: true });
    expect(await apiRequest('DELETE', '/api/laws/a?lang=fr')).toBeUndefined();
    expect(await apiRequest('GET', '/api/laws/a?lang=fr')).toEqual({ law: 'a' });
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual(['GET /api/laws/a?lang=fr', 'GET /api/laws/a?lang=en', 'DELETE /api/laws/a?lang=fr']);
  });

  it('never hands on a failed answer: the screen asks again', async () => {
    const calls = fakeFetch([
      [503, { statusCode: 503, statusMessage: 'Service unavailable' }],
      [200, { proposals: [] }],
    ]);
    await expect(readEarly('/api/proposals')).rejects.toBeInstanceOf(ApiError);
    expect(await apiRequest('GET', '/api/proposals')).toEqual({ proposals: [] });
    expect(calls).toHaveLength(2);
  });

  it('asks again when the early read it took fails on its way', async () => {
    const calls = fakeFetch([
      [503, { statusCode: 503, statusMessage: 'Service unavailable' }],
      [200, { proposals: ['again'] }],
    ]);
    readEarly('/api/proposals').catch(() => undefined);
    expect(await apiRequest('GET', '/api/proposals')).toEqual({ proposals: ['again'] });
    expect(calls).toHaveLength(2);
  });
});
