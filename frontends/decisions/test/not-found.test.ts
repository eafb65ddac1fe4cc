/**
 * The one 404 rule of the decisions screens: what the API does not know is a page that does not exist,
 * the id check that keeps an address which cannot name a cycle or a law from reaching the service
 * (where it would be a 400), and the calls by an address's id that answer a 404 for such a value
 * without asking the service.
 */
import { jest } from '@jest/globals';
import { ErrorMessages } from '@civic/contracts';
import { ApiError } from '@civic/frontend-kit/api-client';
import { decisionsApi } from '../src/api/decisions.js';
import { lawsApi } from '../src/api/laws.js';
import { isDecisionsId, isNotFound, notFoundError } from '../src/not-found.js';

describe('isNotFound', () => {
  it('is true for a 404 answer of the API only', () => {
    expect(isNotFound(new ApiError(404, ErrorMessages.notFound))).toBe(true);
    expect(isNotFound(new ApiError(400, 'Bad Request'))).toBe(false);
    expect(isNotFound(new ApiError(401, ErrorMessages.noUser))).toBe(false);
    expect(isNotFound(new ApiError(500, ErrorMessages.unexpectedError))).toBe(false);
  });

  it('is false for no error and for errors that are not answers of the API', () => {
    expect(isNotFound(undefined)).toBe(false);
    expect(isNotFound(null)).toBe(false);
    expect(isNotFound(new Error('Not Found'))).toBe(false);
    expect(isNotFound({ statusCode: 404 })).toBe(false);
  });

  it('recognises the answer built for a refused id', () => {
    const error = notFoundError();
    expect(error).toBeInstanceOf(ApiError);
    expect(error.statusCode).toBe(404);
    expect(error.statusMessage).toBe(ErrorMessages.notFound);
    expect(error.key).toBe('notFound');
    expect(isNotFound(error)).toBe(true);
  });
});

describe('isDecisionsId', () => {
  it('accepts the ids the service gives cycles and laws, in either case', () => {
    expect(isDecisionsId('3f2b8c1e-9d4a-4e6b-8f0a-1c2d3e4f5a6b')).toBe(true);
    expect(isDecisionsId('3F2B8C1E-9D4A-4E6B-8F0A-1C2D3E4F5A6B')).toBe(true);
    expect(isDecisionsId(crypto.randomUUID())).toBe(true);
  });

  it('refuses anything else an address can hold', () => {
    for (const value of [
      '',
      'not-an-id',
      'creators',
      '42',
      '3f2b8c1e-9d4a-4e6b-8f0a-1c2d3e4f5a6',
      '3f2b8c1e-9d4a-4e6b-8f0a-1c2d3e4f5a6bc',
      '3f2b8c1e9d4a4e6b8f0a1c2d3e4f5a6b',
      '3f2b8c1e-9d4a-4e6b-8f0a-1c2d3e4f5a6g',
      ' 3f2b8c1e-9d4a-4e6b-8f0a-1c2d3e4f5a6b',
      '3f2b8c1e-9d4a-4e6b-8f0a-1c2d3e4f5a6b/draw',
      '{3f2b8c1e-9d4a-4e6b-8f0a-1c2d3e4f5a6b}',
    ]) {
      expect([value, isDecisionsId(value)]).toEqual([value, false]);
    }
  });
});

describe('calls by the id of an address', () => {
  const realFetch = globalThis.fetch;
  const fetchMock = jest.fn<typeof fetch>();
  beforeEach(() => {
    fetchMock.mockReset();
    fetchMock.mockResolvedValue(new Response(JSON.stringify({ statusCode: 404, statusMessage: ErrorMessages.notFound }), { status: 404 }));
    globalThis.fetch = fetchMock;
  });
  afterEach(() => {
    globalThis.fetch = realFetch;
  });

  it('answer a 404 for a value that cannot be an id, without asking the service', async () => {
    for (const call of [() => decisionsApi.cycle('not-an-id'), () => lawsApi.law('not-an-id', 'en'), () => lawsApi.draw('../proposals')]) {
      const error = await call().then(
        () => null,
        (reason: unknown) => reason,
      );
      expect(isNotFound(error)).toBe(true);
    }
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('ask the service for an id, and its 404 follows the same rule', async () => {
    const id = crypto.randomUUID();
    await expect(decisionsApi.cycle(id)).rejects.toMatchObject({ statusCode: 404 });
    await expect(lawsApi.law(id, 'fr')).rejects.toMatchObject({ statusCode: 404 });
    await expect(lawsApi.draw(id)).rejects.toMatchObject({ statusCode: 404 });
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual([`/api/decisions/${id}`, `/api/laws/${id}?lang=fr`, `/api/laws/${id}/draw`]);
  });
});
