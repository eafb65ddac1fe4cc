import type { LoginFailures } from '../domain/login-limits.js';
import type { IdentityPrisma } from './prisma.js';

export interface FailureKeys {
  /** Keyed hash of the normalized email. */
  account: string;
  /** Keyed hash of the client address. */
  ip: string;
}

export interface FailureCounts extends LoginFailures {
  oldestAccount: Date | null;
  oldestIp: Date | null;
}

const PURGE_EVERY_MS = 60_000;

/** Failed logins in PostgreSQL, so every replica sees the same counters. */
export class LoginFailureRepository {
  private lastPurge = 0;

  constructor(private readonly prisma: IdentityPrisma) {}

  async count(keys: FailureKeys, since: Date): Promise<FailureCounts> {
    const [account, ip] = await Promise.all([
      this.prisma.loginFailure.aggregate({ where: { scope: 'account', keyHash: keys.account, createdAt: { gt: since } }, _count: true, _min: { createdAt: true } }),
      this.prisma.loginFailure.aggregate({ where: { scope: 'ip', keyHash: keys.ip, createdAt: { gt: since } }, _count: true, _min: { createdAt: true } }),
    ]);
    return { account: account._count, ip: ip._count, oldestAccount: account._min.createdAt, oldestIp: ip._min.createdAt };
  }

  async record(keys: FailureKeys, now: Date, windowStart: Date): Promise<void> {
    await this.prisma.loginFailure.createMany({
      data: [
        { scope: 'account', keyHash: keys.account, createdAt: now },
        { scope: 'ip', keyHash: keys.ip, createdAt: now },
      ],
    });
    if (now.getTime() - this.lastPurge > PURGE_EVERY_MS) {
      this.lastPurge = now.getTime();
      await this.prisma.loginFailure.deleteMany({ where: { createdAt: { lt: windowStart } } });
    }
  }

  /** Failures counted against an address alone (a registration that hit a taken email). */
  async countIp(ipKey: string, since: Date): Promise<{ count: number; oldest: Date | null }> {
    const ip = await this.prisma.loginFailure.aggregate({ where: { scope: 'ip', keyHash: ipKey, createdAt: { gt: since } }, _count: true, _min: { createdAt: true } });
    return { count: ip._count, oldest: ip._min.createdAt };
  }

  async recordIp(ipKey: string, now: Date): Promise<void> {
    await this.prisma.loginFailure.create({ data: { scope: 'ip', keyHash: ipKey, createdAt: now } });
  }

  /** A successful login clears the account's failures (the IP's stay counted). */
  async clearAccount(accountKey: string): Promise<void> {
    await this.prisma.loginFailure.deleteMany({ where: { scope: 'account', keyHash: accountKey } });
  }
}
