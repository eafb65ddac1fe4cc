/**
 * The socket handshake: which page origins may open a socket, and who the socket's member is (the
 * access token of the handshake, checked once; an expired or invalid one leaves a visitor who is
 * told why when they try to act).
 */
import type { DraftTextKind } from '@civic/contracts';
import { ACCESS_COOKIE, SECURE_ACCESS_COOKIE, type AuthUser, type TokenVerifier } from '@civic/service-kit';
import type { FastifyBaseLogger } from 'fastify';
import type { ServerOptions, Socket } from 'socket.io';
import { isAllowedSocketOrigin } from '../domain/origins.js';

export interface SocketUser extends AuthUser {
  /** Token expiry, epoch ms. */
  expiresAt: number;
}

export interface SocketData {
  user: SocketUser | null;
  authProblem: 'tokenExpired' | 'invalidToken' | null;
  /**
   * The law whose drafting page the socket is on (`draft:here`), what its member edits there, and
   * when they said so (the newest of a member's sockets names what they edit). Plain values: other
   * pods read them through the adapter (presence, docs/co-drafting.md#presence).
   */
  drafting?: { lawId: string; editing: { kind: DraftTextKind; textId: string } | null; at: number } | null;
}

export type ChatSocket = Socket<Record<string, never>, Record<string, (...args: never[]) => void>, Record<string, never>, SocketData>;

/** The room of every socket of one member, and that of the members who muted an author. */
export const userRoom = (userId: string) => `user:${userId}`;
export const mutingRoom = (authorId: string) => `muting:${authorId}`;
export const isChatRoom = (name: string) => name.startsWith('cycle:') || name.startsWith('law:');

function cookieValue(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const index = part.indexOf('=');
    if (index > 0 && part.slice(0, index).trim() === name) {
      try {
        return decodeURIComponent(part.slice(index + 1).trim());
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

/** The access token of a handshake: `auth.token` (scripts, tests), else the access cookie the browser sends. */
function handshakeToken(socket: Socket): string | undefined {
  const auth = socket.handshake.auth as { token?: unknown } | undefined;
  if (typeof auth?.token === 'string' && auth.token) return auth.token;
  const cookie = socket.handshake.headers.cookie;
  return cookieValue(cookie, SECURE_ACCESS_COOKIE) ?? cookieValue(cookie, ACCESS_COOKIE);
}

function expiryOf(token: string): number {
  try {
    const exp = (JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as { exp?: unknown }).exp;
    return typeof exp === 'number' ? exp * 1000 : 0;
  } catch {
    return 0;
  }
}

/**
 * socket.io's `allowRequest`: refused while shutting down, and from an origin not allowed. Checked
 * here too, not only by the gateway: a pod is reachable by whatever routes to it.
 */
export function allowedRequests(allowedOrigins: ReadonlySet<string>, closing: () => boolean, log: FastifyBaseLogger): NonNullable<ServerOptions['allowRequest']> {
  return (request, callback) => {
    const { origin } = request.headers;
    if (closing()) return callback('shutting down', false);
    if (isAllowedSocketOrigin(origin, allowedOrigins)) return callback(null, true);
    log.info({ origin }, 'socket handshake refused: origin not allowed');
    callback('origin not allowed', false);
  };
}

/** The middleware that reads the handshake's token into `socket.data`; every handshake goes on. */
export function authenticate(verifier: TokenVerifier) {
  return async (raw: Socket, next: (error?: Error) => void): Promise<void> => {
    const socket = raw as ChatSocket;
    socket.data.user = null;
    socket.data.authProblem = null;
    const token = handshakeToken(socket);
    if (token) {
      try {
        socket.data.user = { ...(await verifier.verify(token)), expiresAt: expiryOf(token) };
      } catch (error) {
        socket.data.authProblem = (error as { code?: unknown }).code === 'ERR_JWT_EXPIRED' ? 'tokenExpired' : 'invalidToken';
      }
    }
    next();
  };
}
