/** The name every deleted account shows (its content stays, attributed to it). */
export const DELETED_USER_NAME = 'Deleted user';

/**
 * What account deletion writes (docs/product.md#privacy): the email address and the password are
 * removed, the name replaced, roles and candidacies dropped. The registration IP hash stays, so the
 * per-IP account limit still counts the account.
 */
export function anonymizedAccount(now: Date) {
  return {
    email: null,
    userName: DELETED_USER_NAME,
    // The name is free again for members; every deleted account shows the same reserved one.
    userNameKey: null,
    passwordHash: null,
    deletedAt: now,
    moderator: false,
    scribe: false,
    moderatorCandidateDate: null,
    scribeCandidateDate: null,
    greatWiseCandidateDate: null,
    suspendedUntil: null,
  } as const;
}
