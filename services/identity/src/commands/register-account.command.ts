import type { ErrorKey, Locale } from '@civic/contracts';
import { accountRegistered } from '../domain/account-events.js';
import { registrationRefusal, registrationRetryAfterSeconds, REGISTRATION_DAY_MS, type RegistrationLimits } from '../domain/registration.js';
import type { User } from '../generated/prisma/client.js';
import { AccountTokens } from '../store/account-token.repository.js';
import { isUniqueViolation, isUserNameKeyViolation, UserRepository } from '../store/user.repository.js';
import { linkAt, type NewLink } from './token-access.js';
import { unitOfWork, type CommandDeps } from './unit-of-work.js';

export class EmailTakenError extends Error {}

/** The user name's key (src/domain/user-name.ts) belongs to another account. */
export class UserNameTakenError extends Error {}

/** Registration refused by a per-IP limit; `key` is the catalogue message, `retryAfterSeconds` when it ends (the daily limit). */
export class RegistrationRefusedError extends Error {
  constructor(
    readonly key: ErrorKey,
    readonly retryAfterSeconds?: number,
  ) {
    super(key);
  }
}

export interface NewUser {
  email: string;
  userName: string;
  /** The name's uniqueness key (src/domain/user-name.ts) and the version of its rule. */
  userNameKey: string;
  userNameKeyVersion: number;
  passwordHash: string;
  locale: Locale;
  /** Keyed hash of the address the request came from. */
  ipHash: string;
  limits: RegistrationLimits;
  /** The account becomes moderator when its email is this one and no election result exists yet. */
  seedModeratorEmail: string;
  verification: NewLink;
}

/**
 * Creates the account, its verification link and its `identity.user.registered` event in one
 * transaction, after checking the per-IP limits under a lock on that IP (two simultaneous
 * registrations from one address cannot both pass the last free place).
 */
export async function registerAccount(deps: CommandDeps, input: NewUser): Promise<User> {
  const now = deps.clock();
  try {
    return await unitOfWork(deps, async (tx, events) => {
      const users = new UserRepository(tx);
      await users.lockRegistrationIp(input.ipHash);
      const [total, lastDay] = await Promise.all([
        users.countRegisteredFrom(input.ipHash),
        users.registrationTimesFrom(input.ipHash, new Date(now.getTime() - REGISTRATION_DAY_MS)),
      ]);
      const refusal = registrationRefusal({ total, lastDay: lastDay.length }, input.limits);
      if (refusal === 'tooManyAccountsSameDay') throw new RegistrationRefusedError(refusal, registrationRetryAfterSeconds(lastDay, input.limits, now));
      if (refusal) throw new RegistrationRefusedError(refusal);
      if (await users.holderOfNameKey(input.userNameKey)) throw new UserNameTakenError();
      const seeded = input.seedModeratorEmail !== '' && input.email === input.seedModeratorEmail && (await users.countAppliedElections()) === 0;
      const user = await users.create({
        email: input.email,
        userName: input.userName,
        userNameKey: input.userNameKey,
        userNameKeyVersion: input.userNameKeyVersion,
        passwordHash: input.passwordHash,
        locale: input.locale,
        registrationIpHash: input.ipHash,
        createdAt: now,
        moderator: seeded,
      });
      await AccountTokens.create(tx, { userId: user.id, purpose: 'verify-account', ...linkAt(input.verification, now) }, now);
      events.push(...accountRegistered(user, input.locale, seeded, deps.published, now));
      return user;
    });
  } catch (error) {
    if (isUserNameKeyViolation(error)) throw new UserNameTakenError();
    if (isUniqueViolation(error)) throw new EmailTakenError();
    throw error;
  }
}
