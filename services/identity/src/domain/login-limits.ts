/** Failed logins inside the window (ARCHITECTURE section 4: login is rate-limited per account and per IP). */
export interface LoginFailures {
  account: number;
  ip: number;
}

export interface LoginLimits {
  perAccount: number;
  perIp: number;
  windowMs: number;
}

/** Which limit blocks another attempt, or null. Checked before the password, so blocked attempts cost nothing. */
export function loginBlockedBy(failures: LoginFailures, limits: LoginLimits): 'account' | 'ip' | null {
  if (failures.account >= limits.perAccount) return 'account';
  if (failures.ip >= limits.perIp) return 'ip';
  return null;
}

/** Seconds until the oldest counted failure leaves the window (the Retry-After value). */
export function retryAfterSeconds(oldestFailure: Date | null, now: Date, windowMs: number): number {
  if (!oldestFailure) return Math.ceil(windowMs / 1000);
  return Math.max(1, Math.ceil((oldestFailure.getTime() + windowMs - now.getTime()) / 1000));
}
