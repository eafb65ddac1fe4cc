/**
 * Every alert the notifications service sends is worded in English and in French: each message key
 * of the service (its domain module, the source of truth) has a sentence in both catalogues, every
 * parameter code (phase, role, kind of content) is translated, and no placeholder is left raw.
 */
import { createIntl, type IntlShape } from 'react-intl';
import { alertMessageKeys as messageKeys } from '@civic/contracts';
import { termValues, wordAlert } from '../src/notifications/wording.js';

type Catalog = Record<string, string>;
async function catalog(locale: 'en' | 'fr'): Promise<Catalog> {
  const url = new URL(`../src/i18n/${locale}.json`, import.meta.url).href;
  return ((await import(url, { with: { type: 'json' } })) as { default: Catalog }).default;
}

const catalogs = { en: await catalog('en'), fr: await catalog('fr') };

function intlFor(locale: 'en' | 'fr', problems: string[]): IntlShape {
  return createIntl({ locale, messages: catalogs[locale], onError: (error) => problems.push(error.message) });
}

/** Parameters like the service's, for each key. */
const samples: Record<string, Record<string, string | number>> = {
  cycleOpened: { number: 3, to: 'proposals' },
  phaseChanged: { number: 3, from: 'creation', to: 'final-vote' },
  proposalSelected: { rank: 2 },
  proposalSecondChance: { rank: 5 },
  proposalEditedByModerator: {},
  proposalDeletedByModerator: {},
  proposalSignalled: {},
  creatorDrawn: { title: 'Free buses' },
  lawAdopted: { title: 'Free buses' },
  lawRejected: { title: 'Night trains' },
  contentSignalled: { kind: 'amendment', to: 'scribe' },
  contentModerated: { kind: 'article', role: 'moderator', action: 'deleted' },
  elected: { role: 'greatWise', month: '2026-12' },
  roleLost: { role: 'scribe', month: '2026-12' },
  chatReplied: { room: 'decision-1' },
  chatMessageSignalled: { room: 'decision-1' },
  chatMessageModerated: { action: 'edited', room: 'decision-1' },
  suspended: { until: '2026-12-01T10:00:00.000Z' },
  suspensionLifted: {},
  notice: { text: 'The archive is back.' },
  lawSealRefused: { title: 'Free buses', versions: 2 },
  followedEdited: { title: 'Free buses' },
  followedSelected: { title: 'Free buses', rank: 2 },
  followedSecondChance: { title: 'Free buses' },
  followedNotSelected: { title: 'Night trains' },
  followedAdopted: { title: 'Free buses', seal: 'a3f1c09be27d4418e0b5c6d7f8091a2b3c4d5e6f708192a3b4c5d6e7f8091a2b' },
  followedRejected: { title: 'Night trains' },
  followedFinalVoteClosing: { title: 'Free buses', endsAt: '2026-12-01T10:00:00.000Z' },
};

describe('wording of alerts', () => {
  it('knows exactly the message keys the service sends', () => {
    expect(Object.keys(samples).sort()).toEqual([...messageKeys].sort());
  });

  it.each(['en', 'fr'] as const)('words every alert in %s without a missing message or a raw placeholder', (locale) => {
    const problems: string[] = [];
    const intl = intlFor(locale, problems);
    for (const messageKey of messageKeys) {
      const text = wordAlert(intl, { messageKey, params: samples[messageKey]! });
      expect(text).not.toMatch(/[{}]/);
      expect(text.length).toBeGreaterThan(10);
    }
    for (const [group, values] of Object.entries(termValues)) {
      for (const value of values) expect(catalogs[locale]).toHaveProperty([`notifications.${group}.${value}`]);
    }
    expect(problems).toEqual([]);
  });

  it('translates the codes inside the sentence', () => {
    const problems: string[] = [];
    const [en, fr] = [intlFor('en', problems), intlFor('fr', problems)];
    const phase = { messageKey: 'phaseChanged', params: samples['phaseChanged']! };
    expect(wordAlert(en, phase)).toBe('Decision 3: the “creation” phase has ended and the “final vote” phase has begun.');
    expect(wordAlert(fr, phase)).toBe('Décision 3\u202f: la phase «\u202fcréation\u202f» est terminée et la phase «\u202fvote final\u202f» a commencé.');
    const moderated = { messageKey: 'contentModerated', params: samples['contentModerated']! };
    expect(wordAlert(en, moderated)).toBe('A moderator deleted your article.');
    expect(wordAlert(fr, moderated)).toBe('Un modérateur a supprimé votre article.');
    const elected = { messageKey: 'elected', params: samples['elected']! };
    expect(wordAlert(en, elected)).toBe('You were elected great wise for December 2026.');
    expect(wordAlert(fr, elected)).toBe('L’élection vous confie le rôle de grand sage pour décembre 2026.');
    expect(wordAlert(en, { messageKey: 'suspended', params: samples['suspended']! })).toContain('2026');
    const sealRefused = { messageKey: 'lawSealRefused', params: samples['lawSealRefused']! };
    expect(wordAlert(en, sealRefused)).toBe('The law “Free buses” was archived without a seal: the history of its texts was altered (2 versions). Check it.');
    expect(wordAlert(fr, { ...sealRefused, params: { title: 'Free buses', versions: 1 } })).toBe(
      'La loi «\u202fFree buses\u202f» a été archivée sans sceau\u202f: l’historique de ses textes a été altéré (1 version). Vérifiez-le.',
    );
    expect(problems).toEqual([]);
  });

  it('words an alert of a key it does not know yet as a generic notification', () => {
    const problems: string[] = [];
    expect(wordAlert(intlFor('en', problems), { messageKey: 'fromTheFuture', params: {} })).toBe('You have a new notification.');
    expect(wordAlert(intlFor('fr', problems), { messageKey: 'fromTheFuture', params: {} })).toBe('Vous avez une nouvelle notification.');
  });

  it('words the alerts of followed texts with their title, rank, seal and closing time', () => {
    const problems: string[] = [];
    const [en, fr] = [intlFor('en', problems), intlFor('fr', problems)];
    const edited = { messageKey: 'followedEdited', params: samples['followedEdited']! };
    expect(wordAlert(en, edited)).toBe('A text you follow was edited: “Free buses”.');
    expect(wordAlert(fr, edited)).toBe('Un texte que vous suivez a été modifié\u202f: «\u202fFree buses\u202f».');
    const selected = { messageKey: 'followedSelected', params: samples['followedSelected']! };
    expect(wordAlert(en, selected)).toBe('The proposal “Free buses” you follow was selected (rank 2): it becomes a law to write.');
    const adopted = { messageKey: 'followedAdopted', params: samples['followedAdopted']! };
    expect(wordAlert(en, adopted)).toBe('The law “Free buses” you follow was adopted (seal a3f1c09be27d…).');
    expect(wordAlert(fr, adopted)).toBe('La loi «\u202fFree buses\u202f» que vous suivez a été adoptée (sceau a3f1c09be27d…).');
    // A law sealed without a version history has no seal: the sentence ends with the adoption.
    expect(wordAlert(en, { messageKey: 'followedAdopted', params: { title: 'Free buses', seal: '' } })).toBe('The law “Free buses” you follow was adopted.');
    expect(wordAlert(fr, { messageKey: 'followedAdopted', params: { title: 'Free buses' } })).toBe('La loi «\u202fFree buses\u202f» que vous suivez a été adoptée.');
    const closing = { messageKey: 'followedFinalVoteClosing', params: samples['followedFinalVoteClosing']! };
    expect(wordAlert(en, closing)).toMatch(/^The final vote on “Free buses”, which you follow, closes on 1 December 2026 at \d{1,2}:\d\d\s[AP]M.*: vote while there is time\.$/);
    expect(wordAlert(fr, closing)).toMatch(/^Le vote final sur «\u202fFree buses\u202f», que vous suivez, se termine le 1er décembre 2026.*\u202f: votez tant qu’il est temps\.$/);
    expect(problems).toEqual([]);
  });
});
