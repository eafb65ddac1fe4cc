import { createPrismaAdapter } from '@civic/service-kit';
import { PrismaClient, type Prisma } from '../generated/prisma/client.js';

export const SCHEMA = 'elections';
export type ElectionsPrisma = PrismaClient;
/** What repositories work on: the client, or a transaction of it. */
export type ElectionsDb = PrismaClient | Prisma.TransactionClient;

export function createPrisma(databaseUrl: string): PrismaClient {
  return new PrismaClient({ adapter: createPrismaAdapter(databaseUrl, SCHEMA) });
}
