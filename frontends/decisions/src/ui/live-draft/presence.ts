/**
 * Who is on a law's drafting page (pure): the fellow creators beside the reader, what each edits,
 * and what a change of the list says to a screen reader. The socket side is `use-presence.tsx`.
 */
import type { DraftPresent } from '@civic/contracts';

/** The others on the page (not the reader), by name, once each. */
export function fellowCreators(present: readonly DraftPresent[], readerId: string | null): DraftPresent[] {
  const seen = new Set<string>();
  return present
    .filter((person) => person.userId !== readerId && !seen.has(person.userId) && seen.add(person.userId))
    .sort((a, b) => a.name.localeCompare(b.name) || a.userId.localeCompare(b.userId));
}

/** The others editing one text, for its badge. */
export function editorsOf(others: readonly DraftPresent[], textId: string): DraftPresent[] {
  return others.filter((person) => person.editing?.textId === textId);
}

export type PresenceChange =
  | { kind: 'arrived'; name: string; editing: string | null }
  | { kind: 'left'; name: string }
  | { kind: 'editing'; name: string; editing: string }
  | { kind: 'stopped'; name: string };

/**
 * What changed between two lists of the others, to announce: arrivals, departures, and a text opened
 * or closed. The same list again (a presence pushed for someone else's change) says nothing.
 */
export function presenceChanges(before: readonly DraftPresent[], after: readonly DraftPresent[]): PresenceChange[] {
  const earlier = new Map(before.map((person) => [person.userId, person]));
  const now = new Set(after.map((person) => person.userId));
  const changes: PresenceChange[] = [];
  for (const person of after) {
    const was = earlier.get(person.userId);
    const editing = person.editing?.textId ?? null;
    if (!was) changes.push({ kind: 'arrived', name: person.name, editing });
    else if (editing !== (was.editing?.textId ?? null)) changes.push(editing ? { kind: 'editing', name: person.name, editing } : { kind: 'stopped', name: person.name });
  }
  for (const person of before) if (!now.has(person.userId)) changes.push({ kind: 'left', name: person.name });
  return changes;
}
