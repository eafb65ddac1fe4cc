/**
 * Following in the settings and the digest's one-click link: where a followed text is read, which
 * token an unsubscribe address carries, and when a preference change is worth a save.
 */
import { digestFrequencies, followAlertKinds, type FollowPreferences } from '@civic/contracts';
import { changedPreferences, digestChoices, followAlertPreferences, followedPath, unsubscribeTokenOf } from '../src/users/following.js';

const preferences: FollowPreferences = { edits: true, results: true, closing: true, digest: 'off' };

describe('following settings', () => {
  it('shows a toggle for every preference an alert of followed content depends on, and every digest choice', () => {
    expect([...followAlertPreferences].sort()).toEqual([...new Set(Object.values(followAlertKinds))].sort());
    expect(digestChoices).toEqual(digestFrequencies);
  });

  it('leads a followed proposal or law to its version history', () => {
    expect(followedPath({ kind: 'proposal', documentId: '5f0c9a1e-2b3c-4d5e-8f90-a1b2c3d4e5f6' })).toBe(
      '/decisions/history/proposal/5f0c9a1e-2b3c-4d5e-8f90-a1b2c3d4e5f6',
    );
    expect(followedPath({ kind: 'law', documentId: 'a/b' })).toBe('/decisions/history/law/a%2Fb');
  });

  it('reads the token of an unsubscribe link, and none from an address that cannot carry one', () => {
    expect(unsubscribeTokenOf('?token=abc.def-123_x')).toBe('abc.def-123_x');
    expect(unsubscribeTokenOf('?token=a%2Bb%3D&lang=fr')).toBe('a+b=');
    expect(unsubscribeTokenOf('')).toBeNull();
    expect(unsubscribeTokenOf('?token=')).toBeNull();
    expect(unsubscribeTokenOf('?token=%20%20')).toBeNull();
    expect(unsubscribeTokenOf(`?token=${'x'.repeat(512)}`)).toBe('x'.repeat(512));
    expect(unsubscribeTokenOf(`?token=${'x'.repeat(513)}`)).toBeNull();
  });

  it('saves only what changes', () => {
    expect(changedPreferences(preferences, 'edits', true)).toBeNull();
    expect(changedPreferences(preferences, 'digest', 'off')).toBeNull();
    expect(changedPreferences(preferences, 'edits', false)).toEqual({ ...preferences, edits: false });
    expect(changedPreferences(preferences, 'digest', 'daily')).toEqual({ ...preferences, digest: 'daily' });
    expect(preferences).toEqual({ edits: true, results: true, closing: true, digest: 'off' });
  });
});
