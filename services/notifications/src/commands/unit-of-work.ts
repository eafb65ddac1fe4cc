import { schemaUnitOfWork } from '@civic/service-kit';
import type { Prisma } from '../generated/prisma/client.js';
import { SCHEMA } from '../store/prisma.js';

/**
 * One command's transaction in the notifications schema: the service kit's unitOfWork, the only way
 * this service opens one (a consumer's effect runs in the transaction the kit opens for its inbox row).
 */
export const unitOfWork = schemaUnitOfWork<Prisma.TransactionClient>(SCHEMA);
