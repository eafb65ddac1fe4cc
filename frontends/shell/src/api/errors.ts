import { ErrorMessages, errorKeyOf, type ErrorKey } from '@civic/contracts';

/**
 * A failed API call in the error shape of docs/product.md#errors: { statusCode, statusMessage, data }. The
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
 * The ApiError of an error answer. A body in the catalogue's shape gives its own statusCode, statusMessage
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

/**
 * Any thrown value as an ApiError. A remote's error comes from its own copy of the API client, so it
 * is recognised by its shape, not its class; anything else (a TypeError from fetch, a bug) is 500,
 * 'An unexpected error occurred'.
 */
export function asApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof Error && error.name === 'ApiError') {
    const { statusCode, statusMessage, data } = error as Error & { statusCode?: unknown; statusMessage?: unknown; data?: unknown };
    if (isErrorStatus(statusCode) && typeof statusMessage === 'string') return new ApiError(statusCode, statusMessage, data);
  }
  return new ApiError(defaultStatusCode, ErrorMessages.unexpectedError, undefined);
}

const dateFields = ['date', 'until', 'suspendedUntil', 'retryAt'] as const;

function dataField(error: ApiError, field: string): unknown {
  const data = error.data;
  return typeof data === 'object' && data !== null ? (data as Record<string, unknown>)[field] : undefined;
}

/** When a refused request may be tried again (a 429's `retryAfterSeconds`, counted from `now`), else undefined. */
export function retryDate(error: ApiError, now: number = Date.now()): Date | undefined {
  const seconds = dataField(error, 'retryAfterSeconds');
  return typeof seconds === 'number' && Number.isFinite(seconds) && seconds >= 0 ? new Date(now + seconds * 1000) : undefined;
}

/**
 * The date and time an error carries in its data (a suspension end, a retry time), shown after the
 * message (docs/product.md#errors); undefined when there is none.
 */
export function errorDate(error: ApiError, now: number = Date.now()): Date | undefined {
  for (const field of dateFields) {
    const value = dataField(error, field);
    if (typeof value !== 'string' && typeof value !== 'number') continue;
    const date = new Date(value);
    if (!Number.isNaN(date.getTime())) return date;
  }
  return retryDate(error, now);
}

/** The reason an error's data gives (`data.reason`), e.g. 'alreadyVerified' for a verification link used before. */
export function errorReason(error: ApiError): string | undefined {
  const reason = dataField(error, 'reason');
  return typeof reason === 'string' ? reason : undefined;
}
