/**
 * The pure rules of the decision screens: the form's length messages (docs/product.md#form-rules),
 * who may act on a proposal (docs/product.md#roles-and-permissions), and the countdown text.
 */
import { createIntl } from 'react-intl';
import { Limits, type Proposal, type SessionUser } from '@civic/contracts';
import { characterCount, lengthError, permissions } from '../src/rules.js';
import { formatDuration } from '@civic/frontend-kit/duration';
import { durationUnits } from '../src/ui/CycleParts.js';

/** A catalogue as a JSON module (dynamic import: the attribute survives the swc transform). */
async function catalog(locale: 'en' | 'fr'): Promise<Record<string, string>> {
  const module = (await import(new URL(`../src/i18n/${locale}.json`, import.meta.url).href, { with: { type: 'json' } })) as { default: Record<string, string> };
  return module.default;
}
const catalogs = { en: await catalog('en'), fr: await catalog('fr') };

describe('lengthError', () => {
  const title = Limits.proposalTitle;
  it('asks for a value, then at least 3 characters (spaces around do not count), then at most the maximum', () => {
    expect(lengthError('', title)?.id).toBe('decisions.form.required');
    expect(lengthError('   ', title)?.id).toBe('decisions.form.required');
    expect(lengthError(' ab ', title)).toEqual({ id: 'decisions.form.minLength', values: { min: 3 } });
    expect(lengthError('abc', title)).toBeNull();
    expect(lengthError('x'.repeat(256), title)).toBeNull();
    expect(lengthError('x'.repeat(257), title)).toEqual({ id: 'decisions.form.maxLength', values: { max: 256 } });
    expect(lengthError('y'.repeat(601), Limits.proposalDescription)).toEqual({ id: 'decisions.form.maxLength', values: { max: 600 } });
  });

  it('counts characters as people do', () => {
    expect(characterCount('é🙂a')).toBe(3);
    expect(lengthError('🙂🙂🙂', title)).toBeNull();
  });
});

describe('permissions', () => {
  const proposal = (changes: Partial<Proposal> = {}): Proposal => ({
    id: 'p1',
    cycleId: 'c1',
    title: 'A title',
    description: 'A description',
    category: 'health',
    state: 'submitted',
    userId: 'author',
    userName: 'Author',
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    moderationStatus: 0,
    pin: false,
    deletedByModerator: false,
    counts: { for: 0, against: 0, neutral: 0, blank: 0, score: 0 },
    myVote: null,
    rank: null,
    ...changes,
  });
  const user = (id: string, moderator = false) => ({ id, moderator }) as SessionUser;

  it('lets the author edit and delete an open proposal, but not signal it', () => {
    expect(permissions(proposal(), user('author'))).toEqual({ owner: true, edit: true, remove: true, resubmit: false, signal: false, pin: false });
  });

  it('lets the author resubmit a proposal that was not selected, unless a moderator deleted it', () => {
    expect(permissions(proposal({ state: 'rejected' }), user('author')).resubmit).toBe(true);
    expect(permissions(proposal({ state: 'deleted' }), user('author')).resubmit).toBe(true);
    const deleted = permissions(proposal({ state: 'deleted', deletedByModerator: true }), user('author'));
    expect(deleted).toMatchObject({ edit: false, remove: false, resubmit: false });
    expect(permissions(proposal({ state: 'selected' }), user('author')).resubmit).toBe(false);
  });

  it('offers the signal to anyone else (a visitor goes to /identify) while it is not signalled', () => {
    expect(permissions(proposal(), user('other'))).toEqual({ owner: false, edit: false, remove: false, resubmit: false, signal: true, pin: false });
    expect(permissions(proposal(), null).signal).toBe(true);
    expect(permissions(proposal({ moderationStatus: 1 }), user('other')).signal).toBe(false);
  });

  it('lets a moderator edit and delete once signalled, and pin', () => {
    expect(permissions(proposal(), user('mod', true))).toMatchObject({ edit: false, remove: false, pin: true });
    expect(permissions(proposal({ moderationStatus: 1, state: 'in-vote' }), user('mod', true))).toMatchObject({ edit: true, remove: true, pin: true });
  });
});

describe('formatDuration', () => {
  const intl = (locale: 'en' | 'fr') => createIntl({ locale, messages: catalogs[locale] });
  it('writes days, hours and minutes, and seconds under a day', () => {
    expect(formatDuration(intl('en'), 3 * 86_400 + 4 * 3600 + 12 * 60 + 5, durationUnits)).toBe('3 days 4 h 12 min');
    expect(formatDuration(intl('en'), 86_400 + 60, durationUnits)).toBe('1 day 0 h 1 min');
    expect(formatDuration(intl('en'), 2 * 3600 + 5, durationUnits)).toBe('2 h 0 min 5 s');
    expect(formatDuration(intl('en'), 125, durationUnits)).toBe('2 min 5 s');
    expect(formatDuration(intl('en'), 9, durationUnits)).toBe('9 s');
    expect(formatDuration(intl('fr'), 2 * 86_400 + 3600, durationUnits)).toBe('2 jours 1 h 0 min');
  });
});
