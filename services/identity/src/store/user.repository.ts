import { UserRegistered } from '@civic/contracts';
import { enqueueEvent, newEvent, type OutboxRelay } from '@civic/service-kit';
import { Prisma } from '../generated/prisma/client.js';
import { SCHEMA, type IdentityPrisma } from './prisma.js';

export interface NewUser {
  email: string;
  userName: string;
  passwordHash: string;
}

export interface RegisteredUser {
  id: string;
  userName: string;
  createdAt: Date;
}

export class EmailTakenError extends Error {}

export class UserRepository {
  constructor(
    private readonly prisma: IdentityPrisma,
    private readonly relay: OutboxRelay,
  ) {}

  /** Creates the user and its `identity.user.registered` event in one transaction. */
  async register(user: NewUser): Promise<RegisteredUser> {
    try {
      const created = await this.prisma.$transaction(async (tx) => {
        const row = await tx.user.create({ data: user, select: { id: true, userName: true, createdAt: true } });
        const event = newEvent(UserRegistered, { userId: row.id, userName: row.userName, registeredAt: row.createdAt.toISOString() });
        await enqueueEvent(tx, SCHEMA, event);
        return row;
      });
      this.relay.wake();
      return created;
    } catch (error) {
      if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002') throw new EmailTakenError();
      throw error;
    }
  }
}
