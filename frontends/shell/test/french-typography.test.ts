/**
 * French typography of the shell's catalogue: a narrow no-break space (U+202F) before : ; ! ? and »,
 * and after «; never an ordinary or a wide no-break space there, nor none at all.
 */
type Catalog = Record<string, string>;
const url = new URL('../src/i18n/fr.json', import.meta.url).href;
const fr = ((await import(url, { with: { type: 'json' } })) as { default: Catalog }).default;

const NARROW = '\u202f';

/** The places of a text that break the rule, each with a little context. */
function spacingProblems(text: string): string[] {
  const problems: string[] = [];
  for (let index = 0; index < text.length; index++) {
    const char = text[index]!;
    const context = text.slice(Math.max(0, index - 12), index + 12);
    if (':;!?»'.includes(char) && text[index - 1] !== NARROW) problems.push(`before “${char}”: ${context}`);
    if (char === '«' && text[index + 1] !== NARROW) problems.push(`after “«”: ${context}`);
  }
  return problems;
}

describe('French typography of the shell', () => {
  it('finds the problems it is meant to find', () => {
    expect(spacingProblems('Bienvenue ! Déjà inscrit ?')).toHaveLength(2);
    expect(spacingProblems('la phase « vote »')).toHaveLength(2);
    expect(spacingProblems('Note\u00a0: rien')).toHaveLength(1);
    expect(spacingProblems(`Note${NARROW}: la phase «${NARROW}vote${NARROW}»${NARROW}!`)).toEqual([]);
  });

  it('sets a narrow no-break space before : ; ! ? » and after « in every message', () => {
    const problems = Object.entries(fr).flatMap(([key, text]) => spacingProblems(text).map((problem) => `${key}: ${problem}`));
    expect(problems).toEqual([]);
  });
});
