/**
 * What mail links are for; each purpose has its own lifetime. `email-undo` goes to the old address
 * when an email change is asked, and keeps (or brings back) that address.
 */
export type TokenPurpose = 'verify-account' | 'password-reset' | 'email-change' | 'email-undo';

export interface OneTimeToken {
  expiresAt: Date;
  usedAt: Date | null;
}

/** `invalid` covers unknown, already used and superseded links; `expired` a link past its lifetime. */
export type TokenVerdict = 'valid' | 'expired' | 'invalid';

export function judgeOneTimeToken(token: OneTimeToken | null, now: Date): TokenVerdict {
  if (!token || token.usedAt) return 'invalid';
  return now.getTime() >= token.expiresAt.getTime() ? 'expired' : 'valid';
}

export function expiresAfter(now: Date, ms: number): Date {
  return new Date(now.getTime() + ms);
}
