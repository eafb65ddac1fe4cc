import { ErrorMessages } from '@civic/contracts';
import { ApiError, asApiError, errorDate, errorReason, retryDate, toApiError } from '@civic/frontend-kit/api-client';

describe('API errors', () => {
  it('keeps a body in the spec shape and maps its message to the catalogue key', () => {
    const error = toApiError(409, { statusCode: 409, statusMessage: 'Email already registered', data: { field: 'email' } });
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      statusCode: 409,
      statusMessage: 'Email already registered',
      data: { field: 'email' },
      key: 'emailAlreadyRegistered',
    });
  });

  it('maps every catalogue message to its key', () => {
    for (const [key, message] of Object.entries(ErrorMessages)) {
      expect(toApiError(400, { statusCode: 400, statusMessage: message }).key).toBe(key);
    }
  });

  it('uses the generic message for a body that is not in the spec shape', () => {
    for (const body of [undefined, null, '<html>Bad gateway</html>', [], { message: 'nope' }, { statusMessage: '' }, { statusMessage: 42 }]) {
      const error = toApiError(502, body);
      expect(error.statusCode).toBe(502);
      expect(error.statusMessage).toBe('An unexpected error occurred');
      expect(error.key).toBe('unexpectedError');
    }
  });

  it('defaults the status code to 500 when neither the body nor the answer gives an error status', () => {
    expect(toApiError(0, undefined)).toMatchObject({ statusCode: 500, statusMessage: 'An unexpected error occurred' });
    expect(toApiError(200, 'not json')).toMatchObject({ statusCode: 500, statusMessage: 'An unexpected error occurred' });
    expect(toApiError(400, { statusCode: 'x', statusMessage: 'Bad Request' })).toMatchObject({ statusCode: 400, key: 'badRequest' });
    expect(toApiError(0, { statusCode: 700, statusMessage: 'Bad Request' }).statusCode).toBe(500);
  });

  it('translates an unknown message as the generic error but keeps it', () => {
    const error = toApiError(418, { statusCode: 418, statusMessage: "I'm a teapot" });
    expect(error.statusMessage).toBe("I'm a teapot");
    expect(error.key).toBe('unexpectedError');
  });

  it('turns anything thrown into an ApiError', () => {
    const own = new ApiError(401, 'Unauthorized');
    expect(asApiError(own)).toBe(own);
    expect(asApiError(new TypeError('Failed to fetch'))).toMatchObject({ statusCode: 500, key: 'unexpectedError' });
    expect(asApiError('boom')).toMatchObject({ statusCode: 500, statusMessage: 'An unexpected error occurred' });
  });

  it('keeps the error of a remote, whose API client is a copy of its own, by its shape', () => {
    class RemoteApiError extends Error {
      readonly name = 'ApiError';
      constructor(readonly statusCode: number, readonly statusMessage: string, readonly data?: unknown) {
        super(statusMessage);
      }
    }
    const fromRemote = new RemoteApiError(403, 'Suspension error', { until: '2026-12-01T10:00:00Z' });
    expect(asApiError(fromRemote)).toMatchObject({ statusCode: 403, key: 'suspensionError', data: { until: '2026-12-01T10:00:00Z' } });
    const notAnAnswer = Object.assign(new Error('x'), { name: 'ApiError', statusCode: 'oops' });
    expect(asApiError(notAnAnswer)).toMatchObject({ statusCode: 500, key: 'unexpectedError' });
  });

  it('finds the date and time an error carries', () => {
    const until = '2026-12-01T10:00:00.000Z';
    expect(errorDate(new ApiError(403, 'Suspension error', { suspendedUntil: until }))?.toISOString()).toBe(until);
    expect(errorDate(new ApiError(403, 'Suspension error', { date: until }))?.toISOString()).toBe(until);
    expect(errorDate(new ApiError(403, 'Suspension error', { date: 'not a date' }))).toBeUndefined();
    expect(errorDate(new ApiError(403, 'Suspension error'))).toBeUndefined();
  });

  it('turns a refusal\'s retryAfterSeconds into the moment to try again', () => {
    const now = Date.parse('2030-01-01T12:00:00Z');
    const refused = new ApiError(429, 'Too many accounts on the same day, come back later', { retryAfterSeconds: 3600 });
    expect(retryDate(refused, now)?.toISOString()).toBe('2030-01-01T13:00:00.000Z');
    expect(errorDate(refused, now)?.toISOString()).toBe('2030-01-01T13:00:00.000Z');
    expect(retryDate(new ApiError(429, 'Too Many Requests', { retryAfterSeconds: 'soon' }), now)).toBeUndefined();
    expect(retryDate(new ApiError(429, 'Too many accounts on the same IP'), now)).toBeUndefined();
  });

  it('reads the reason of an error', () => {
    expect(errorReason(new ApiError(400, 'Link error or expired token', { reason: 'alreadyVerified' }))).toBe('alreadyVerified');
    expect(errorReason(new ApiError(400, 'Link error or expired token'))).toBeUndefined();
  });
});
