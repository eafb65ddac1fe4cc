/**
 * Failed logins inside the window (docs/product.md#audience-and-accounts: login is rate-limited per account and per
 * IP). Members of a household or a school share one address, and one account's failures never refuse
 * another account's correct login: an account is judged by its own failures. Past the address-wide
 * threshold (many accounts tried from one address: credential stuffing, password spraying), an account
 * that already failed from that address gets no further attempt from it until the window slides, and
 * every failed attempt is answered as refused rather than as a wrong password.
 */
export interface LoginFailures {
  /** This account's failures from this address. */
  accountAtIp: number;
  /** This account's failures from every address (guessing spread over many addresses). */
  account: number;
  /** Every account's failures from this address. */
  ip: number;
}

export interface LoginLimits {
  perAccountAtIp: number;
  perAccount: number;
  perIp: number;
  windowMs: number;
}

export type LoginBlock = 'accountAtIp' | 'account' | 'ip';

/** Which limit blocks another attempt, or null. Checked before the password, so blocked attempts cost nothing. */
export function loginBlockedBy(failures: LoginFailures, limits: LoginLimits): LoginBlock | null {
  if (failures.accountAtIp >= limits.perAccountAtIp) return 'accountAtIp';
  if (failures.account >= limits.perAccount) return 'account';
  if (failures.ip >= limits.perIp && failures.accountAtIp > 0) return 'ip';
  return null;
}

/** Whether a failed attempt, once counted, is answered as a wrong password or refused by the address limit. */
export function failedAttemptAnswer(ipFailuresWithThisOne: number, limits: Pick<LoginLimits, 'perIp'>): 'wrong' | 'ip' {
  return ipFailuresWithThisOne >= limits.perIp ? 'ip' : 'wrong';
}

/** Seconds until the oldest counted failure leaves the window (the Retry-After value). */
export function retryAfterSeconds(oldestFailure: Date | null, now: Date, windowMs: number): number {
  if (!oldestFailure) return Math.ceil(windowMs / 1000);
  return Math.max(1, Math.ceil((oldestFailure.getTime() + windowMs - now.getTime()) / 1000));
}
