import type { TokenPurpose } from './one-time-token.js';

/** The kinds of limited mail: those of mail links, and the notice of an attacked account (sent once per lock). */
export type MailPurpose = TokenPurpose | 'login-attack';

/**
 * Mails that anyone can ask for (password reset, verification resend) or that a logged-in member
 * sends to any address (email change) are limited per recipient address and per client address,
 * inside a sliding window.
 */
export interface MailLimits {
  perAddress: number;
  perIp: number;
  windowMs: number;
}

/** Mails asked for inside the window: to the address, and from the client address. */
export interface MailRequestCounts {
  address: number;
  ip: number;
  /** The oldest request of the client address inside the window (for Retry-After). */
  oldestIp: Date | null;
}

/**
 * - `send`: under both limits, the mail goes;
 * - `withhold`: the address had its share: the caller answers exactly as if the mail went (so the
 *   answer reveals nothing about the account) and sends nothing;
 * - `refuse`: the client address had its share: 429 with Retry-After (this says nothing of any account).
 */
export type MailVerdict = 'send' | 'withhold' | 'refuse';

export function judgeMailRequest(counts: MailRequestCounts, limits: MailLimits): MailVerdict {
  if (counts.ip >= limits.perIp) return 'refuse';
  if (counts.address >= limits.perAddress) return 'withhold';
  return 'send';
}

/**
 * What a request counts against: every answered request counts against its client address (so an
 * address cannot keep asking for a withheld mail forever), only a sent mail against the recipient.
 */
export function mailRequestCounts(verdict: MailVerdict): { address: boolean; ip: boolean } {
  return { address: verdict === 'send', ip: verdict !== 'refuse' };
}

export interface MailLimitsConfig {
  MAIL_MAX_PER_ADDRESS: number;
  MAIL_MAX_PER_IP: number;
  MAIL_WINDOW_MINUTES: number;
}

export function mailLimits(config: MailLimitsConfig): MailLimits {
  return { perAddress: config.MAIL_MAX_PER_ADDRESS, perIp: config.MAIL_MAX_PER_IP, windowMs: config.MAIL_WINDOW_MINUTES * 60_000 };
}
