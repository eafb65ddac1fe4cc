/** The callers, rooms and messages the permission tests (domain, permitted actions) judge. */
import type { Caller } from '../../src/domain/permissions.js';

export const author: Caller = { id: 'author', moderator: false, suspended: false };
export const other: Caller = { id: 'other', moderator: false, suspended: false };
export const moderator: Caller = { id: 'moderator', moderator: true, suspended: false };
export const suspended: Caller = { id: 'suspended', moderator: false, suspended: true };
export const open = { open: true };
export const closed = { open: false };
/** A message of `author`, not signalled nor deleted unless `changes` say otherwise. */
export const message = (changes: Partial<{ moderationStatus: number; deleted: boolean; hidden: boolean; userId: string }> = {}) => ({ userId: 'author', moderationStatus: 0, deleted: false, hidden: false, ...changes });
