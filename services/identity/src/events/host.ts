import type { ConsumerHost } from '@civic/service-kit';
import type { IdentityPrisma } from '../store/prisma.js';

/**
 * The service kit's consumer host with identity's own Prisma client: each event's transaction is
 * then Prisma's transaction client, and the handlers use Prisma's API like the rest of the service.
 */
export type IdentityConsumerHost = Omit<ConsumerHost, 'db'> & { db: IdentityPrisma };
