import type { Locale } from '@civic/contracts';
import { qualifiedTable, sql } from '@civic/service-kit';
import type { Officials } from '../domain/roles.js';
import { Prisma, type User } from '../generated/prisma/client.js';
import { lockUntilCommit } from './advisory-lock.js';
import { SCHEMA, type Db } from './prisma.js';

export interface NewUserRow {
  email: string;
  userName: string;
  userNameKey: string;
  userNameKeyVersion: number;
  passwordHash: string;
  locale: Locale;
  registrationIpHash: string;
  createdAt: Date;
  moderator: boolean;
}

export const isUniqueViolation = (error: unknown) => error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002';
/** Whether a unique violation is the user name key's (the driver adapter names the index it hit). */
export const isUserNameKeyViolation = (error: unknown) =>
  isUniqueViolation(error) && JSON.stringify((error as Prisma.PrismaClientKnownRequestError).meta ?? {}).includes('user_name_key');

/** Accounts (Prisma's API): reads and writes only; the commands decide and announce. */
export class UserRepository {
  constructor(private readonly db: Db) {}

  findById(id: string): Promise<User | null> {
    return this.db.user.findUnique({ where: { id } });
  }

  getById(id: string): Promise<User> {
    return this.db.user.findUniqueOrThrow({ where: { id } });
  }

  /** The account of an address (deleted accounts have none). */
  findByEmail(email: string): Promise<User | null> {
    return this.db.user.findUnique({ where: { email } });
  }

  async countByEmail(email: string): Promise<number> {
    return this.db.user.count({ where: { email } });
  }

  /** The id of the account holding a user name key, if any. */
  async holderOfNameKey(userNameKey: string): Promise<string | null> {
    return (await this.db.user.findUnique({ where: { userNameKey }, select: { id: true } }))?.id ?? null;
  }

  /** Serialises registrations from one address until the transaction ends. */
  async lockRegistrationIp(ipHash: string): Promise<void> {
    await lockUntilCommit(this.db, `register:${ipHash}`);
  }

  countRegisteredFrom(ipHash: string): Promise<number> {
    return this.db.user.count({ where: { registrationIpHash: ipHash } });
  }

  /** When the accounts registered from an address after `since` were made. */
  async registrationTimesFrom(ipHash: string, since: Date): Promise<Date[]> {
    const rows = await this.db.user.findMany({ where: { registrationIpHash: ipHash, createdAt: { gt: since } }, select: { createdAt: true } });
    return rows.map((row) => row.createdAt);
  }

  /** How many election results were applied (none: the installation is fresh). */
  countAppliedElections(): Promise<number> {
    return this.db.appliedElection.count();
  }

  create(row: NewUserRow): Promise<User> {
    return this.db.user.create({ data: row });
  }

  update(id: string, data: Prisma.UserUpdateInput): Promise<User> {
    return this.db.user.update({ where: { id }, data });
  }

  /** Clears a suspension still running at `now`; false when there was none. */
  async clearRunningSuspension(id: string, now: Date): Promise<boolean> {
    const { count } = await this.db.user.updateMany({ where: { id, suspendedUntil: { gt: now } }, data: { suspendedUntil: null } });
    return count > 0;
  }

  /** Live accounts without a name key, or with one made by a rule older than `version`, oldest first. */
  withoutNameKey(version: number): Promise<{ id: string; userName: string }[]> {
    return this.db.user.findMany({
      where: { deletedAt: null, OR: [{ userNameKey: null }, { userNameKeyVersion: { lt: version } }] },
      select: { id: true, userName: true },
      orderBy: { createdAt: 'asc' },
    });
  }

  /** The account holding a name key, with the version of the rule that made it. */
  findByNameKey(userNameKey: string): Promise<{ id: string; userNameKeyVersion: number } | null> {
    return this.db.user.findUnique({ where: { userNameKey }, select: { id: true, userNameKeyVersion: true } });
  }

  async deleteTokensOf(userId: string): Promise<void> {
    await this.db.userToken.deleteMany({ where: { userId } });
  }
}

const usersTable = qualifiedTable(SCHEMA, 'users');

/** The profile counters the consumers of decisions' and chat's events keep. */
export type ActivityCounter = 'lawsCreated' | 'articlesCreated' | 'chatMessages';

/**
 * The account rows the consumers change, in the consumer's transaction. Each runs at most once per
 * event thanks to the inbox; an event about an account that is not there changes nothing.
 */
export const UserProjections = {
  async latestElectionMonth(tx: Db): Promise<string | null> {
    const latest = await tx.appliedElection.aggregate({ _max: { month: true } });
    return latest._max.month ?? null;
  },

  async recordElection(tx: Db, electionId: string, month: string, now: Date): Promise<void> {
    await tx.appliedElection.createMany({ data: [{ electionId, month, appliedAt: now }], skipDuplicates: true });
  },

  /**
   * Live accounts holding a role or among `ids`, locked until the transaction ends. Tagged SQL:
   * Prisma's API cannot lock the rows it reads (FOR UPDATE).
   */
  async officialsAnd(tx: Db, ids: readonly string[]): Promise<Officials[]> {
    return tx.$queryRaw<Officials[]>(
      sql`SELECT id::text AS id, moderator, scribe FROM ${usersTable}
          WHERE deleted_at IS NULL AND (moderator OR scribe OR id = ANY(${ids}::uuid[])) FOR UPDATE`,
    );
  },

  async setRoles(tx: Db, userId: string, moderator: boolean, scribe: boolean): Promise<void> {
    await tx.user.updateMany({ where: { id: userId }, data: { moderator, scribe } });
  },

  async markMadeProposal(tx: Db, userId: string): Promise<void> {
    await tx.user.updateMany({ where: { id: userId }, data: { madeProposal: true } });
  },

  async increment(tx: Db, userId: string, counter: ActivityCounter): Promise<void> {
    await tx.user.updateMany({ where: { id: userId }, data: { [counter]: { increment: 1 } } });
  },
};
