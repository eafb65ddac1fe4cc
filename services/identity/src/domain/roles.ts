import { keepsModerators } from '@civic/contracts';

/** The flags a user holds now. */
export interface Officials {
  id: string;
  moderator: boolean;
  scribe: boolean;
}

export interface ElectedOfficials {
  moderators: readonly string[];
  scribes: readonly string[];
}

export interface RoleChange {
  userId: string;
  moderator: boolean;
  scribe: boolean;
}

/**
 * The flag changes an election result makes: the elected get the role, everyone else who held it
 * loses it (previous officials keep it only when re-elected), except that an election that elects no
 * moderator leaves the moderators in place (`keepsModerators`). `current` holds every user who either holds a flag or was elected; users
 * whose flags do not change are left out.
 */
export function roleChanges(current: readonly Officials[], elected: ElectedOfficials): RoleChange[] {
  const moderators = new Set(elected.moderators);
  const keepModerators = keepsModerators(elected);
  const scribes = new Set(elected.scribes);
  const changes: RoleChange[] = [];
  for (const user of current) {
    const moderator = keepModerators ? user.moderator : moderators.has(user.id);
    const scribe = scribes.has(user.id);
    if (moderator !== user.moderator || scribe !== user.scribe) changes.push({ userId: user.id, moderator, scribe });
  }
  return changes;
}

/** Results apply in month order: a late delivery of an older election must not undo a newer one. */
export function isNewerElection(month: string, latestApplied: string | null): boolean {
  return latestApplied === null || month >= latestApplied;
}
