import { ErrorMessages, errorKeyOf, type ErrorKey, type SessionUser } from '@civic/contracts';

/**
 * The remotes' fetch client (each bundles its own copy; the shell has its own): same-origin cookies,
 * JSON both ways, the gateway's CSRF rule (JSON writes name their type, writes without a body mark
 * themselves), and every error answer as an ApiError in the shape of docs/product.md#errors.
 */
export class ApiError extends Error {
  readonly statusCode: number;
  readonly statusMessage: string;
  readonly data: unknown;
  /** Catalogue key of the message; its translation is the shell's `error.<key>`. */
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

const isErrorStatus = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value >= 400 && value <= 599;

/** The ApiError of an answer: its own {statusCode, statusMessage, data}, else the HTTP status (or 500) and the generic message. */
export function toApiError(httpStatus: number, body: unknown): ApiError {
  const record = typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : undefined;
  const statusCode = isErrorStatus(record?.statusCode) ? record.statusCode : isErrorStatus(httpStatus) ? httpStatus : 500;
  const message = typeof record?.statusMessage === 'string' && record.statusMessage.trim() !== '' ? record.statusMessage : ErrorMessages.unexpectedError;
  return new ApiError(statusCode, message, record?.data);
}

/** Any thrown value as an ApiError. */
export const asApiError = (error: unknown): ApiError => (error instanceof ApiError ? error : new ApiError(500, ErrorMessages.unexpectedError));

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

async function send(method: Method, path: string, body: unknown, signal?: AbortSignal): Promise<unknown> {
  const hasBody = body !== undefined;
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      credentials: 'same-origin',
      headers: hasBody ? { accept: 'application/json', 'content-type': 'application/json' } : { accept: 'application/json', 'x-requested-with': 'fetch' },
      body: hasBody ? JSON.stringify(body) : undefined,
      signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw toApiError(0, undefined);
  }
  const text = response.status === 204 ? '' : await response.text().catch(() => '');
  let parsed: unknown;
  try {
    parsed = text === '' ? undefined : (JSON.parse(text) as unknown);
  } catch {
    parsed = text;
  }
  if (!response.ok) throw toApiError(response.status, parsed);
  return parsed;
}

let restoring: Promise<SessionUser | null> | null = null;

/** POST /api/login/auth-user without a body: the session user (renewed from the refresh cookie when needed), or null. */
export function fetchSession(): Promise<SessionUser | null> {
  restoring ??= (send('POST', '/api/login/auth-user', undefined) as Promise<SessionUser | null | undefined>)
    .then((user) => user ?? null)
    .finally(() => {
      restoring = null;
    });
  return restoring;
}

/** Told when a call finds the session gone (a 401 that renewing could not fix). */
let onSessionLost: (() => void) | null = null;
export function setSessionLostListener(listener: (() => void) | null): void {
  onSessionLost = listener;
}

/** One call through the gateway; an expired access token is renewed once and the call retried. */
export async function api<T>(method: Method, path: string, body?: unknown, signal?: AbortSignal): Promise<T> {
  try {
    return (await send(method, path, body, signal)) as T;
  } catch (error) {
    if (!(error instanceof ApiError) || error.statusCode !== 401) throw error;
    const user = await fetchSession().catch(() => null);
    if (!user) {
      onSessionLost?.();
      throw error;
    }
    return (await send(method, path, body, signal)) as T;
  }
}
