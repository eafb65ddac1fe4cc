import { ErrorMessages } from '@civic/contracts';
import { ApiError, asApiError, errorDate, toApiError } from '../src/api/errors.js';

describe('API errors (SPEC section 8)', () => {
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

  it('finds the date and time an error carries', () => {
    const until = '2026-12-01T10:00:00.000Z';
    expect(errorDate(new ApiError(403, 'Suspension error', { suspendedUntil: until }))?.toISOString()).toBe(until);
    expect(errorDate(new ApiError(403, 'Suspension error', { date: until }))?.toISOString()).toBe(until);
    expect(errorDate(new ApiError(403, 'Suspension error', { date: 'not a date' }))).toBeUndefined();
    expect(errorDate(new ApiError(403, 'Suspension error'))).toBeUndefined();
  });
});
