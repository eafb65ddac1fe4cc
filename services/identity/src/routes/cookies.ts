import type { FastifyReply, FastifyRequest } from 'fastify';
import type {} from '@fastify/cookie';
import { ACCESS_COOKIE, SECURE_ACCESS_COOKIE } from '@civic/service-kit';
import { DEVICE_COOKIE_DAYS } from '../domain/login-device.js';
import type { CookieNames } from '../domain/session.js';
import type { IssuedTokens } from '../auth/session.service.js';

/**
 * Session cookies: HttpOnly (scripts never see the tokens), SameSite=Lax, Path=/ and, when
 * COOKIE_SECURE=true, Secure with the `__Host-` prefix.
 */
export class SessionCookies {
  constructor(
    readonly names: CookieNames,
    private readonly secure: boolean,
    private readonly clock: () => Date,
  ) {}

  private options(expiresAt: Date) {
    const maxAge = Math.max(0, Math.round((expiresAt.getTime() - this.clock().getTime()) / 1000));
    return { httpOnly: true, sameSite: 'lax' as const, path: '/', secure: this.secure, maxAge };
  }

  set(reply: FastifyReply, issued: IssuedTokens): void {
    reply.setCookie(this.names.access, issued.access.token, this.options(issued.access.expiresAt));
    if (issued.refresh) reply.setCookie(this.names.refresh, issued.refresh.token, this.options(issued.refresh.expiresAt));
  }

  /**
   * The login device cookie (domain/login-device.ts), renewed at each login; logging out keeps it,
   * as the browser stays one the member used.
   */
  setDevice(reply: FastifyReply, value: string): void {
    reply.setCookie(this.names.device, value, { httpOnly: true, sameSite: 'lax', path: '/', secure: this.secure, maxAge: DEVICE_COOKIE_DAYS * 24 * 3600 });
  }

  /** A deleted account's device cookie names nothing any more. */
  clearDevice(reply: FastifyReply): void {
    reply.clearCookie(this.names.device, { httpOnly: true, sameSite: 'lax', path: '/', secure: this.secure });
  }

  deviceCookie(request: FastifyRequest): string | undefined {
    return request.cookies[this.names.device];
  }

  clear(reply: FastifyReply): void {
    const options = { httpOnly: true, sameSite: 'lax' as const, path: '/', secure: this.secure };
    reply.clearCookie(this.names.access, options);
    reply.clearCookie(this.names.refresh, options);
  }

  /** The access token of the request: a Bearer header, else either access cookie. */
  accessToken(request: FastifyRequest): string | undefined {
    const header = request.headers.authorization;
    if (header?.startsWith('Bearer ')) return header.slice('Bearer '.length).trim();
    return request.cookies[this.names.access] ?? request.cookies[SECURE_ACCESS_COOKIE] ?? request.cookies[ACCESS_COOKIE];
  }

  refreshToken(request: FastifyRequest): string | undefined {
    return request.cookies[this.names.refresh];
  }

  /** Whether the request carried any session cookie (so that clearing them means something). */
  hasAny(request: FastifyRequest): boolean {
    return this.accessToken(request) !== undefined || this.refreshToken(request) !== undefined;
  }
}
