import {
  candidateDateField,
  UserCandidacyChanged,
  UserDeleted,
  UserRegistered,
  UserRenamed,
  UserRoleChanged,
  UserSuspended,
  UserSuspensionLifted,
  UserVerified,
  type CandidateTo,
  type ElectionClosed,
  type ErrorKey,
  type EventPayload,
  type Locale,
} from '@civic/contracts';
import { enqueueEvent, newEvent, type OutboxRelay, type SqlExecutor } from '@civic/service-kit';
import { anonymizedAccount, DELETED_USER_NAME } from '../domain/anonymization.js';
import { formatDate, parseDate, type CandidateDateField } from '../domain/candidacy.js';
import type { TokenPurpose } from '../domain/one-time-token.js';
import { registrationRefusal, REGISTRATION_DAY_MS, type RegistrationLimits } from '../domain/registration.js';
import { isNewerElection, roleChanges, type Officials } from '../domain/roles.js';
import { Prisma, type User } from '../generated/prisma/client.js';
import { AccountTokens } from './account-token.repository.js';
import { SCHEMA, type IdentityPrisma } from './prisma.js';
import { SessionRepository } from './session.repository.js';

export class EmailTakenError extends Error {}

/** Registration refused by a per-IP limit; `key` is the catalogue message. */
export class RegistrationRefusedError extends Error {
  constructor(readonly key: ErrorKey) {
    super(key);
  }
}

export interface NewUser {
  email: string;
  userName: string;
  passwordHash: string;
  locale: Locale;
  /** Keyed hash of the address the request came from. */
  ipHash: string;
  limits: RegistrationLimits;
  /** The account becomes moderator when its email is this one and no election result exists yet. */
  seedModeratorEmail: string;
  verification: { tokenHash: string; expiresAt: Date };
}

export type TokenOutcome = { verdict: 'valid'; user: User } | { verdict: 'expired' | 'invalid' };

const usersTable = `"${SCHEMA}"."users"`;
const isUniqueViolation = (error: unknown) => error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002';

/** Accounts and the events that announce their changes (outbox, same transaction). */
export class UserRepository {
  constructor(
    private readonly prisma: IdentityPrisma,
    private readonly relay: OutboxRelay,
  ) {}

  /** Runs a transaction that may enqueue events, then lets the relay publish them at once. */
  private async write<T>(fn: (tx: Prisma.TransactionClient) => Promise<T>): Promise<T> {
    const result = await this.prisma.$transaction(fn);
    this.relay.wake();
    return result;
  }

  findById(id: string): Promise<User | null> {
    return this.prisma.user.findUnique({ where: { id } });
  }

  /** The account of an address (deleted accounts have none). */
  findByEmail(email: string): Promise<User | null> {
    return this.prisma.user.findUnique({ where: { email } });
  }

  /**
   * Creates the account, its verification token and its `identity.user.registered` event in one
   * transaction, after checking the per-IP limits under a lock on that IP (two simultaneous
   * registrations from one address cannot both pass the last free place).
   */
  async register(input: NewUser, now: Date): Promise<User> {
    try {
      return await this.write(async (tx) => {
        await tx.$queryRaw`SELECT 1 AS locked FROM (SELECT pg_advisory_xact_lock(hashtextextended(${`register:${input.ipHash}`}, 0))) AS l`;
        const [total, lastDay] = await Promise.all([
          tx.user.count({ where: { registrationIpHash: input.ipHash } }),
          tx.user.count({ where: { registrationIpHash: input.ipHash, createdAt: { gt: new Date(now.getTime() - REGISTRATION_DAY_MS) } } }),
        ]);
        const refusal = registrationRefusal({ total, lastDay }, input.limits);
        if (refusal) throw new RegistrationRefusedError(refusal);
        const seeded = input.seedModeratorEmail !== '' && input.email === input.seedModeratorEmail && (await tx.appliedElection.count()) === 0;
        const user = await tx.user.create({
          data: {
            email: input.email,
            userName: input.userName,
            passwordHash: input.passwordHash,
            locale: input.locale,
            registrationIpHash: input.ipHash,
            createdAt: now,
            moderator: seeded,
          },
        });
        await AccountTokens.create(tx, { userId: user.id, purpose: 'verify-account', ...input.verification }, now);
        await enqueueEvent(tx, SCHEMA, newEvent(UserRegistered, { userId: user.id, userName: user.userName, registeredAt: user.createdAt.toISOString() }, now));
        if (seeded) await enqueueEvent(tx, SCHEMA, newEvent(UserRoleChanged, { userId: user.id, moderator: true, scribe: false }, now));
        return user;
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new EmailTakenError();
      throw error;
    }
  }

  /** A new mail link for the user (verification, password reset or email change). */
  async createToken(userId: string, purpose: TokenPurpose, tokenHash: string, expiresAt: Date, now: Date, newEmail?: string): Promise<void> {
    await this.prisma.$transaction((tx) => AccountTokens.create(tx, { userId, purpose, tokenHash, expiresAt, ...(newEmail ? { newEmail } : {}) }, now));
  }

  /** Follows a verification link: the account becomes verified (once) and `identity.user.verified` is published. */
  verify(tokenHash: string, now: Date): Promise<TokenOutcome> {
    return this.write(async (tx) => {
      const consumed = await AccountTokens.consume(tx, tokenHash, 'verify-account', now);
      if (consumed.verdict !== 'valid') return { verdict: consumed.verdict };
      const current = await tx.user.findUnique({ where: { id: consumed.token.userId } });
      if (!current || current.deletedAt) return { verdict: 'invalid' };
      if (current.verifiedAt) return { verdict: 'valid', user: current };
      const user = await tx.user.update({ where: { id: current.id }, data: { verifiedAt: now } });
      await AccountTokens.retire(tx, user.id, 'verify-account', now);
      await enqueueEvent(tx, SCHEMA, newEvent(UserVerified, { userId: user.id, verifiedAt: now.toISOString() }, now));
      return { verdict: 'valid', user };
    });
  }

  /** Follows a password-reset link: new password, older links retired, every session ended. */
  resetPassword(tokenHash: string, passwordHash: string, now: Date): Promise<TokenOutcome> {
    return this.write(async (tx) => {
      const consumed = await AccountTokens.consume(tx, tokenHash, 'password-reset', now);
      if (consumed.verdict !== 'valid') return { verdict: consumed.verdict };
      const current = await tx.user.findUnique({ where: { id: consumed.token.userId } });
      if (!current || current.deletedAt) return { verdict: 'invalid' };
      const user = await tx.user.update({ where: { id: current.id }, data: { passwordHash } });
      await AccountTokens.retire(tx, user.id, 'password-reset', now);
      await SessionRepository.revokeAllOf(tx, user.id, 'password-reset', now);
      return { verdict: 'valid', user };
    });
  }

  /** A new password chosen by the logged-in owner: the other sessions end, pending reset links stop working. */
  changePassword(userId: string, passwordHash: string, keepSessionId: string, now: Date): Promise<void> {
    return this.write(async (tx) => {
      await tx.user.update({ where: { id: userId }, data: { passwordHash } });
      await AccountTokens.retire(tx, userId, 'password-reset', now);
      await SessionRepository.revokeAllOf(tx, userId, 'password-change', now, keepSessionId);
    });
  }

  /** Follows an email-change link (sent to the new address): the account takes that address. */
  async confirmEmailChange(tokenHash: string, now: Date): Promise<TokenOutcome> {
    try {
      return await this.write(async (tx) => {
        const consumed = await AccountTokens.consume(tx, tokenHash, 'email-change', now);
        if (consumed.verdict !== 'valid') return { verdict: consumed.verdict };
        const current = await tx.user.findUnique({ where: { id: consumed.token.userId } });
        if (!current || current.deletedAt || !consumed.token.newEmail) return { verdict: 'invalid' };
        const user = await tx.user.update({ where: { id: current.id }, data: { email: consumed.token.newEmail } });
        await AccountTokens.retire(tx, user.id, 'email-change', now);
        return { verdict: 'valid', user };
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new EmailTakenError();
      throw error;
    }
  }

  async isEmailTaken(email: string): Promise<boolean> {
    return (await this.prisma.user.count({ where: { email } })) > 0;
  }

  /** Stands for (date) or withdraws from (null) a role; `identity.user.candidacy-changed` when it changes. */
  setCandidacy(userId: string, candidateTo: CandidateTo, field: CandidateDateField, date: string | null, now: Date): Promise<User> {
    return this.write(async (tx) => {
      const current = await tx.user.findUniqueOrThrow({ where: { id: userId } });
      if (formatDate(current[field]) === date) return current;
      const user = await tx.user.update({ where: { id: userId }, data: { [field]: date === null ? null : parseDate(date) } });
      await enqueueEvent(tx, SCHEMA, newEvent(UserCandidacyChanged, { userId, userName: user.userName, candidateTo, candidateDate: date }, now));
      return user;
    });
  }

  /** Name and mail language; `identity.user.renamed` when the name changes. */
  editProfile(userId: string, changes: { userName?: string; locale?: Locale }, now: Date): Promise<User> {
    return this.write(async (tx) => {
      const current = await tx.user.findUniqueOrThrow({ where: { id: userId } });
      const user = await tx.user.update({ where: { id: userId }, data: changes });
      if (user.userName !== current.userName) {
        await enqueueEvent(tx, SCHEMA, newEvent(UserRenamed, { userId, userName: user.userName }, now));
      }
      return user;
    });
  }

  /** Anonymizes the account, ends its sessions, drops its links and announces `identity.user.deleted`. */
  delete(userId: string, now: Date): Promise<void> {
    return this.write(async (tx) => {
      const before = await tx.user.findUniqueOrThrow({ where: { id: userId } });
      await tx.user.update({ where: { id: userId }, data: anonymizedAccount(now) });
      // Consumers that follow only roles or candidacies learn the account holds neither any more.
      if (before.moderator || before.scribe) {
        await enqueueEvent(tx, SCHEMA, newEvent(UserRoleChanged, { userId, moderator: false, scribe: false }, now));
      }
      for (const [to, field] of Object.entries(candidateDateField)) {
        if (before[field] !== null) {
          const candidateTo = Number(to) as CandidateTo;
          await enqueueEvent(tx, SCHEMA, newEvent(UserCandidacyChanged, { userId, userName: DELETED_USER_NAME, candidateTo, candidateDate: null }, now));
        }
      }
      await SessionRepository.revokeAllOf(tx, userId, 'account-deleted', now);
      await tx.userToken.deleteMany({ where: { userId } });
      await enqueueEvent(tx, SCHEMA, newEvent(UserDeleted, { userId, deletedAt: now.toISOString() }, now));
    });
  }

  suspend(userId: string, until: Date, now: Date): Promise<User> {
    return this.write(async (tx) => {
      const user = await tx.user.update({ where: { id: userId }, data: { suspendedUntil: until } });
      await enqueueEvent(tx, SCHEMA, newEvent(UserSuspended, { userId, until: until.toISOString() }, now));
      return user;
    });
  }

  /** Ends a running suspension; false (and no event) when the user was not suspended. */
  liftSuspension(userId: string, now: Date): Promise<boolean> {
    return this.write(async (tx) => {
      const { count } = await tx.user.updateMany({ where: { id: userId, suspendedUntil: { gt: now } }, data: { suspendedUntil: null } });
      if (count === 0) return false;
      await enqueueEvent(tx, SCHEMA, newEvent(UserSuspensionLifted, { userId }, now));
      return true;
    });
  }

  /**
   * The first moderator of a fresh installation: the account of SEED_MODERATOR_EMAIL becomes
   * moderator as long as no election result was applied (after that, only elections set roles).
   */
  async seedModerator(email: string, now: Date): Promise<boolean> {
    if (!email) return false;
    return this.write(async (tx) => {
      if ((await tx.appliedElection.count()) > 0) return false;
      const user = await tx.user.findUnique({ where: { email } });
      if (!user || user.moderator || user.deletedAt) return false;
      await tx.user.update({ where: { id: user.id }, data: { moderator: true } });
      await enqueueEvent(tx, SCHEMA, newEvent(UserRoleChanged, { userId: user.id, moderator: true, scribe: user.scribe }, now));
      return true;
    });
  }
}

interface OfficialRow {
  id: string;
  moderator: boolean;
  scribe: boolean;
}

/**
 * Effects of other services' events, applied inside the consumer's transaction (raw SQL: the
 * consumer hands a plain SQL executor). Each runs at most once per event thanks to the inbox.
 */
export const UserProjections = {
  /** Sets the moderator and scribe flags to exactly the elected sets and announces each change. */
  async applyElection(tx: SqlExecutor, result: EventPayload<typeof ElectionClosed>, now: Date): Promise<number> {
    const [latest] = await tx.$queryRawUnsafe<{ month: string | null }[]>(`SELECT max(month) AS month FROM "${SCHEMA}"."applied_election"`);
    await tx.$executeRawUnsafe(
      `INSERT INTO "${SCHEMA}"."applied_election" (election_id, month, applied_at) VALUES ($1::uuid, $2, $3::timestamptz) ON CONFLICT DO NOTHING`,
      result.electionId,
      result.month,
      now.toISOString(),
    );
    if (!isNewerElection(result.month, latest?.month ?? null)) return 0;
    const elected = [...result.elected.moderators, ...result.elected.scribes];
    const rows = await tx.$queryRawUnsafe<OfficialRow[]>(
      `SELECT id::text AS id, moderator, scribe FROM ${usersTable}
       WHERE deleted_at IS NULL AND (moderator OR scribe OR id = ANY($1::uuid[])) FOR UPDATE`,
      elected,
    );
    const changes = roleChanges(rows satisfies Officials[], result.elected);
    for (const change of changes) {
      await tx.$executeRawUnsafe(`UPDATE ${usersTable} SET moderator = $2, scribe = $3 WHERE id = $1::uuid`, change.userId, change.moderator, change.scribe);
      await enqueueEvent(tx, SCHEMA, newEvent(UserRoleChanged, change, now));
    }
    return changes.length;
  },

  async markMadeProposal(tx: SqlExecutor, userId: string): Promise<void> {
    await tx.$executeRawUnsafe(`UPDATE ${usersTable} SET made_proposal = true WHERE id = $1::uuid`, userId);
  },

  async increment(tx: SqlExecutor, userId: string, counter: 'laws_created' | 'articles_created' | 'chat_messages'): Promise<void> {
    await tx.$executeRawUnsafe(`UPDATE ${usersTable} SET ${counter} = ${counter} + 1 WHERE id = $1::uuid`, userId);
  },
};
