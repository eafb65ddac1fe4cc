/** The one 404 rule of every decisions screen (unit-tested), and the id check that keeps a bad address from the service. */
import { ErrorMessages } from '@civic/contracts';
import { ApiError } from '@civic/frontend-kit/api-client';

/** What the API does not know (404) is a page that does not exist. */
export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.statusCode === 404;
}

// The service's id parameters are JSON-schema 'uuid' strings; the site only ever writes the plain form.
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Whether a value from the address (a cycle's or a law's id) can name anything. Any other value is
 * refused before it reaches the service, so it is a page that does not exist rather than a 400.
 */
export const isDecisionsId = (id: string): boolean => uuidPattern.test(id);

/** The answer the API gives for a cycle or a law it does not know. */
export const notFoundError = (): ApiError => new ApiError(404, ErrorMessages.notFound);
