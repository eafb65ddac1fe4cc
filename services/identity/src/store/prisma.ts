import { createPrismaAdapter } from '@civic/service-kit';
import { PrismaClient, type Prisma } from '../generated/prisma/client.js';

export const SCHEMA = 'identity';
export type IdentityPrisma = PrismaClient;
/** The client or a transaction: every repository works on either. */
export type Db = Prisma.TransactionClient;

export function createPrisma(databaseUrl: string): PrismaClient {
  return new PrismaClient({ adapter: createPrismaAdapter(databaseUrl, SCHEMA) });
}
