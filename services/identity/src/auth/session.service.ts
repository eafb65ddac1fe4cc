import argon2 from 'argon2';
import { randomBytes } from 'node:crypto';
import type { RevocationList } from '@civic/service-kit';
import { KNOWN_ADDRESS_DAYS, newDeviceId, readDevice, signDevice } from '../domain/login-device.js';
import {
  countersOfFailure,
  failedAttemptAnswer,
  locksAccount,
  loginRefusal,
  reauthRefusal,
  retryAfterSeconds,
  type LoginBlock,
  type LoginLimits,
  type LoginSource,
} from '../domain/login-limits.js';
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
import { KnownAddresses } from '../store/known-address.repository.js';
import type { FailureKeys, LoginFailureRepository, ReauthKeys } from '../store/login-failure.repository.js';
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
  /** Logged in; `device` is the device cookie to set (domain/login-device.ts). */
  | { kind: 'ok'; user: User; issued: IssuedTokens; device: string }
  /** A wrong email or password; `locked` is the account this failure locked, whose member is told. */
  | { kind: 'wrong'; locked: User | null }
  | { kind: 'blocked'; by: LoginBlock; retryAfterSeconds: number }
  /** The right password of an account whose email change was undone: it must be reset first. */
  | { kind: 'resetRequired' };

/** An id no account has: the known-address lookup runs for unknown emails too, so both take as long. */
const NO_ACCOUNT = '00000000-0000-0000-0000-000000000000';
const DAY_MS = 24 * 3600_000;

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

  /**
   * Checks a password against the limits of the place the attempt comes from (domain/login-limits.ts):
   * the member's own device (`deviceCookie`), an address she logged in from, or anywhere else.
   */
  async login(email: string, password: string, ip: string, deviceCookie?: string): Promise<LoginResult> {
    const { failures, limits, hashKey, commands } = this.options;
    const now = this.now();
    const windowStart = new Date(now.getTime() - limits.windowMs);
    const user = await new UserRepository(commands.db).findByEmail(email);
    const device = readDevice(hashKey, deviceCookie);
    const ownDevice = device && user && device.userId === user.id ? device : null;
    const ipHash = keyedHash(hashKey, `ip:${ip}`);
    const knownAddress = await KnownAddresses.has(commands.db, user?.id ?? NO_ACCOUNT, ipHash, new Date(now.getTime() - KNOWN_ADDRESS_DAYS * DAY_MS));
    const source: LoginSource = ownDevice ? 'device' : knownAddress ? 'knownAddress' : 'unknown';
    const keys: FailureKeys = {
      accountAtIp: keyedHash(hashKey, `login:${email}|ip:${ip}`),
      account: keyedHash(hashKey, `login:${email}`),
      ip: ipHash,
      ...(ownDevice ? { device: keyedHash(hashKey, `device:${ownDevice.deviceId}`) } : {}),
    };
    const counted = await failures.count(keys, windowStart);
    const counts = { accountAtIp: counted.accountAtIp.count, account: counted.account.count, ip: counted.ip.count, device: counted.device.count };
    const oldest = { accountAtIp: counted.accountAtIp.oldest, account: counted.account.oldest, ip: counted.ip.oldest, device: counted.device.oldest };
    const refusal = loginRefusal(counts, { oldest, latestAccount: counted.account.latest }, source, limits, now);
    if (refusal) return { kind: 'blocked', ...refusal };

    const matches = user?.passwordHash ? await argon2.verify(user.passwordHash, password) : await this.dummyVerify(password);
    if (!user || !matches) {
      await failures.record(keys, countersOfFailure(source), now, windowStart);
      if (failedAttemptAnswer(counts.ip + 1, limits) === 'ip') {
        return { kind: 'blocked', by: 'ip', retryAfterSeconds: retryAfterSeconds(oldest.ip, now, limits.windowMs) };
      }
      return { kind: 'wrong', locked: user && locksAccount(source, counts.account, limits) ? user : null };
    }
    if (user.passwordResetRequired) return { kind: 'resetRequired' };
    await failures.clearPlace(keys);
    return {
      kind: 'ok',
      user,
      issued: await this.open(user, ipHash),
      device: this.deviceCookieFor(user, deviceCookie),
    };
  }

  /**
   * Seconds to wait before the current password may be checked again for this session (password
   * change, email change, account deletion), or null: these checks share the login limits.
   */
  async reauthenticationBlocked(account: { id: string; email: string }, sessionId: string, ip: string): Promise<number | null> {
    const { failures, limits } = this.options;
    const now = this.now();
    const counted = await failures.countReauth(this.reauthKeys(account, sessionId, ip), new Date(now.getTime() - limits.windowMs));
    return reauthRefusal(
      { session: counted.session.count, account: counted.account.count, accountAtIp: counted.accountAtIp.count },
      { session: counted.session.oldest, account: counted.account.oldest, accountAtIp: counted.accountAtIp.oldest },
      limits,
      now,
    );
  }

  async recordReauthenticationFailure(account: { id: string; email: string }, sessionId: string, ip: string): Promise<void> {
    const now = this.now();
    await this.options.failures.recordReauth(this.reauthKeys(account, sessionId, ip), now, new Date(now.getTime() - this.options.limits.windowMs));
  }

  private reauthKeys(account: { id: string; email: string }, sessionId: string, ip: string): ReauthKeys {
    const { hashKey } = this.options;
    return {
      session: keyedHash(hashKey, `reauth-session:${sessionId}`),
      account: keyedHash(hashKey, `reauth-account:${account.id}`),
      // The key of the account's login failures from this address: both kinds of guesses share it.
      accountAtIp: keyedHash(hashKey, `login:${account.email}|ip:${ip}`),
    };
  }

  /** The device cookie to set for a login of `user`: the presented one's device when it is this account's, else a new device. */
  deviceCookieFor(user: User, presented: string | undefined): string {
    const device = readDevice(this.options.hashKey, presented);
    return signDevice(this.options.hashKey, { userId: user.id, deviceId: device?.userId === user.id ? device.deviceId : newDeviceId() });
  }

  /** The key of an account's failures from unknown places, which a password reset clears. */
  accountLockKey(email: string): string {
    return keyedHash(this.options.hashKey, `login:${email}`);
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

  /**
   * Opens a new session for the user (login, verified account, confirmed email); a password login
   * gives the keyed hash of its address, which the account then knows.
   */
  async open(user: User, ipHash?: string): Promise<IssuedTokens> {
    const refreshToken = newSecretToken();
    const now = this.now();
    const place = ipHash ? { ipHash, forgetBefore: new Date(now.getTime() - KNOWN_ADDRESS_DAYS * DAY_MS) } : undefined;
    const session = await openSession(this.options.commands, user.id, hashToken(refreshToken), place);
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
