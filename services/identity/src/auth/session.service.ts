import argon2 from 'argon2';
import { randomBytes } from 'node:crypto';
import { loginBlockedBy, retryAfterSeconds, type LoginLimits } from '../domain/login-limits.js';
import { PASSWORD_HASH_OPTIONS } from '../domain/registration.js';
import { hashToken, keyedHash, newSecretToken } from '../domain/secrets.js';
import { judgeRefreshToken, roleOf, type SessionPolicy } from '../domain/session.js';
import type { User } from '../generated/prisma/client.js';
import type { LoginFailureRepository } from '../store/login-failure.repository.js';
import type { SessionRepository } from '../store/session.repository.js';
import type { UserRepository } from '../store/user.repository.js';
import type { AccessTokens } from './access-tokens.js';

/** Cookie values a response must set. `refresh` is absent when only the access token is renewed. */
export interface IssuedTokens {
  sessionId: string;
  access: { token: string; expiresAt: Date };
  refresh?: { token: string; expiresAt: Date };
}

export type LoginResult =
  | { kind: 'ok'; user: User; issued: IssuedTokens }
  | { kind: 'wrong' }
  | { kind: 'blocked'; by: 'account' | 'ip'; retryAfterSeconds: number };

export type RestoreResult =
  /** The caller's session, with the tokens to set when they were renewed. */
  | { kind: 'user'; user: User; issued?: IssuedTokens }
  /** No session (none presented, ended, expired): a visitor; stale cookies are cleared. */
  | { kind: 'none' }
  /** A rotated refresh token was replayed: the session was ended. */
  | { kind: 'reuse' };

export interface SessionServiceOptions {
  users: UserRepository;
  sessions: SessionRepository;
  failures: LoginFailureRepository;
  tokens: AccessTokens;
  policy: SessionPolicy;
  limits: LoginLimits;
  /** Key of the keyed hashes of emails and IP addresses in the failure counters. */
  hashKey: string;
  clock: () => Date;
}

/**
 * Logging in, restoring and ending sessions. An access token (short) proves who the caller is to
 * every service; a refresh token (long, rotated at each use, kept hashed) renews it.
 */
export class SessionService {
  private dummyHash: Promise<string> | null = null;

  constructor(private readonly options: SessionServiceOptions) {}

  private now(): Date {
    return this.options.clock();
  }

  async login(email: string, password: string, ip: string): Promise<LoginResult> {
    const { failures, limits, hashKey, users } = this.options;
    const now = this.now();
    const keys = { account: keyedHash(hashKey, `login:${email}`), ip: keyedHash(hashKey, `ip:${ip}`) };
    const windowStart = new Date(now.getTime() - limits.windowMs);
    const counts = await failures.count(keys, windowStart);
    const blockedBy = loginBlockedBy(counts, limits);
    if (blockedBy) {
      const oldest = blockedBy === 'account' ? counts.oldestAccount : counts.oldestIp;
      return { kind: 'blocked', by: blockedBy, retryAfterSeconds: retryAfterSeconds(oldest, now, limits.windowMs) };
    }
    const user = await users.findByEmail(email);
    const matches = user?.passwordHash ? await argon2.verify(user.passwordHash, password) : await this.dummyVerify(password);
    if (!user || !matches) {
      await failures.record(keys, now, windowStart);
      return { kind: 'wrong' };
    }
    await failures.clearAccount(keys.account);
    return { kind: 'ok', user, issued: await this.open(user) };
  }

  /**
   * Registration probes: an address whose attempts keep hitting taken emails (or failing logins) is
   * refused for the rest of the window, so the "Email already registered" answer cannot be used to
   * enumerate accounts. Answers the Retry-After seconds while blocked, else null.
   */
  async registrationBlocked(ip: string): Promise<number | null> {
    const { failures, limits, hashKey } = this.options;
    const now = this.now();
    const { count, oldest } = await failures.countIp(keyedHash(hashKey, `ip:${ip}`), new Date(now.getTime() - limits.windowMs));
    return count >= limits.perIp ? retryAfterSeconds(oldest, now, limits.windowMs) : null;
  }

  async recordRegistrationProbe(ip: string): Promise<void> {
    await this.options.failures.recordIp(keyedHash(this.options.hashKey, `ip:${ip}`), this.now());
  }

  /** Opens a new session for the user (login, verified account, confirmed email). */
  async open(user: User): Promise<IssuedTokens> {
    const now = this.now();
    const refreshToken = newSecretToken();
    const session = await this.options.sessions.open(user.id, hashToken(refreshToken), now);
    return {
      sessionId: session.id,
      access: await this.access(user, session.id),
      refresh: { token: refreshToken, expiresAt: session.expiresAt },
    };
  }

  /**
   * The session of a caller: a valid access token of a live session answers at once; otherwise the
   * refresh token is rotated (with a new access token), or recognised as replayed.
   */
  async restore(accessToken: string | undefined, refreshToken: string | undefined): Promise<RestoreResult> {
    const { users, sessions, tokens, policy } = this.options;
    const now = this.now();
    if (accessToken) {
      const auth = await tokens.verify(accessToken).catch(() => null);
      if (auth) {
        const user = await sessions.liveAccount(auth.sessionId, auth.id, now);
        if (user) return { kind: 'user', user };
      }
    }
    if (!refreshToken) return { kind: 'none' };

    const presented = await sessions.findByToken(hashToken(refreshToken));
    if (!presented) return { kind: 'none' };
    const verdict = judgeRefreshToken(presented.token, presented.session, now, policy);
    if (verdict === 'reuse') {
      await sessions.revoke(presented.session.id, 'reuse', now);
      return { kind: 'reuse' };
    }
    if (verdict === 'ended') return { kind: 'none' };

    const user = await users.findById(presented.session.userId);
    if (!user || user.deletedAt) return { kind: 'none' };
    if (verdict === 'grace') {
      return { kind: 'user', user, issued: { sessionId: presented.session.id, access: await this.access(user, presented.session.id) } };
    }
    const next = newSecretToken();
    if (!(await sessions.rotate(presented, hashToken(next), now))) {
      // Another request rotated it between our read and our write: it is that request's to answer.
      return this.restore(undefined, refreshToken);
    }
    return {
      kind: 'user',
      user,
      issued: {
        sessionId: presented.session.id,
        access: await this.access(user, presented.session.id),
        refresh: { token: next, expiresAt: presented.session.expiresAt },
      },
    };
  }

  /** Ends the session(s) the presented tokens belong to. */
  async logout(accessToken: string | undefined, refreshToken: string | undefined): Promise<void> {
    const { sessions, tokens } = this.options;
    const now = this.now();
    const ended = new Set<string>();
    if (refreshToken) {
      const presented = await sessions.findByToken(hashToken(refreshToken));
      if (presented) ended.add(presented.session.id);
    }
    if (accessToken) {
      const auth = await tokens.verify(accessToken).catch(() => null);
      if (auth) ended.add(auth.sessionId);
    }
    for (const sessionId of ended) await sessions.revoke(sessionId, 'logout', now);
  }

  /** An access token carrying the account's current name, role and verification. */
  access(user: User, sessionId: string): Promise<{ token: string; expiresAt: Date }> {
    return this.options.tokens.sign({ userId: user.id, userName: user.userName, role: roleOf(user), verified: user.verifiedAt !== null, sessionId });
  }

  /**
   * For an unknown email, verify against a hash of the same cost, so the answer takes as long as
   * for a wrong password and does not reveal which addresses have accounts.
   */
  private async dummyVerify(password: string): Promise<false> {
    this.dummyHash ??= argon2.hash(randomBytes(16).toString('hex'), { type: argon2.argon2id, ...PASSWORD_HASH_OPTIONS });
    await argon2.verify(await this.dummyHash, password);
    return false;
  }
}
