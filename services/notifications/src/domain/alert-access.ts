/**
 * Who may act on an alert (docs/product.md#calls). Pure: the alert's owner and the member's standing
 * as the command read them. Alerts for everyone are each member's who got them (domain/broadcasts.ts).
 */
import { Role } from '@civic/contracts';

/** Why a change of one alert is refused: no such alert of the caller's, or someone else's personal alert. */
export type Refusal = 'missing' | 'forbidden';

/**
 * A personal alert is changed by its owner only: someone else's answers 'forbidden' (the id is not
 * hidden, the action is refused); null lets the owner go on.
 */
export function personalAlertRefusal(owner: string, userId: string): Refusal | null {
  return owner === userId ? null : 'forbidden';
}

/** What the member projection holds of a user (null: no event about them arrived yet). */
export interface MemberStanding {
  role: number;
  deletedAt: Date | null;
}

/**
 * Whether the projection makes the user a moderator now (elected since their token was issued): a
 * member whose role is moderator and whose account is not deleted.
 */
export function isModeratorNow(member: MemberStanding | null): boolean {
  return member !== null && member.deletedAt === null && member.role === Role.Moderator;
}
