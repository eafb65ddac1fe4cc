/**
 * The i18n check: fails on a missing or empty translation. For the shell and both remotes, en and fr
 * have exactly the same keys and no empty value, every message id used in the TSX sources exists,
 * and the shell translates every key of the error catalogue (ids `error.<key>`). An app's messages are
 * all its `i18n/` catalogues merged: a lazily loaded part (live drafting) keeps its own beside the app's.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ErrorMessages } from '@civic/contracts';
type Catalog = Record<string, unknown>;

const frontends = fileURLToPath(new URL('../../', import.meta.url));

/** Imports a catalogue as a JSON module (dynamic import: the attribute survives the swc transform). */
async function importCatalog(path: string): Promise<Catalog> {
  const module = (await import(pathToFileURL(path).href, { with: { type: 'json' } })) as { default: Catalog };
  return module.default;
}

/** Every `i18n/` folder under an app's sources: the app's own, plus those of lazily loaded parts (live drafting). */
function catalogFolders(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (!entry.isDirectory()) return [];
    const path = join(dir, entry.name);
    return entry.name === 'i18n' ? [path] : catalogFolders(path);
  });
}

/** An app's messages in one locale: all its catalogues merged, none allowed to repeat another's key. */
async function catalog(app: string, locale: 'en' | 'fr'): Promise<Catalog> {
  const merged: Catalog = {};
  for (const folder of catalogFolders(join(frontends, app, 'src'))) {
    const part = await importCatalog(join(folder, `${locale}.json`));
    const repeated = Object.keys(part).filter((key) => key in merged);
    if (repeated.length > 0) throw new Error(`${app}: ${folder} repeats ${repeated.join(', ')}`);
    Object.assign(merged, part);
  }
  return merged;
}

const apps: { name: string; en: Catalog; fr: Catalog; prefix?: string }[] = [
  { name: 'shell', en: await catalog('shell', 'en'), fr: await catalog('shell', 'fr') },
  { name: 'decisions', en: await catalog('decisions', 'en'), fr: await catalog('decisions', 'fr'), prefix: 'decisions.' },
  { name: 'elections', en: await catalog('elections', 'en'), fr: await catalog('elections', 'fr'), prefix: 'elections.' },
];
const [shellEn, shellFr] = [apps[0]!.en, apps[0]!.fr];

/** Message ids written literally in the sources: `{ id: 'x' }` descriptors and `<FormattedMessage id="x">`. */
const idPatterns = [/\bid:\s*'([^'\n]+)'/g, /\bid:\s*"([^"\n]+)"/g, /<FormattedMessage\b[^>]*?\bid="([^"]+)"/g];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

function usedIds(app: string): Map<string, string> {
  const ids = new Map<string, string>();
  for (const file of sourceFiles(join(frontends, app, 'src'))) {
    const text = readFileSync(file, 'utf8');
    for (const pattern of idPatterns) {
      for (const match of text.matchAll(pattern)) ids.set(match[1]!, file.slice(frontends.length));
    }
  }
  return ids;
}

const sorted = (catalog: Catalog) => Object.keys(catalog).sort();

describe.each(apps)('messages of $name', ({ name, en, fr, prefix }) => {
  it('has the same keys in en.json and fr.json', () => {
    expect(sorted(fr)).toEqual(sorted(en));
  });

  it('has no empty or non-string value', () => {
    for (const [locale, catalog] of [['en', en], ['fr', fr]] as const) {
      const bad = Object.entries(catalog)
        .filter(([, value]) => typeof value !== 'string' || value.trim() === '')
        .map(([key]) => `${locale}:${key}`);
      expect(bad).toEqual([]);
    }
  });

  it('defines every message id used in the sources', () => {
    const ids = usedIds(name);
    expect(ids.size).toBeGreaterThan(5); // the scan itself works
    const missing = [...ids].filter(([id]) => !(id in en)).map(([id, file]) => `${id} (${file})`);
    expect(missing).toEqual([]);
  });

  if (prefix) {
    it(`keeps its ids under "${prefix}" so they never shadow the shell's`, () => {
      expect(Object.keys(en).filter((key) => !key.startsWith(prefix))).toEqual([]);
    });
  }
});

describe('shell error messages', () => {
  it('translates every key of the error catalogue as error.<key>', () => {
    const missing = Object.keys(ErrorMessages).flatMap((key) =>
      (
        [
          ['en', shellEn],
          ['fr', shellFr],
        ] as const
      )
        .filter(([, messages]) => !(`error.${key}` in messages))
        .map(([locale]) => `${locale}:error.${key}`),
    );
    expect(missing).toEqual([]);
  });

  it('has no error.<key> that the catalogue does not know', () => {
    const keys = new Set(Object.keys(ErrorMessages));
    const unknown = Object.keys(shellEn)
      .filter((id) => id.startsWith('error.'))
      .filter((id) => !keys.has(id.slice('error.'.length)));
    expect(unknown).toEqual([]);
  });
});
