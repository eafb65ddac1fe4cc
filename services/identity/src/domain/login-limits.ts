/**
 * Failed logins inside the window (docs/product.md#audience-and-accounts: login is rate-limited per
 * account and per IP). Members of a household or a school share one address, and one account's
 * failures never refuse another account's correct login: an account is judged by its own failures.
 *
 * Where an attempt comes from decides which failures judge it, so that guesses against an account
 * cannot lock its member out:
 * - from a device the member logged in with (its signed device cookie, domain/login-device.ts): only
 *   that device's failures;
 * - from an address the member logged in from: only the account's failures from that address;
 * - from anywhere else (unknown): the account's failures from that address, and the account's
 *   failures from unknown places, which first slow guesses down (each waits longer after the latest
 *   failure) and then stop them for the window; past the address-wide threshold (many accounts tried
 *   from one address: credential stuffing, password spraying), an account that already failed from
 *   that address gets no further attempt from it until the window slides, and every failed attempt is
 *   answered as refused rather than as a wrong password.
 */
export interface LoginFailures {
  /** This account's failures from this address. */
  accountAtIp: number;
  /** This account's failures from unknown places (guessing spread over many addresses). */
  account: number;
  /** Every account's failures from this address. */
  ip: number;
  /** Failures presented with this device cookie. */
  device: number;
}

export interface LoginLimits {
  perAccountAtIp: number;
  perAccount: number;
  perIp: number;
  /** The account's failures from unknown places after which each further guess waits (slowdownDelayMs). */
  slowdownAfter: number;
  windowMs: number;
}

/** Where a login attempt comes from, for the account it names. */
export type LoginSource = 'device' | 'knownAddress' | 'unknown';

export type LoginCounter = keyof LoginFailures;
export type LoginBlock = LoginCounter | 'slowdown';

/** The counters a failed attempt from `source` adds to. */
export function countersOfFailure(source: LoginSource): LoginCounter[] {
  if (source === 'device') return ['device', 'accountAtIp', 'ip'];
  if (source === 'knownAddress') return ['accountAtIp', 'ip'];
  return ['accountAtIp', 'account', 'ip'];
}

/** The longest wait between two guesses from unknown places once they are slowed down. */
export const MAX_SLOWDOWN_MS = 30_000;

/** The wait after the latest failure once the account counts `failures` from unknown places: 1 s, 2 s, 4 s... up to 30 s. */
export function slowdownDelayMs(failures: number, limits: Pick<LoginLimits, 'slowdownAfter'>): number {
  if (failures < limits.slowdownAfter) return 0;
  return Math.min(MAX_SLOWDOWN_MS, 1000 * 2 ** Math.min(16, failures - limits.slowdownAfter));
}

export interface LoginRefusalNow {
  by: LoginBlock;
  retryAfterSeconds: number;
}

export interface FailureTimes {
  /** When each counter's oldest failure inside the window happened. */
  oldest: Record<LoginCounter, Date | null>;
  /** The account's latest failure from unknown places. */
  latestAccount: Date | null;
}

/** Which limit refuses another attempt now, and for how long; null when the password may be checked. Checked before the password, so refused attempts cost nothing. */
export function loginRefusal(failures: LoginFailures, times: FailureTimes, source: LoginSource, limits: LoginLimits, now: Date): LoginRefusalNow | null {
  const over = (by: LoginCounter): LoginRefusalNow => ({ by, retryAfterSeconds: retryAfterSeconds(times.oldest[by], now, limits.windowMs) });
  if (source === 'device') return failures.device >= limits.perAccountAtIp ? over('device') : null;
  if (failures.accountAtIp >= limits.perAccountAtIp) return over('accountAtIp');
  if (source === 'knownAddress') return null;
  if (failures.account >= limits.perAccount) return over('account');
  if (failures.ip >= limits.perIp && failures.accountAtIp > 0) return over('ip');
  const delay = slowdownDelayMs(failures.account, limits);
  if (delay > 0 && times.latestAccount) {
    const waitMs = times.latestAccount.getTime() + delay - now.getTime();
    if (waitMs > 0) return { by: 'slowdown', retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
  }
  return null;
}

/** Whether a failed attempt, once counted, is answered as a wrong password or refused by the address limit. */
export function failedAttemptAnswer(ipFailuresWithThisOne: number, limits: Pick<LoginLimits, 'perIp'>): 'wrong' | 'ip' {
  return ipFailuresWithThisOne >= limits.perIp ? 'ip' : 'wrong';
}

/** Whether this failure (from an unknown place) is the one that locks the account for the window: its member is told once per lock. */
export function locksAccount(source: LoginSource, accountFailuresBefore: number, limits: Pick<LoginLimits, 'perAccount'>): boolean {
  return source === 'unknown' && accountFailuresBefore + 1 === limits.perAccount;
}

/**
 * Current-password checks (password change, email change, account deletion) share the login limits:
 * after `perAccountAtIp` failures for the session, for the account, or for the account from this
 * address (login failures included), the check is refused, the right password too, until the window slides.
 */
export interface ReauthFailures {
  session: number;
  account: number;
  accountAtIp: number;
}

export function reauthRefusal(failures: ReauthFailures, oldest: Record<keyof ReauthFailures, Date | null>, limits: Pick<LoginLimits, 'perAccountAtIp' | 'windowMs'>, now: Date): number | null {
  const over = (Object.keys(failures) as (keyof ReauthFailures)[]).filter((counter) => failures[counter] >= limits.perAccountAtIp);
  if (over.length === 0) return null;
  return Math.max(...over.map((counter) => retryAfterSeconds(oldest[counter], now, limits.windowMs)));
}

/** Seconds until the oldest counted failure leaves the window (the Retry-After value). */
export function retryAfterSeconds(oldestFailure: Date | null, now: Date, windowMs: number): number {
  if (!oldestFailure) return Math.ceil(windowMs / 1000);
  return Math.max(1, Math.ceil((oldestFailure.getTime() + windowMs - now.getTime()) / 1000));
}
