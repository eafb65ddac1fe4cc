/**
 * What the settings and the unsubscribe screen need to know about following (docs/product.md#following):
 * the alert preferences in the order shown, where a followed text is read, the token of a digest link.
 */
import { digestFrequencies, type DigestFrequency, type Follow, type FollowPreferences } from '@civic/contracts';

/** The alert preferences, in the order of the settings (the values of `followAlertKinds`). */
export const followAlertPreferences = ['edits', 'results', 'closing'] as const satisfies readonly (keyof FollowPreferences)[];
export type FollowAlertPreference = (typeof followAlertPreferences)[number];

/** The digest choices, in the order of the settings. */
export const digestChoices: readonly DigestFrequency[] = digestFrequencies;

/** The longest token the unsubscribe call takes; a longer one cannot be ours. */
const maxTokenLength = 512;

/** Where a followed proposal or law is read with its changes: its version history. */
export function followedPath(follow: Pick<Follow, 'kind' | 'documentId'>): string {
  return `/decisions/history/${follow.kind}/${encodeURIComponent(follow.documentId)}`;
}

/** The token of a digest mail's link (`/unsubscribe?token=…`), or null when it has none that could be one. */
export function unsubscribeTokenOf(search: string): string | null {
  const token = new URLSearchParams(search).get('token')?.trim() ?? '';
  return token.length > 0 && token.length <= maxTokenLength ? token : null;
}

/** The preferences with one changed: what a toggle or a digest choice saves. */
export function changedPreferences<Key extends keyof FollowPreferences>(
  preferences: FollowPreferences,
  key: Key,
  value: FollowPreferences[Key],
): FollowPreferences | null {
  return preferences[key] === value ? null : { ...preferences, [key]: value };
}
