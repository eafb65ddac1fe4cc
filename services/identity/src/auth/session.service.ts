import argon2 from 'argon2';
import { randomBytes } from 'node:crypto';
import type { RevocationList } from '@civic/service-kit';
import { failedAttemptAnswer, loginBlockedBy, retryAfterSeconds, type LoginBlock, type LoginLimits } from '../domain/login-limits.js';
import { PASSWORD_HASH_OPTIONS } from '../domain/registration.js';
import { hashToken, keyedHash, newSecretToken } from '../domain/secrets.js';
import { judgeRefreshToken, roleOf, type SessionPolicy } from '../domain/session.js';
import { isSuspended } from '../domain/suspension.js';
import type { User } from '../generated/prisma/client.js';
import { endSession } from '../commands/end-session.command.js';
import { openSession } from '../commands/open-session.command.js';
import { rotateRefreshToken } from '../commands/rotate-refresh-token.command.js';
import { liveAccount } from '../commands/session-access.js';
import type { CommandDeps } from '../commands/unit-of-work.js';
import type { LoginFailureRepository } from '../store/login-failure.repository.js';
import { SessionRepository } from '../store/session.repository.js';
import { UserRepository } from '../store/user.repository.js';
import type { AccessTokens, SessionAuthUser } from './access-tokens.js';

/** Cookie values a response must set. `refresh` is absent when only the access token is renewed. */
export interface IssuedTokens {
  sessionId: string;
  access: { token: string; expiresAt: Date };
  refresh?: { token: string; expiresAt: Date };
}

export type LoginResult =
  | { kind: 'ok'; user: User; issued: IssuedTokens }
  | { kind: 'wrong' }
  | { kind: 'blocked'; by: LoginBlock; retryAfterSeconds: number };

export type RestoreResult =
  /** The caller's session, with the tokens to set when they were renewed. */
  | { kind: 'user'; user: User; issued?: IssuedTokens }
  /** No session (none presented, ended, expired): a visitor; stale cookies are cleared. */
  | { kind: 'none' }
  /** A rotated refresh token was replayed: the session was ended. */
  | { kind: 'reuse' };

export interface SessionServiceOptions {
  /** The commands' dependencies: the database, the clock, the session lengths. */
  commands: CommandDeps;
  failures: LoginFailureRepository;
  tokens: AccessTokens;
  /** The revocations identity itself published, as every service follows them. */
  revocations: RevocationList;
  policy: SessionPolicy;
  limits: LoginLimits;
  /** Taken emails a client address may hit at registration inside the login window before it waits. */
  registrationConflictsPerIp: number;
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
    const { failures, limits, hashKey, commands } = this.options;
    const now = this.now();
    const keys = {
      accountAtIp: keyedHash(hashKey, `login:${email}|ip:${ip}`),
      account: keyedHash(hashKey, `login:${email}`),
      ip: keyedHash(hashKey, `ip:${ip}`),
    };
    const windowStart = new Date(now.getTime() - limits.windowMs);
    const counts = await failures.count(keys, windowStart);
    const blockedBy = loginBlockedBy(counts, limits);
    if (blockedBy) {
      return { kind: 'blocked', by: blockedBy, retryAfterSeconds: retryAfterSeconds(counts.oldest[blockedBy], now, limits.windowMs) };
    }
    const user = await new UserRepository(commands.db).findByEmail(email);
    const matches = user?.passwordHash ? await argon2.verify(user.passwordHash, password) : await this.dummyVerify(password);
    if (!user || !matches) {
      await failures.record(keys, now, windowStart);
      if (failedAttemptAnswer(counts.ip + 1, limits) === 'ip') {
        return { kind: 'blocked', by: 'ip', retryAfterSeconds: retryAfterSeconds(counts.oldest.ip, now, limits.windowMs) };
      }
      return { kind: 'wrong' };
    }
    await failures.clearAccount(keys);
    return { kind: 'ok', user, issued: await this.open(user) };
  }

  /**
   * Registration probes: an address whose attempts keep hitting taken emails (or failing logins) is
   * refused for the rest of the window, so the "Email already registered" answer cannot be used to
   * enumerate accounts. Answers the Retry-After seconds while blocked, else null.
   */
  async registrationBlocked(ip: string): Promise<number | null> {
    const { failures, limits, hashKey, registrationConflictsPerIp } = this.options;
    const now = this.now();
    const { count, oldest } = await failures.countIp(keyedHash(hashKey, `ip:${ip}`), new Date(now.getTime() - limits.windowMs));
    return count >= registrationConflictsPerIp ? retryAfterSeconds(oldest, now, limits.windowMs) : null;
  }

  async recordRegistrationProbe(ip: string): Promise<void> {
    await this.options.failures.recordIp(keyedHash(this.options.hashKey, `ip:${ip}`), this.now());
  }

  /** Opens a new session for the user (login, verified account, confirmed email). */
  async open(user: User): Promise<IssuedTokens> {
    const refreshToken = newSecretToken();
    const session = await openSession(this.options.commands, user.id, hashToken(refreshToken));
    return {
      sessionId: session.id,
      access: await this.access(user, session.id),
      refresh: { token: refreshToken, expiresAt: session.expiresAt },
    };
  }

  /**
   * The session of a caller: a valid access token of a live session that still tells the truth
   * answers at once; otherwise the refresh token is rotated (with a new access token), or recognised
   * as replayed.
   */
  async restore(accessToken: string | undefined, refreshToken: string | undefined): Promise<RestoreResult> {
    const { commands, tokens, policy } = this.options;
    const now = this.now();
    const sessions = new SessionRepository(commands.db);
    if (accessToken) {
      const auth = await tokens.verify(accessToken).catch(() => null);
      if (auth) {
        const user = await liveAccount(commands, auth.sessionId, auth.id, now);
        if (user && this.stillTrue(auth, user, now)) return { kind: 'user', user };
      }
    }
    if (!refreshToken) return { kind: 'none' };

    const presented = await sessions.findByToken(hashToken(refreshToken));
    if (!presented) return { kind: 'none' };
    const verdict = judgeRefreshToken(presented.token, presented.session, now, policy);
    if (verdict === 'reuse') {
      await endSession(commands, presented.session.id, 'reuse');
      return { kind: 'reuse' };
    }
    if (verdict === 'ended') return { kind: 'none' };

    const user = await new UserRepository(commands.db).findById(presented.session.userId);
    if (!user || user.deletedAt) return { kind: 'none' };
    if (verdict === 'grace') {
      return { kind: 'user', user, issued: { sessionId: presented.session.id, access: await this.access(user, presented.session.id) } };
    }
    const next = newSecretToken();
    if (!(await rotateRefreshToken(commands, presented, hashToken(next)))) {
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
    const { commands, tokens } = this.options;
    const ended = new Set<string>();
    if (refreshToken) {
      const presented = await new SessionRepository(commands.db).findByToken(hashToken(refreshToken));
      if (presented) ended.add(presented.session.id);
    }
    if (accessToken) {
      const auth = await tokens.verify(accessToken).catch(() => null);
      if (auth) ended.add(auth.sessionId);
    }
    for (const sessionId of ended) await endSession(commands, sessionId, 'logout');
  }

  /**
   * Whether the other services still take the token and what it says of the account holds. Another
   * service refusing it sends the client here: it must then get a new one, not the same back. A
   * suspended member's token may predate the suspension (refused everywhere): it is renewed too.
   */
  private stillTrue(auth: SessionAuthUser, user: User, now: Date): boolean {
    return (
      !this.options.revocations.denies(auth) &&
      auth.name === user.userName &&
      auth.role === roleOf(user) &&
      auth.verified === (user.verifiedAt !== null) &&
      !isSuspended(user.suspendedUntil, now)
    );
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
