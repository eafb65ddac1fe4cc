import type { LoginBlock, LoginFailures } from '../domain/login-limits.js';
import type { IdentityPrisma } from './prisma.js';

export interface FailureKeys {
  /** Keyed hash of the normalized email and the client address together. */
  accountAtIp: string;
  /** Keyed hash of the normalized email. */
  account: string;
  /** Keyed hash of the client address. */
  ip: string;
}

export interface FailureCounts extends LoginFailures {
  /** When each counter's oldest failure inside the window happened. */
  oldest: Record<LoginBlock, Date | null>;
}

const PURGE_EVERY_MS = 60_000;

/** Scope column of each counter (the rows of 'account' and 'ip' predate the per-address account count). */
const SCOPES: Record<LoginBlock, string> = { accountAtIp: 'account-ip', account: 'account', ip: 'ip' };

/** Failed logins in PostgreSQL, so every replica sees the same counters. */
export class LoginFailureRepository {
  private lastPurge = 0;

  constructor(private readonly prisma: IdentityPrisma) {}

  async count(keys: FailureKeys, since: Date): Promise<FailureCounts> {
    const counted = (counter: LoginBlock) =>
      this.prisma.loginFailure.aggregate({ where: { scope: SCOPES[counter], keyHash: keys[counter], createdAt: { gt: since } }, _count: true, _min: { createdAt: true } });
    const [accountAtIp, account, ip] = await Promise.all([counted('accountAtIp'), counted('account'), counted('ip')]);
    return {
      accountAtIp: accountAtIp._count,
      account: account._count,
      ip: ip._count,
      oldest: { accountAtIp: accountAtIp._min.createdAt, account: account._min.createdAt, ip: ip._min.createdAt },
    };
  }

  async record(keys: FailureKeys, now: Date, windowStart: Date): Promise<void> {
    await this.prisma.loginFailure.createMany({
      data: (['accountAtIp', 'account', 'ip'] as const).map((counter) => ({ scope: SCOPES[counter], keyHash: keys[counter], createdAt: now })),
    });
    if (now.getTime() - this.lastPurge > PURGE_EVERY_MS) {
      this.lastPurge = now.getTime();
      await this.prisma.loginFailure.deleteMany({ where: { createdAt: { lt: windowStart } } });
    }
  }

  /** Failures counted against an address alone (a registration that hit a taken email). */
  async countIp(ipKey: string, since: Date): Promise<{ count: number; oldest: Date | null }> {
    const ip = await this.prisma.loginFailure.aggregate({ where: { scope: SCOPES.ip, keyHash: ipKey, createdAt: { gt: since } }, _count: true, _min: { createdAt: true } });
    return { count: ip._count, oldest: ip._min.createdAt };
  }

  async recordIp(ipKey: string, now: Date): Promise<void> {
    await this.prisma.loginFailure.create({ data: { scope: SCOPES.ip, keyHash: ipKey, createdAt: now } });
  }

  /** A successful login clears the account's failures (the address's stay counted). */
  async clearAccount(keys: FailureKeys): Promise<void> {
    await this.prisma.loginFailure.deleteMany({
      where: { OR: [{ scope: SCOPES.account, keyHash: keys.account }, { scope: SCOPES.accountAtIp, keyHash: keys.accountAtIp }] },
    });
  }
}
