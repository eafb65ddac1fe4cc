import type { SessionUser } from '@civic/contracts';
import { ApiError, toApiError } from './errors.js';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface RequestOptions {
  /** Sent as JSON. */
  body?: unknown;
  signal?: AbortSignal;
  /**
   * On a 401, renew the session once from the refresh cookie and retry (default true). Off for the
   * session calls themselves.
   */
  renewSession?: boolean;
}

const sessionPath = '/api/login/auth-user';

type SessionListener = (user: SessionUser | null) => void;
const sessionListeners = new Set<SessionListener>();

/** Told of every session the client learns about while renewing an expired access token. */
export function onSessionRenewed(listener: SessionListener): () => void {
  sessionListeners.add(listener);
  return () => {
    sessionListeners.delete(listener);
  };
}

function headersFor(hasBody: boolean): Record<string, string> {
  // State-changing calls must carry a header a cross-site form cannot send (docs/architecture.md#gateway):
  // JSON bodies name their type; calls without a body mark themselves instead, since an empty body
  // declared as JSON is refused.
  return hasBody
    ? { accept: 'application/json', 'content-type': 'application/json' }
    : { accept: 'application/json', 'x-requested-with': 'fetch' };
}

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

async function send(method: Method, path: string, options: RequestOptions): Promise<unknown> {
  const hasBody = options.body !== undefined;
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      credentials: 'same-origin',
      headers: headersFor(hasBody),
      body: hasBody ? JSON.stringify(options.body) : undefined,
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw toApiError(0, undefined);
  }
  const body = await readBody(response).catch(() => undefined);
  if (!response.ok) throw toApiError(response.status, body);
  return body;
}

let renewal: Promise<SessionUser | null> | null = null;

/** POST /api/login/auth-user without a body: the session user renewed from the refresh cookie, or null. */
export function restoreSession(): Promise<SessionUser | null> {
  renewal ??= (send('POST', sessionPath, { renewSession: false }) as Promise<SessionUser | null | undefined>)
    .then((user) => user ?? null)
    .finally(() => {
      renewal = null;
    });
  return renewal;
}

function renewsOnUnauthorized(path: string, options: RequestOptions): boolean {
  return options.renewSession !== false && !path.startsWith('/api/login') && !path.startsWith('/api/auth/');
}

/**
 * One call to the API through the gateway: same-origin cookies, JSON both ways, an ApiError for any
 * error answer. An expired access token is renewed once and the call retried.
 */
export async function apiRequest<T>(method: Method, path: string, options: RequestOptions = {}): Promise<T> {
  try {
    return (await send(method, path, options)) as T;
  } catch (error) {
    if (!(error instanceof ApiError) || error.statusCode !== 401 || !renewsOnUnauthorized(path, options)) throw error;
    const user = await restoreSession().catch(() => null);
    for (const listener of sessionListeners) listener(user);
    if (!user) throw error;
    return (await send(method, path, { ...options, renewSession: false })) as T;
  }
}
