import { createPrismaAdapter } from '@civic/service-kit';
import { PrismaClient, type Prisma } from '../generated/prisma/client.js';

export const SCHEMA = 'chat';
export type ChatPrisma = PrismaClient;
/** What repositories work on: the client, or a transaction of it. */
export type ChatDb = PrismaClient | Prisma.TransactionClient;

export function createPrisma(databaseUrl: string): PrismaClient {
  return new PrismaClient({ adapter: createPrismaAdapter(databaseUrl, SCHEMA) });
}
