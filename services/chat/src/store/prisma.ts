import { createPrismaAdapter } from '@civic/service-kit';
import { PrismaClient } from '../generated/prisma/client.js';

export const SCHEMA = 'chat';
export type ChatPrisma = PrismaClient;

export function createPrisma(databaseUrl: string): PrismaClient {
  return new PrismaClient({ adapter: createPrismaAdapter(databaseUrl, SCHEMA) });
}
