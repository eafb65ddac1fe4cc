import { createPrismaAdapter } from '@civic/service-kit';
import { PrismaClient } from '../generated/prisma/client.js';

export const SCHEMA = 'identity';
export type IdentityPrisma = PrismaClient;

export function createPrisma(databaseUrl: string): PrismaClient {
  return new PrismaClient({ adapter: createPrismaAdapter(databaseUrl, SCHEMA) });
}
