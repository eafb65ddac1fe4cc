import type { LoginCounter, ReauthFailures } from '../domain/login-limits.js';
import type { Db, IdentityPrisma } from './prisma.js';

/** The keyed hashes each counter is kept under. */
export interface FailureKeys {
  /** Keyed hash of the normalized email and the client address together. */
  accountAtIp: string;
  /** Keyed hash of the normalized email. */
  account: string;
  /** Keyed hash of the client address. */
  ip: string;
  /** Keyed hash of the device id of a valid device cookie; absent without one. */
  device?: string;
}

export interface ReauthKeys {
  session: string;
  account: string;
  accountAtIp: string;
}

export interface CountedFailures {
  count: number;
  oldest: Date | null;
  latest: Date | null;
}

type Counter = LoginCounter | 'reauthSession' | 'reauthAccount';

const PURGE_EVERY_MS = 60_000;

/** Scope column of each counter (the rows of 'account' and 'ip' predate the per-address account count). */
const SCOPES: Record<Counter, string> = {
  accountAtIp: 'account-ip',
  account: 'account',
  ip: 'ip',
  device: 'device',
  reauthSession: 'reauth-session',
  reauthAccount: 'reauth-account',
};

const NONE: CountedFailures = { count: 0, oldest: null, latest: null };

/** Failed logins and current-password checks in PostgreSQL, so every replica sees the same counters. */
export class LoginFailureRepository {
  private lastPurge = 0;

  constructor(private readonly prisma: IdentityPrisma) {}

  private async counted(counter: Counter, keyHash: string | undefined, since: Date): Promise<CountedFailures> {
    if (keyHash === undefined) return NONE;
    const found = await this.prisma.loginFailure.aggregate({
      where: { scope: SCOPES[counter], keyHash, createdAt: { gt: since } },
      _count: true,
      _min: { createdAt: true },
      _max: { createdAt: true },
    });
    return { count: found._count, oldest: found._min.createdAt, latest: found._max.createdAt };
  }

  async count(keys: FailureKeys, since: Date): Promise<Record<LoginCounter, CountedFailures>> {
    const [accountAtIp, account, ip, device] = await Promise.all([
      this.counted('accountAtIp', keys.accountAtIp, since),
      this.counted('account', keys.account, since),
      this.counted('ip', keys.ip, since),
      this.counted('device', keys.device, since),
    ]);
    return { accountAtIp, account, ip, device };
  }

  /** Counts a failure against each of `counters` (those of the attempt's source). */
  async record(keys: FailureKeys, counters: readonly LoginCounter[], now: Date, windowStart: Date): Promise<void> {
    const data = counters.flatMap((counter) => {
      const keyHash = keys[counter];
      return keyHash === undefined ? [] : [{ scope: SCOPES[counter], keyHash, createdAt: now }];
    });
    await this.prisma.loginFailure.createMany({ data });
    await this.purge(now, windowStart);
  }

  async countReauth(keys: ReauthKeys, since: Date): Promise<Record<keyof ReauthFailures, CountedFailures>> {
    const [session, account, accountAtIp] = await Promise.all([
      this.counted('reauthSession', keys.session, since),
      this.counted('reauthAccount', keys.account, since),
      this.counted('accountAtIp', keys.accountAtIp, since),
    ]);
    return { session, account, accountAtIp };
  }

  async recordReauth(keys: ReauthKeys, now: Date, windowStart: Date): Promise<void> {
    await this.prisma.loginFailure.createMany({
      data: [
        { scope: SCOPES.reauthSession, keyHash: keys.session, createdAt: now },
        { scope: SCOPES.reauthAccount, keyHash: keys.account, createdAt: now },
        { scope: SCOPES.accountAtIp, keyHash: keys.accountAtIp, createdAt: now },
      ],
    });
    await this.purge(now, windowStart);
  }

  private async purge(now: Date, windowStart: Date): Promise<void> {
    if (now.getTime() - this.lastPurge > PURGE_EVERY_MS) {
      this.lastPurge = now.getTime();
      await this.prisma.loginFailure.deleteMany({ where: { createdAt: { lt: windowStart } } });
    }
  }

  /** Failures counted against an address alone (a registration that hit a taken email). */
  async countIp(ipKey: string, since: Date): Promise<{ count: number; oldest: Date | null }> {
    const { count, oldest } = await this.counted('ip', ipKey, since);
    return { count, oldest };
  }

  async recordIp(ipKey: string, now: Date): Promise<void> {
    await this.prisma.loginFailure.create({ data: { scope: SCOPES.ip, keyHash: ipKey, createdAt: now } });
  }

  /**
   * A successful login clears the failures of the place it came from (the account from that address,
   * the device). The account's failures from unknown places stay: a member logging in from home must
   * not reopen the guessing from elsewhere.
   */
  async clearPlace(keys: FailureKeys): Promise<void> {
    await this.prisma.loginFailure.deleteMany({
      where: {
        OR: [{ scope: SCOPES.accountAtIp, keyHash: keys.accountAtIp }, ...(keys.device ? [{ scope: SCOPES.device, keyHash: keys.device }] : [])],
      },
    });
  }
}

/** In a command's transaction: a password reset ends the lock of the account (its failures from unknown places). */
export async function clearAccountLock(tx: Db, accountKey: string): Promise<void> {
  await tx.loginFailure.deleteMany({ where: { scope: SCOPES.account, keyHash: accountKey } });
}
