/**
 * Which page origins may open the chat socket: the public URL's origin and CORS_ORIGINS. Pure, so
 * it is unit-tested.
 *
 * A handshake without Origin is let through: browsers send Origin on every WebSocket handshake and
 * on every cross-origin request, but not on a same-origin GET such as the long-polling handshake,
 * and a client that is not a browser can write any Origin it likes anyway. The check stops what it
 * is for: a page of another site opening a socket with the visitor's cookie.
 */
export function socketOrigins(publicUrl: string, corsOrigins: string): ReadonlySet<string> {
  const origins = corsOrigins
    .split(',')
    .map((origin) => normalized(origin))
    .filter((origin) => origin.length > 0);
  return new Set([normalized(publicUrl), ...origins]);
}

/** `origin` (the handshake's header) may open a socket. */
export function isAllowedSocketOrigin(origin: string | undefined, allowed: ReadonlySet<string>): boolean {
  if (origin === undefined) return true;
  return allowed.has(normalized(origin));
}

/** The origin as browsers write it (lower case, no default port, no trailing slash); unparsable ones stay as given. */
function normalized(origin: string): string {
  const trimmed = origin.trim();
  try {
    return new URL(trimmed).origin;
  } catch {
    return trimmed;
  }
}
