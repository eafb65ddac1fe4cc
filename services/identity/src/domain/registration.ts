import { Limits, locales, type ErrorKey, type Locale } from '@civic/contracts';

/** Emails are compared case-insensitively and without surrounding spaces. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** User names keep their case but lose surrounding and repeated inner spaces. */
export function normalizeUserName(userName: string): string {
  return userName.trim().replace(/\s+/g, ' ');
}

/** argon2id with the parameters of docs/architecture.md#security (m = 19 MiB, t = 2, p = 1). */
export const PASSWORD_HASH_OPTIONS = { memoryCost: 19 * 1024, timeCost: 2, parallelism: 1 } as const;

export const registrationLimits = {
  password: Limits.password,
  userName: Limits.userName,
  emailMax: 254,
} as const;

const isLocale = (value: string): value is Locale => (locales as readonly string[]).includes(value);

/**
 * The language of the user's mails: the one asked for in the form, else the locale cookie of the
 * interface, else the best match of Accept-Language (by q value), else English.
 */
export function pickLocale(explicit: string | undefined, cookie: string | undefined, acceptLanguage: string | undefined): Locale {
  if (explicit && isLocale(explicit)) return explicit;
  if (cookie && isLocale(cookie.toLowerCase())) return cookie.toLowerCase() as Locale;
  const ranges = (acceptLanguage ?? '')
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const weight = q ? Number(q.slice(2)) : 1;
      return { language: tag.trim().toLowerCase().split('-')[0] ?? '', weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((range) => range.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  for (const { language } of ranges) if (isLocale(language)) return language;
  return 'en';
}

export interface AccountsFromIp {
  /** Accounts ever registered from the address (deleted ones included). */
  total: number;
  /** Accounts registered from it in the last 24 hours. */
  lastDay: number;
}

export interface RegistrationLimits {
  perIp: number;
  perIpPerDay: number;
}

export const REGISTRATION_DAY_MS = 24 * 3600_000;

/**
 * Seconds until the address may register again under the daily limit: when enough of the last day's
 * registrations (oldest first) have left the 24 hours. The lifetime limit has no such moment.
 */
export function registrationRetryAfterSeconds(lastDayRegistrations: Date[], limits: RegistrationLimits, now: Date): number {
  const sorted = [...lastDayRegistrations].sort((a, b) => a.getTime() - b.getTime());
  const freeing = sorted[sorted.length - limits.perIpPerDay];
  if (!freeing) return 1;
  return Math.max(1, Math.ceil((freeing.getTime() + REGISTRATION_DAY_MS - now.getTime()) / 1000));
}

/** Why one more account from this address is refused, or null when it is allowed. */
export function registrationRefusal(accounts: AccountsFromIp, limits: RegistrationLimits): ErrorKey | null {
  if (accounts.total >= limits.perIp) return 'tooManyAccountsSameIp';
  if (accounts.lastDay >= limits.perIpPerDay) return 'tooManyAccountsSameDay';
  return null;
}
