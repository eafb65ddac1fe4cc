/**
 * The history screen and the seal's verification put in words: versions newest first, each compared
 * with the one before only when both texts can be read; the earlier versions shown on request; the
 * name of each text of an open-data file; each problem of a failed verification as a sentence in
 * English and French; and the catalogues holding exactly the keys these screens use.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createIntl } from 'react-intl';
import { GENESIS_HASH, versionHash, type ChainProblem, type TextHistory, type TextVersionView } from '@civic/contracts';
import { brokenVersions, FIRST_VERSIONS, historyRows, MORE_VERSIONS, shortHash, shownCount, type ComparedVersion } from '../src/ui/history/versions.js';
import { nameSentence, parseJson, problemSentence, textNames } from '../src/ui/verify/problems.js';

const version = (seq: number, change: ComparedVersion['change'], body: string | null, extra: Partial<ComparedVersion> = {}): ComparedVersion => ({
  seq,
  change,
  title: null,
  body,
  withheld: false,
  ...extra,
});

describe('the rows of a history', () => {
  it('lists the versions newest first, each compared with the one before', () => {
    const rows = historyRows([version(1, 'created', 'Buses are free on Sundays.'), version(2, 'edited', 'Buses are free on Saturdays.'), version(3, 'edited', 'Trams are free.')]);
    expect(rows.map((row) => row.version.seq)).toEqual([3, 2, 1]);
    expect(rows.map((row) => row.bodyBefore)).toEqual(['Buses are free on Saturdays.', 'Buses are free on Sundays.', null]);
    expect(rows.map((row) => row.previous?.seq ?? null)).toEqual([2, 1, null]);
  });

  it('orders versions by their number whatever order they come in', () => {
    expect(historyRows([version(2, 'edited', 'b'), version(1, 'created', 'a')]).map((row) => [row.version.seq, row.bodyBefore])).toEqual([
      [2, 'a'],
      [1, null],
    ]);
  });

  it('compares nothing across a tombstone or a text withheld by moderation', () => {
    const rows = historyRows([
      version(1, 'created', 'One.'),
      version(2, 'edited', null, { withheld: true }),
      version(3, 'edited', 'Three.'),
      version(4, 'deleted', null),
    ]);
    expect(rows.map((row) => [row.version.seq, row.bodyBefore])).toEqual([
      [4, null],
      [3, null],
      [2, null],
      [1, null],
    ]);
  });

  it('gives the title before only when a title changed', () => {
    const rows = historyRows([version(1, 'created', 'a', { title: 'Free buses' }), version(2, 'edited', 'b', { title: 'Free buses' }), version(3, 'edited', 'c', { title: 'Free trams' })]);
    expect(rows.map((row) => row.titleBefore)).toEqual(['Free buses', null, null]);
  });

  it('shows the first versions at once, then more on each request, never more than there are', () => {
    expect(shownCount(200, 0)).toBe(FIRST_VERSIONS);
    expect(shownCount(200, 1)).toBe(FIRST_VERSIONS + MORE_VERSIONS);
    expect(shownCount(200, 10)).toBe(200);
    expect(shownCount(3, 0)).toBe(3);
    expect(shownCount(0, 0)).toBe(0);
  });

  it('shortens a hash to its first 12 digits', () => {
    expect(shortHash('0123456789abcdef'.repeat(4))).toBe('0123456789ab');
  });
});

describe('the check of a history’s chain in the browser', () => {
  const textId = '77777777-7777-4777-8777-777777777777';
  const editorId = '88888888-8888-4888-8888-888888888888';
  const coEditor = { id: '99999999-9999-4999-8999-999999999999', name: 'Bastien' };
  /** A chain of salted versions as the service answers it, the first one written before salts, the last one typed live with a co-editor. */
  async function chain(): Promise<TextVersionView[]> {
    const versions: TextVersionView[] = [];
    const salts = ['', 'QUJDREVGR0hJSktMTU5PUA', 'cXJzdHV2d3h5ejAxMjM0NQ'];
    for (const [index, salt] of salts.entries()) {
      const coEditors = index === 2 ? [coEditor] : [];
      const content = {
        kind: 'article' as const,
        textId,
        seq: index + 1,
        change: index === 0 ? ('created' as const) : ('edited' as const),
        role: 'author' as const,
        editorId,
        reason: null,
        title: null,
        body: `Version ${index + 1}.`,
        createdAt: `2026-03-0${index + 1}T08:00:00.000Z`,
        prevHash: versions.at(-1)?.hash ?? GENESIS_HASH,
        salt,
      };
      const { textId: _id, ...shown } = content;
      const hash = await versionHash({ ...content, coEditors: coEditors.map((each) => each.id) });
      versions.push({ ...shown, editorName: 'Élodie', coEditors, withheld: false, hash });
    }
    return versions;
  }
  const history = (versions: TextVersionView[], problems: TextHistory['chain']['problems'] = []) => ({ id: textId, chain: { intact: problems.length === 0, problems }, versions });

  it('finds nothing in an intact chain, old, salted and co-edited versions alike', async () => {
    expect(await brokenVersions(history(await chain()))).toEqual([]);
  });

  it('finds a version whose co-editors were changed or dropped, not one whose names changed', async () => {
    const versions = await chain();
    expect(await brokenVersions(history(versions.map((each) => (each.seq === 3 ? { ...each, coEditors: [{ ...coEditor, id: editorId }] } : each))))).toEqual([3]);
    expect(await brokenVersions(history(versions.map((each) => (each.seq === 3 ? { ...each, coEditors: [] } : each))))).toEqual([3]);
    expect(await brokenVersions(history(versions.map((each) => (each.seq === 3 ? { ...each, coEditors: [{ ...coEditor, name: 'Renamed' }] } : each))))).toEqual([]);
  });

  it.each(['en', 'fr'] as const)('names in %s who typed a version with its editor', (locale) => {
    const errors: unknown[] = [];
    const intl = createIntl({ locale, messages: catalogs[locale], onError: (error) => errors.push(error) });
    const names = intl.formatList(['Alice', 'Bob'], { type: 'unit' });
    expect(intl.formatMessage({ id: 'decisions.history.withCoEditors' }, { names })).toBe(locale === 'en' ? 'with Alice, Bob' : 'avec Alice et Bob');
    expect(errors).toEqual([]);
  });

  it('finds a version whose words were changed, and one not chained to the version before', async () => {
    const versions = await chain();
    versions[1] = { ...versions[1]!, body: 'Changed afterwards.' };
    expect(await brokenVersions(history(versions))).toEqual([2]);
    const unlinked = await chain();
    unlinked[2] = { ...unlinked[2]!, prevHash: GENESIS_HASH };
    expect(await brokenVersions(history(unlinked))).toEqual([3]);
  });

  it('checks only the links of versions withheld by moderation, and adds what the service found', async () => {
    const withheld = (await chain()).map((version) => ({ ...version, body: null, salt: null, withheld: true }));
    expect(await brokenVersions(history(withheld))).toEqual([]);
    expect(await brokenVersions(history(withheld, [{ problem: 'version-hash', seq: 1 }]))).toEqual([1]);
  });

  it.each(['en', 'fr'] as const)('says in %s whether the chain holds, naming the broken versions', (locale) => {
    const errors: unknown[] = [];
    const intl = createIntl({ locale, messages: catalogs[locale], onError: (error) => errors.push(error) });
    const one = intl.formatMessage({ id: 'decisions.history.chainBroken' }, { count: 1, versions: '2' });
    const two = intl.formatMessage({ id: 'decisions.history.chainBroken' }, { count: 2, versions: intl.formatList(['2', '3'], { type: 'conjunction' }) });
    expect(errors).toEqual([]);
    if (locale === 'en') {
      expect(one).toMatch(/^This history is broken: version 2 was changed or removed/);
      expect(two).toMatch(/^This history is broken: versions 2 and 3 were changed/);
    } else {
      expect(one).toMatch(/^Cet historique est rompu\u202f: la version 2 a été modifiée ou supprimée après son écriture/);
      expect(two).toMatch(/^Cet historique est rompu\u202f: les versions 2 et 3 ont été modifiées/);
    }
  });
});

const lawId = '11111111-1111-4111-8111-111111111111';
const groupId = '22222222-2222-4222-8222-222222222222';
const firstArticle = '33333333-3333-4333-8333-333333333333';
const secondArticle = '44444444-4444-4444-8444-444444444444';
const amendmentId = '55555555-5555-4555-8555-555555555555';
const openData = {
  id: lawId,
  groups: [{ id: groupId, name: 'Transports publics', position: 1 }],
  articles: [
    { id: firstArticle, number: 1, amendments: [] },
    { id: secondArticle, number: null, amendments: [{ id: amendmentId, title: 'Précision' }] },
  ],
};

describe('the names of the texts of an open-data file', () => {
  const names = textNames(openData);

  it('names the law, its groups, its articles by place and their amendments', () => {
    expect(nameSentence(lawId, names)).toEqual({ id: 'decisions.verify.text.law' });
    expect(nameSentence(groupId, names)).toEqual({ id: 'decisions.verify.text.group', values: { name: 'Transports publics' } });
    expect(nameSentence(secondArticle, names)).toEqual({ id: 'decisions.verify.text.article', values: { number: 2 } });
    expect(nameSentence(amendmentId, names)).toEqual({ id: 'decisions.verify.text.amendment', values: { article: 2, number: 1 } });
  });

  it('names a text the file does not hold by the start of its id', () => {
    expect(nameSentence('66666666-6666-4666-8666-666666666666', names)).toEqual({ id: 'decisions.verify.text.unknown', values: { id: '66666666' } });
  });

  it('reads anything, naming nothing it cannot read', () => {
    for (const data of [null, 3, 'text', [], { articles: 'none' }, { articles: [null, { id: 4 }], groups: [{}] }]) expect(textNames(data).size).toBe(0);
  });

  it('tells JSON from anything else', () => {
    expect(parseJson('{"id":"x"}')).toEqual({ ok: true, data: { id: 'x' } });
    expect(parseJson('%PDF-1.7')).toEqual({ ok: false });
    expect(parseJson('')).toEqual({ ok: false });
  });
});

async function catalog(locale: 'en' | 'fr'): Promise<Record<string, string>> {
  const module = (await import(new URL(`../src/i18n/${locale}.json`, import.meta.url).href, { with: { type: 'json' } })) as { default: Record<string, string> };
  return module.default;
}
const catalogs = { en: await catalog('en'), fr: await catalog('fr') };

describe('the sentences of a failed verification', () => {
  const problems: ChainProblem[] = [
    { problem: 'no-seal' },
    { problem: 'seal-hash' },
    { problem: 'law-text' },
    { problem: 'version-hash', textId: firstArticle, seq: 3 },
    { problem: 'broken-link', textId: amendmentId, seq: 2 },
    { problem: 'not-sealed', textId: groupId },
    { problem: 'adopted-text', articleId: firstArticle, number: 1 },
    { problem: 'adopted-text', articleId: secondArticle, number: null },
  ];

  it.each(['en', 'fr'] as const)('says each problem in %s, naming its text', (locale) => {
    const errors: unknown[] = [];
    const intl = createIntl({ locale, messages: catalogs[locale], onError: (error) => errors.push(error) });
    const names = textNames(openData);
    const textName = (textId: string) => {
      const sentence = nameSentence(textId, names);
      return intl.formatMessage({ id: sentence.id }, sentence.values);
    };
    const sentences = problems.map((problem) => {
      const sentence = problemSentence(problem, textName);
      return intl.formatMessage({ id: sentence.id }, sentence.values);
    });
    expect(errors).toEqual([]);
    expect(new Set(sentences).size).toBe(problems.length);
    if (locale === 'en') {
      expect(sentences[3]).toBe('Article 1, version 3: its hash does not match its content.');
      expect(sentences[4]).toBe('Amendment 1 of article 2, version 2: it is not chained to the version before it.');
      expect(sentences[5]).toBe('Group “Transports publics”: its last version is not covered by the seal.');
      expect(sentences[6]).toBe('Article 1: the adopted text differs from the version that was voted.');
      expect(sentences[7]).toBe('Article 2: the adopted text differs from the version that was voted.');
    } else {
      expect(sentences[6]).toBe('Article 1\u202f: le texte adopté diffère de la version qui a été votée.');
      expect(sentences[4]).toBe('Amendement 1 de l’article 2, version 2\u202f: elle n’est pas chaînée à la version précédente.');
    }
  });

  it.each(['en', 'fr'] as const)('says the verified result in %s with the counts and the seal', (locale) => {
    const intl = createIntl({ locale, messages: catalogs[locale] });
    const seal = 'ab'.repeat(32);
    const text = intl.formatMessage({ id: 'decisions.verify.verified' }, { texts: 4, versions: 9, seal });
    expect(text).toContain(seal);
    expect(text).toMatch(locale === 'en' ? /^Verified: .*4 texts, 9 versions/ : /^Vérifié\u202f: .*4 textes, 9 versions/);
  });
});

/** Every `decisions.history.*`, `decisions.verify.*` and `decisions.reason.*` id the remote's code names. */
function usedIds(): string[] {
  const root = fileURLToPath(new URL('../src', import.meta.url));
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (/\.tsx?$/.test(name)) files.push(path);
    }
  };
  walk(root);
  const ids = new Set<string>();
  for (const file of files) for (const match of readFileSync(file, 'utf8').matchAll(/'(decisions\.(?:history|verify|reason)\.[\w.]+)'/g)) ids.add(match[1]!);
  return [...ids].sort();
}

describe('the history and verification catalogues', () => {
  it.each(['en', 'fr'] as const)('hold in %s every message the screens use, and no other', (locale) => {
    const keys = Object.keys(catalogs[locale])
      .filter((key) => /^decisions\.(history|verify|reason)\./.test(key))
      .sort();
    expect(keys).toEqual(usedIds());
  });
});
