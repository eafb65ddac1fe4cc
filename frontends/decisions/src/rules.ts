/** The pure rules of the decision screens (unit-tested): form lengths and who may do what. */
import { ErrorMessages, type Proposal, type SessionUser } from '@civic/contracts';
import { ApiError } from '@civic/frontend-kit/api-client';

export interface FieldError {
  id: string;
  values?: Record<string, number>;
}

export const formMessages = {
  required: { id: 'decisions.form.required' },
  minLength: { id: 'decisions.form.minLength' },
  maxLength: { id: 'decisions.form.maxLength' },
};

/** Characters as people count them (code points), as the service does. */
export const characterCount = (value: string) => [...value].length;

/**
 * The form rules (docs/product.md#form-rules): required, then the minimum (leading and
 * trailing spaces do not count), then the maximum.
 */
export function lengthError(value: string, bounds: { min: number; max: number }): FieldError | null {
  const trimmed = characterCount(value.trim());
  if (trimmed === 0) return formMessages.required;
  if (trimmed < bounds.min) return { ...formMessages.minLength, values: { min: bounds.min } };
  if (characterCount(value) > bounds.max) return { ...formMessages.maxLength, values: { max: bounds.max } };
  return null;
}

/** What a user may do with a proposal (docs/product.md#roles-and-permissions). */
export function permissions(proposal: Proposal, user: SessionUser | null | undefined) {
  const owner = Boolean(user && user.id === proposal.userId);
  const moderator = Boolean(user?.moderator);
  const alive = proposal.state !== 'deleted';
  const ownerMay = owner && !proposal.deletedByModerator;
  const moderatorMay = moderator && proposal.moderationStatus === 1 && alive;
  return {
    owner,
    /** The author while the proposal is open, or a moderator once it is signalled. */
    edit: (ownerMay && proposal.state === 'submitted') || moderatorMay,
    remove: (ownerMay && proposal.state === 'submitted') || moderatorMay,
    /** The author of a proposal that was not selected, unless a moderator deleted it. */
    resubmit: ownerMay && (proposal.state === 'rejected' || proposal.state === 'deleted'),
    /** Anyone but the author while not signalled; a visitor is sent to /identify. */
    signal: !owner && proposal.moderationStatus === 0 && alive,
    pin: moderator && alive,
  };
}

/** The one rule of every decisions screen: what the API does not know (404) is a page that does not exist. */
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
