/**
 * The decisions catalogues: the same keys in both languages, French typography (a narrow no-break
 * space before : ; ! ? » and after «), and countdowns that read as one sentence in each language.
 */
import { createIntl } from 'react-intl';

async function catalog(file: string): Promise<Record<string, string>> {
  const module = (await import(new URL(`../src/i18n/${file}.json`, import.meta.url).href, { with: { type: 'json' } })) as { default: Record<string, string> };
  return module.default;
}
const catalogs = { en: await catalog('en'), fr: await catalog('fr') };

const narrowNoBreakSpace = '\u202f';

/** The places of a French text where the spacing rule is broken, as short excerpts. */
function frenchSpacingProblems(text: string): string[] {
  const problems: string[] = [];
  [...text].forEach((character, index, characters) => {
    const before = characters[index - 1];
    const after = characters[index + 1];
    // A colon between digits is a time (00:00), not punctuation.
    const timeColon = character === ':' && /\d/.test(before ?? '') && /\d/.test(after ?? '');
    if (':;!?»'.includes(character) && !timeColon && before !== narrowNoBreakSpace) problems.push(characters.slice(Math.max(0, index - 8), index + 1).join(''));
    if (character === '«' && after !== narrowNoBreakSpace) problems.push(characters.slice(index, index + 8).join(''));
  });
  return problems;
}

describe('the decisions catalogues', () => {
  it('hold the same keys in English and French', () => {
    expect(Object.keys(catalogs.fr).sort()).toEqual(Object.keys(catalogs.en).sort());
  });

  it('put a narrow no-break space before : ; ! ? » and after « in every French text', () => {
    const problems = Object.entries(catalogs.fr).flatMap(([key, text]) => frenchSpacingProblems(text).map((excerpt) => `${key}: ${excerpt}`));
    expect(problems).toEqual([]);
  });

  it('the rule itself finds each kind of mistake and accepts times', () => {
    expect(frenchSpacingProblems('Phase : un')).toEqual(['Phase :']);
    expect(frenchSpacingProblems('Phase: un')).toEqual(['Phase:']);
    expect(frenchSpacingProblems('Vraiment\u00a0?')).toEqual(['raiment\u00a0?']);
    expect(frenchSpacingProblems('« titre\u202f»')).toEqual(['« titre\u202f']);
    expect(frenchSpacingProblems('«\u202ftitre\u202f» à 00:00\u202f!')).toEqual([]);
  });

  it.each(['en', 'fr'] as const)('make each countdown one sentence in %s: a label, then the time left', (locale) => {
    const intl = createIntl({ locale, messages: catalogs[locale] });
    const labels = ['decisions.countdown.nextStep', 'decisions.countdown.voteCloses', 'decisions.creations.endsIn', 'decisions.finalVote.closesIn'];
    for (const id of labels) {
      const sentence = `${intl.formatMessage({ id })} ${intl.formatMessage({ id: 'decisions.countdown.left' }, { time: '6 min 46 s' })}`;
      // "… ends in 6 min 46 s left" and "… se termine dans il reste …" said it twice.
      expect(sentence).not.toMatch(/\b(in|dans)\b.*\b(left|il reste)\b/);
      expect(intl.formatMessage({ id })).toMatch(locale === 'fr' ? /\u202f:$/ : /:$/);
    }
  });
});
