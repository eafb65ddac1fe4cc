import Type, { type Static } from 'typebox';
import { BaseConfigProperties, JwtConfigProperties } from '@civic/service-kit';

/**
 * Settings of the identity service. Every default suits a local run over http; production sets at
 * least COOKIE_SECURE=true, IP_HASH_KEY (a long random secret), PUBLIC_URL, SMTP_URL and MAIL_FROM.
 */
/** The IP_HASH_KEY of local runs; the service warns at start when it is still in use. */
export const DEVELOPMENT_IP_HASH_KEY = 'local-development-ip-hash-key-change-me';

export const IdentityConfig = Type.Object({
  ...BaseConfigProperties,
  ...JwtConfigProperties,
  PORT: Type.Integer({ minimum: 0, maximum: 65535, default: 4001 }),

  /** Where mail goes out: smtp://host:port (or smtps://user:pass@host:465). `pnpm start` points it at a local catcher. */
  SMTP_URL: Type.String({ pattern: '^smtps?://', default: 'smtp://127.0.0.1:1025' }),
  MAIL_FROM: Type.String({ minLength: 3, default: 'Civic platform <no-reply@localhost>' }),
  /** Origin the browser uses (the gateway), for the links in mails: `${PUBLIC_URL}/verify-account?token=...`. */
  PUBLIC_URL: Type.String({ pattern: '^https?://[^\\s]+$', default: 'http://localhost:8080' }),

  /**
   * true when the site is served over https: cookies get `Secure` and the `__Host-` prefix.
   * false (default) only for local http, where browsers would drop Secure cookies.
   */
  COOKIE_SECURE: Type.Boolean({ default: false }),
  /**
   * Identity's secret: key of the HMAC-SHA256 that turns IP addresses (and login e-mail keys) into the
   * hashes kept for the per-IP limits, and that signs the login device cookies. Operators must set a
   * random secret of 32+ characters; the default is for local runs only.
   */
  IP_HASH_KEY: Type.String({ minLength: 16, default: DEVELOPMENT_IP_HASH_KEY }),

  MAX_ACCOUNTS_PER_IP: Type.Integer({ minimum: 1, default: 5 }),
  MAX_ACCOUNTS_PER_IP_PER_DAY: Type.Integer({ minimum: 1, default: 2 }),
  /**
   * Failed logins allowed inside LOGIN_WINDOW_MINUTES before 429: for one account from one address
   * (and from one of the member's devices), and for one account from places its member never logged
   * in from (then only the member's devices and addresses may still try). Past
   * LOGIN_SLOWDOWN_AFTER_FAILURES of the latter, each further guess from such places waits longer
   * after the previous one (1 s, doubling, at most 30 s). Past LOGIN_MAX_FAILURES_PER_IP failures from
   * one address across accounts (credential stuffing), failed attempts from it are answered 429 and an
   * account that failed from there gets no more attempts from it; the correct login of an account
   * without failures from that address (a household, a school) is never refused.
   */
  LOGIN_MAX_FAILURES_PER_ACCOUNT_AT_IP: Type.Integer({ minimum: 1, default: 10 }),
  LOGIN_MAX_FAILURES_PER_ACCOUNT: Type.Integer({ minimum: 1, default: 30 }),
  LOGIN_MAX_FAILURES_PER_IP: Type.Integer({ minimum: 1, default: 50 }),
  LOGIN_SLOWDOWN_AFTER_FAILURES: Type.Integer({ minimum: 1, default: 10 }),
  /** Registrations hitting a taken email allowed per address inside LOGIN_WINDOW_MINUTES (account enumeration). */
  REGISTRATION_MAX_CONFLICTS_PER_IP: Type.Integer({ minimum: 1, default: 30 }),
  LOGIN_WINDOW_MINUTES: Type.Integer({ minimum: 1, default: 15 }),

  REFRESH_TOKEN_DAYS: Type.Integer({ minimum: 1, default: 30 }),
  SESSION_IDLE_DAYS: Type.Integer({ minimum: 1, default: 7 }),
  /**
   * A refresh token presented again within this many seconds of its rotation (two tabs restoring at
   * once) gets a new access token instead of ending the session; later, it counts as reuse.
   */
  REFRESH_REUSE_GRACE_SECONDS: Type.Integer({ minimum: 0, default: 10 }),
  VERIFICATION_TOKEN_HOURS: Type.Integer({ minimum: 1, default: 24 }),
  PASSWORD_RESET_TOKEN_MINUTES: Type.Integer({ minimum: 1, default: 60 }),
  EMAIL_CHANGE_TOKEN_HOURS: Type.Integer({ minimum: 1, default: 24 }),
  /** How long the link sent to the old address when an email change is asked can keep (or bring back) that address. */
  EMAIL_UNDO_DAYS: Type.Integer({ minimum: 1, default: 7 }),

  /**
   * Mails of each kind (password reset, verification resend, email change) per recipient address and
   * per client address inside MAIL_WINDOW_MINUTES. Over the address limit the answer stays the same
   * and no mail goes; over the client-address limit the answer is 429.
   */
  MAIL_MAX_PER_ADDRESS: Type.Integer({ minimum: 1, default: 3 }),
  MAIL_MAX_PER_IP: Type.Integer({ minimum: 1, default: 20 }),
  MAIL_WINDOW_MINUTES: Type.Integer({ minimum: 1, default: 60 }),

  /** Time zone of the monthly elections: candidacy dates are the first day of the current month there. */
  ELECTIONS_TIME_ZONE: Type.String({ minLength: 1, default: 'Europe/Paris' }),
  /** E-mail of the first moderator of a fresh installation (before any election result); empty = none. */
  SEED_MODERATOR_EMAIL: Type.String({ default: '' }),
});
export type IdentityConfig = Static<typeof IdentityConfig>;
