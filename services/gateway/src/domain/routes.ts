/**
 * Which upstream serves which path. Pure data and one lookup, no I/O: app.ts registers one proxy
 * per entry, and the router picks the most specific prefix, as `upstreamFor` does here.
 */
export const UPSTREAMS = ['identity', 'decisions', 'elections', 'chat', 'notifications'] as const;
export type UpstreamName = (typeof UPSTREAMS)[number];

export interface RouteRule {
  /** Path prefix, matched on segment boundaries: `/api/users` covers `/api/users/1`, not `/api/usersx`. */
  readonly prefix: string;
  readonly upstream: UpstreamName;
  /** Also proxies websocket upgrades (socket.io). */
  readonly websocket: boolean;
  /**
   * Answers stay open for minutes (socket.io long-polling, server-sent events): served through the
   * realtime pool, whose connections follow the number of clients and whose timeouts are long.
   */
  readonly longLived: boolean;
}

const rule = (prefix: string, upstream: UpstreamName, kind: 'request' | 'stream' | 'websocket' = 'request'): RouteRule => ({
  prefix,
  upstream,
  websocket: kind === 'websocket',
  longLived: kind !== 'request',
});

/** Most specific prefix first. The full path is forwarded: upstreams serve `/api/...` themselves. */
export const ROUTES: readonly RouteRule[] = Object.freeze([
  rule('/api/users/notifications/stream', 'notifications', 'stream'),
  rule('/api/users/notifications', 'notifications'),
  rule('/api/login', 'identity'),
  rule('/api/users', 'identity'),
  rule('/api/auth', 'identity'),
  rule('/api/candidates', 'elections'),
  rule('/api/elections', 'elections'),
  rule('/api/decisions', 'decisions'),
  rule('/api/proposals', 'decisions'),
  rule('/api/laws', 'decisions'),
  rule('/api/sources', 'decisions'),
  rule('/api/kanban', 'decisions'),
  rule('/api/chat', 'chat'),
  rule('/socket.io', 'chat', 'websocket'),
]);

/** Everything the gateway answers for the API; unknown paths under it are a 404 of the gateway. */
export const API_PREFIX = '/api';

function covers(prefix: string, path: string): boolean {
  if (!path.startsWith(prefix)) return false;
  const next = path.charCodeAt(prefix.length);
  // end of path, '/' or '?'
  return Number.isNaN(next) || next === 47 || next === 63;
}

/** The rule that serves `path` (a URL path, query allowed), or undefined when none does. */
export function routeFor(path: string, routes: readonly RouteRule[] = ROUTES): RouteRule | undefined {
  let best: RouteRule | undefined;
  for (const candidate of routes) {
    if (covers(candidate.prefix, path) && (best === undefined || candidate.prefix.length > best.prefix.length)) {
      best = candidate;
    }
  }
  return best;
}

/** The upstream that serves `path`, or undefined. */
export function upstreamFor(path: string): UpstreamName | undefined {
  return routeFor(path)?.upstream;
}
