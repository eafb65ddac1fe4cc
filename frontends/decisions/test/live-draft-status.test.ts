/**
 * What live co-drafting tells the member: the editor's status line (saved, waiting for the pause,
 * blank, offline) and who saved with whom, who else is on the page and what each edits, and the
 * sentences a change of presence makes; the `decisions.live.*` texts in both languages.
 */
import { createIntl } from 'react-intl';
import type { DraftPresent } from '@civic/contracts';
import { draftStatus, isBlank, savedByNames } from '../src/ui/live-draft/draft-status.js';
import { live } from '../src/ui/live-draft/messages.js';
import { editorsOf, fellowCreators, presenceChanges } from '../src/ui/live-draft/presence.js';

const facts = { live: true, joinedOnce: true, text: 'Every citizen may vote.', savedBody: 'Every citizen may vote.', lastSave: null };

describe('the live editor’s status', () => {
  it('waits for the join, then says offline when the connection drops', () => {
    expect(draftStatus({ ...facts, live: false, joinedOnce: false })).toEqual({ kind: 'joining' });
    expect(draftStatus({ ...facts, live: false })).toEqual({ kind: 'offline' });
  });

  it('says saved when the words are the last version’s, and waiting for the pause when not', () => {
    expect(draftStatus(facts)).toEqual({ kind: 'saved', by: null });
    expect(draftStatus({ ...facts, text: 'Every adult citizen may vote.' })).toEqual({ kind: 'pending' });
    // Spaces at the ends are no change a reader sees.
    expect(draftStatus({ ...facts, text: 'Every citizen may vote. ' })).toEqual({ kind: 'saved', by: null });
  });

  it('names who saved while the words are still those of that save', () => {
    const lastSave = { body: 'Every citizen may vote.', savedBy: 'u-me', coEditors: ['u-alice'] };
    expect(draftStatus({ ...facts, lastSave })).toEqual({ kind: 'saved', by: { savedBy: 'u-me', coEditors: ['u-alice'] } });
    // A later version (another save, a scribe's edit) is no longer that save's.
    expect(draftStatus({ ...facts, lastSave: { ...lastSave, body: 'Older words.' } })).toEqual({ kind: 'saved', by: null });
  });

  it('says why a blank text is not saved: empty, spaces or invisible characters', () => {
    for (const text of ['', '   \n\t', '\u200b\u200b', '\u2800']) {
      expect(isBlank(text)).toBe(true);
      expect(draftStatus({ ...facts, text })).toEqual({ kind: 'blank' });
    }
    expect(isBlank(' a ')).toBe(false);
  });

  it('names the reader "you" and the others by the name the page knows', () => {
    const creators = [
      { userId: 'u-me', userName: 'Me' },
      { userId: 'u-alice', userName: 'Alice Martin' },
      { userId: 'u-bob', userName: 'Bob Stone' },
    ];
    const present = [{ userId: 'u-bob', name: 'Bob S.' }];
    expect(savedByNames({ savedBy: 'u-me', coEditors: ['u-alice'] }, 'u-me', { creators, present })).toEqual({ savedBy: null, others: ['Alice Martin'] });
    expect(savedByNames({ savedBy: 'u-bob', coEditors: ['u-alice', 'u-me'] }, 'u-me', { creators, present })).toEqual({ savedBy: 'Bob S.', others: ['Alice Martin', null] });
    expect(savedByNames({ savedBy: 'u-gone', coEditors: [] }, 'u-me', { creators, present })).toEqual({ savedBy: '', others: [] });
  });
});

const person = (userId: string, name: string, editing: string | null = null): DraftPresent => ({
  userId,
  name,
  initials: name.slice(0, 1),
  editing: editing ? { kind: 'article', textId: editing } : null,
});

describe('presence', () => {
  it('lists the others on the page once each, by name, never the reader', () => {
    const list = [person('u-me', 'Me'), person('u-zoe', 'Zoé'), person('u-alice', 'Alice'), person('u-zoe', 'Zoé')];
    expect(fellowCreators(list, 'u-me').map((entry) => entry.name)).toEqual(['Alice', 'Zoé']);
  });

  it('finds who edits a text, for its badge', () => {
    const others = [person('u-alice', 'Alice', 't-1'), person('u-bob', 'Bob', 't-2'), person('u-zoe', 'Zoé', 't-1')];
    expect(editorsOf(others, 't-1').map((entry) => entry.name)).toEqual(['Alice', 'Zoé']);
    expect(editorsOf(others, 't-3')).toEqual([]);
  });

  it('tells arrivals, departures and texts opened or closed, and nothing for the same list', () => {
    const before = [person('u-alice', 'Alice'), person('u-bob', 'Bob', 't-1')];
    const after = [person('u-alice', 'Alice', 't-2'), person('u-bob', 'Bob'), person('u-zoe', 'Zoé', 't-1')];
    expect(presenceChanges(before, after)).toEqual([
      { kind: 'editing', name: 'Alice', editing: 't-2' },
      { kind: 'stopped', name: 'Bob' },
      { kind: 'arrived', name: 'Zoé', editing: 't-1' },
    ]);
    expect(presenceChanges(after, [after[0]!])).toEqual([
      { kind: 'left', name: 'Bob' },
      { kind: 'left', name: 'Zoé' },
    ]);
    expect(presenceChanges(after, after.map((entry) => ({ ...entry })))).toEqual([]);
  });
});

/** The live texts' own catalogue (loaded with the creation screen), which alone holds `decisions.live.*`. */
async function catalog(locale: 'en' | 'fr'): Promise<Record<string, string>> {
  const load = async (file: string) =>
    ((await import(new URL(file, import.meta.url).href, { with: { type: 'json' } })) as { default: Record<string, string> }).default;
  const main = await load(`../src/i18n/${locale}.json`);
  expect(Object.keys(main).filter((key) => key.startsWith('decisions.live.'))).toEqual([]);
  return load(`../src/ui/live-draft/i18n/${locale}.json`);
}
const catalogs = { en: await catalog('en'), fr: await catalog('fr') };

describe('the live co-drafting texts', () => {
  it('put a narrow no-break space before : ; ! ? in French', () => {
    expect(Object.values(catalogs.fr).filter((text) => / [:;!?]/.test(text))).toEqual([]);
  });

  it('are the keys the screens use, in English and in French', () => {
    const used = Object.values(live)
      .map((message) => message.id)
      .sort();
    expect(Object.keys(catalogs.en).sort()).toEqual(used);
    expect(Object.keys(catalogs.fr).sort()).toEqual(used);
  });

  it.each([
    ['en', 'Saved by you with Alice', 'Alice is editing Article 2.'],
    ['fr', 'Enregistré par vous avec Alice', 'Alice modifie l’Article 2.'],
  ] as const)('read as sentences in %s', (locale, saved, editing) => {
    const errors: unknown[] = [];
    const intl = createIntl({ locale, messages: catalogs[locale], onError: (error) => errors.push(error) });
    expect(intl.formatMessage(live.savedByWith, { savedBy: intl.formatMessage(live.you), others: intl.formatList(['Alice'], { type: 'conjunction' }) })).toBe(saved);
    expect(intl.formatMessage(live.startedEditing, { name: 'Alice', text: 'Article 2' })).toBe(editing);
    expect(intl.formatMessage(live.badge, { name: 'Alice' })).toContain('Alice');
    expect(errors).toEqual([]);
  });
});
