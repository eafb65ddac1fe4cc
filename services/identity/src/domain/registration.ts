import { Limits } from '@civic/contracts';

/** Emails are compared case-insensitively and without surrounding spaces. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** User names keep their case but lose surrounding and repeated inner spaces. */
export function normalizeUserName(userName: string): string {
  return userName.trim().replace(/\s+/g, ' ');
}

/** argon2id with the parameters of ARCHITECTURE section 4 (m = 19 MiB, t = 2, p = 1). */
export const PASSWORD_HASH_OPTIONS = { memoryCost: 19 * 1024, timeCost: 2, parallelism: 1 } as const;

export const registrationLimits = {
  password: Limits.password,
  userName: Limits.userName,
  emailMax: 254,
} as const;
