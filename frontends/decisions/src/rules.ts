/** The pure rules of the decision screens (unit-tested): form lengths and who may do what. */
import type { Proposal, SessionUser } from '@civic/contracts';

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
 * SPEC section 5 with the bounds of ARCHITECTURE section 8: required, then the minimum (leading and
 * trailing spaces do not count), then the maximum.
 */
export function lengthError(value: string, bounds: { min: number; max: number }): FieldError | null {
  const trimmed = characterCount(value.trim());
  if (trimmed === 0) return formMessages.required;
  if (trimmed < bounds.min) return { ...formMessages.minLength, values: { min: bounds.min } };
  if (characterCount(value) > bounds.max) return { ...formMessages.maxLength, values: { max: bounds.max } };
  return null;
}

/** What a user may do with a proposal (SPEC sections 4 and 6). */
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
