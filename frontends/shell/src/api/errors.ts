import { ErrorMessages, errorKeyOf, type ErrorKey } from '@civic/contracts';

/**
 * A failed API call in the error shape of SPEC section 8: { statusCode, statusMessage, data }. The
 * message is the English catalogue text; `key` is its catalogue key, whose translation is
 * `error.<key>` (unexpectedError for a message the catalogue does not know).
 */
export class ApiError extends Error {
  readonly statusCode: number;
  readonly statusMessage: string;
  readonly data: unknown;
  readonly key: ErrorKey;

  constructor(statusCode: number, statusMessage: string, data?: unknown) {
    super(statusMessage);
    this.name = 'ApiError';
    this.statusCode = statusCode;
    this.statusMessage = statusMessage;
    this.data = data;
    this.key = errorKeyOf(statusMessage) ?? 'unexpectedError';
  }
}

const defaultStatusCode = 500;

function isErrorStatus(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 400 && value <= 599;
}

/**
 * The ApiError of an error answer. A body in the spec shape gives its own statusCode, statusMessage
 * and data; anything else (HTML from a proxy, an empty body, a network failure with status 0) falls
 * back to the answer's HTTP error status, else 500, and 'An unexpected error occurred'.
 */
export function toApiError(httpStatus: number, body: unknown): ApiError {
  const record = typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : undefined;
  const fallbackStatus = isErrorStatus(httpStatus) ? httpStatus : defaultStatusCode;
  const statusCode = isErrorStatus(record?.statusCode) ? record.statusCode : fallbackStatus;
  const statusMessage =
    typeof record?.statusMessage === 'string' && record.statusMessage.trim() !== ''
      ? record.statusMessage
      : ErrorMessages.unexpectedError;
  return new ApiError(statusCode, statusMessage, record?.data);
}

/** Any thrown value as an ApiError (a TypeError from fetch, a bug): 500, 'An unexpected error occurred'. */
export function asApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  return new ApiError(defaultStatusCode, ErrorMessages.unexpectedError, undefined);
}

const dateFields = ['date', 'until', 'suspendedUntil', 'retryAt'] as const;

/**
 * The date and time an error carries in its data (a suspension end, a retry time), shown after the
 * message (SPEC section 8); undefined when there is none.
 */
export function errorDate(error: ApiError): Date | undefined {
  const data = error.data;
  if (typeof data !== 'object' || data === null) return undefined;
  for (const field of dateFields) {
    const value = (data as Record<string, unknown>)[field];
    if (typeof value !== 'string' && typeof value !== 'number') continue;
    const date = new Date(value);
    if (!Number.isNaN(date.getTime())) return date;
  }
  return undefined;
}
