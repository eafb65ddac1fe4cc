import { ErrorMessages, errorKeyOf, type ErrorKey, type SessionUser } from '@civic/contracts';

/**
 * The one fetch client of the front ends: same-origin cookies, JSON both ways, the gateway's CSRF
 * rule, every error answer as an ApiError in the shape of docs/product.md#errors, and an expired
 * access token renewed once from the refresh cookie. The kit is not a shared module, so the shell
 * and each remote bundle their own copy: each has its own renewal and its own session listeners.
 */

/** A failed call: { statusCode, statusMessage, data }; `key` is the catalogue key, translated as `error.<key>`. */
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

const isErrorStatus = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value >= 400 && value <= 599;

/**
 * The ApiError of an error answer. A body in the catalogue's shape gives its own statusCode,
 * statusMessage and data; anything else (HTML from a proxy, an empty body, a network failure with
 * status 0) falls back to the HTTP error status, else 500, and 'An unexpected error occurred'.
 */
export function toApiError(httpStatus: number, body: unknown): ApiError {
  const record = typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : undefined;
  const statusCode = isErrorStatus(record?.statusCode) ? record.statusCode : isErrorStatus(httpStatus) ? httpStatus : 500;
  const message = typeof record?.statusMessage === 'string' && record.statusMessage.trim() !== '' ? record.statusMessage : ErrorMessages.unexpectedError;
  return new ApiError(statusCode, message, record?.data);
}

/**
 * Any thrown value as an ApiError. An error from another bundle's copy of this client (a remote's,
 * shown by the shell) is recognised by its shape, not its class; anything else is a 500.
 */
export function asApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof Error && error.name === 'ApiError') {
    const { statusCode, statusMessage, data } = error as Error & { statusCode?: unknown; statusMessage?: unknown; data?: unknown };
    if (isErrorStatus(statusCode) && typeof statusMessage === 'string') return new ApiError(statusCode, statusMessage, data);
  }
  return new ApiError(500, ErrorMessages.unexpectedError);
}

function dataField(error: ApiError, field: string): unknown {
  const data = error.data;
  return typeof data === 'object' && data !== null ? (data as Record<string, unknown>)[field] : undefined;
}

/** When a refused request may be tried again (a 429's `retryAfterSeconds`, counted from `now`), else undefined. */
export function retryDate(error: ApiError, now: number = Date.now()): Date | undefined {
  const seconds = dataField(error, 'retryAfterSeconds');
  return typeof seconds === 'number' && Number.isFinite(seconds) && seconds >= 0 ? new Date(now + seconds * 1000) : undefined;
}

const dateFields = ['date', 'until', 'suspendedUntil', 'retryAt'] as const;

/** The date an error carries in its data (a suspension end, a retry time), shown after the message; undefined when none. */
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

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface RequestOptions {
  /** Sent as JSON. */
  body?: unknown;
  signal?: AbortSignal;
  /** On a 401, renew the session once and retry (default true; never for the login and account-link calls). */
  renewSession?: boolean;
}

// State-changing calls must carry a header a cross-site form cannot send (docs/architecture.md#gateway):
// JSON bodies name their type; calls without a body mark themselves, since an empty JSON body is refused.
const headersFor = (hasBody: boolean): Record<string, string> =>
  hasBody ? { accept: 'application/json', 'content-type': 'application/json' } : { accept: 'application/json', 'x-requested-with': 'fetch' };

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

async function send(method: Method, path: string, { body, signal }: RequestOptions): Promise<unknown> {
  const hasBody = body !== undefined;
  let response: Response;
  try {
    response = await fetch(path, { method, credentials: 'same-origin', headers: headersFor(hasBody), body: hasBody ? JSON.stringify(body) : undefined, signal });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw toApiError(0, undefined);
  }
  let answer: unknown;
  try {
    answer = await readBody(response);
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    // A body cut on its way (a page leaving, a dropped connection) is a failed call, never an
    // empty answer: the caller would take `undefined` for the data it asked for.
    if (response.ok) throw toApiError(0, undefined);
    answer = undefined;
  }
  if (!response.ok) throw toApiError(response.status, answer);
  return answer;
}

const sessionPath = '/api/login/auth-user';
let renewal: Promise<SessionUser | null> | null = null;

/** POST /api/login/auth-user without a body: the session user, renewed from the refresh cookie when needed, or null. Concurrent callers share one call. */
export function restoreSession(): Promise<SessionUser | null> {
  renewal ??= (send('POST', sessionPath, {}) as Promise<SessionUser | null | undefined>)
    .then((user) => user ?? null)
    .finally(() => {
      renewal = null;
    });
  return renewal;
}

/** Whether two session users are the same in every field (all are plain values), so the screens need not change. */
export function sameSessionUser(a: SessionUser | null | undefined, b: SessionUser | null | undefined): boolean {
  if (!a || !b) return a === b;
  const keys = Object.keys(a) as (keyof SessionUser)[];
  return keys.length === Object.keys(b).length && keys.every((key) => a[key] === b[key]);
}

type SessionListener = (user: SessionUser | null) => void;
const sessionListeners = new Set<SessionListener>();

/**
 * Told what a renewal forced by a 401 found: the session user, or null when the session is gone.
 * A renewal that finds the same user changes nothing on screen (see `sameSessionUser`); a lost
 * session shows the visitor's screens.
 */
export function onSessionRenewed(listener: SessionListener): () => void {
  sessionListeners.add(listener);
  return () => {
    sessionListeners.delete(listener);
  };
}

const renewsOnUnauthorized = (path: string, options: RequestOptions): boolean =>
  options.renewSession !== false && !path.startsWith('/api/login') && !path.startsWith('/api/auth/');

/**
 * Reads started before the screen that needs them has rendered: a page's first reads, started with
 * its screen's code (docs/architecture.md#front-ends). The screen's own GET of the same path, within
 * EARLY_READ_MS of the start, takes the answer instead of asking again, once.
 */
const earlyReads = new Map<string, { answer: Promise<unknown>; startedAt: number }>();
const EARLY_READ_MS = 10_000;

/** The early read of `path` still waiting to be taken and fresh enough, or undefined. */
function waitingEarlyRead(path: string): Promise<unknown> | undefined {
  const early = earlyReads.get(path);
  return early && Date.now() - early.startedAt <= EARLY_READ_MS ? early.answer : undefined;
}

/** Starts a GET of `path` now (unless one is already waiting to be taken) and answers it. */
export function readEarly<T>(path: string): Promise<T> {
  const waiting = waitingEarlyRead(path);
  if (waiting) return waiting as Promise<T>;
  const answer = apiRequest<T>('GET', path);
  earlyReads.set(path, { answer, startedAt: Date.now() });
  // A failed answer is never handed on: the screen asks again.
  answer.catch(() => {
    if (earlyReads.get(path)?.answer === answer) earlyReads.delete(path);
  });
  return answer;
}

/** The early read of `path`, taken once, or undefined. */
function takeEarlyRead(path: string): Promise<unknown> | undefined {
  const answer = waitingEarlyRead(path);
  earlyReads.delete(path);
  return answer;
}

/** One call through the gateway; an expired access token is renewed once and the call retried. */
export async function apiRequest<T>(method: Method, path: string, options: RequestOptions = {}): Promise<T> {
  const early = method === 'GET' && options.body === undefined ? takeEarlyRead(path) : undefined;
  if (early) {
    try {
      return (await early) as T;
    } catch {
      // The early read failed: the caller's own read asks again, and reports its own failure.
    }
  }
  try {
    return (await send(method, path, options)) as T;
  } catch (error) {
    if (!(error instanceof ApiError) || error.statusCode !== 401 || !renewsOnUnauthorized(path, options)) throw error;
    const user = await restoreSession().catch(() => null);
    for (const listener of sessionListeners) listener(user);
    if (!user) throw error;
    return (await send(method, path, options)) as T;
  }
}

