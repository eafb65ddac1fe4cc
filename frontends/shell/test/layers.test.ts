/**
 * The shell's layers (README.md, "Layers"): a module imports from its own folder or from a folder
 * below it, never from one above, so the screens build on the layouts and components, and those on
 * the app's plumbing, and nothing low knows the screens.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src');

/** Top to bottom; folders on one line are side by side. The entry files sit at the top, in src/ itself. */
const LAYERS: string[][] = [
  ['.'],
  ['remotes'],
  ['screens'],
  ['forms'],
  ['layouts'],
  ['components'],
  ['notifications'],
  ['feedback'],
  ['auth'],
  ['i18n'],
  ['users', 'todo'],
  ['api'],
  ['app'],
];
const rankOf = new Map(LAYERS.flatMap((folders, rank) => folders.map((folder) => [folder, rank] as const)));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** The folder of src/ a file belongs to ('.' for src/ itself). */
const layerOf = (file: string) => {
  const [first, ...rest] = path.relative(src, file).split(path.sep);
  return rest.length === 0 ? '.' : first!;
};

/** The relative modules a source imports: static, type-only, re-exported and lazily loaded. */
export function relativeImports(source: string): string[] {
  const found = [...source.matchAll(/(?:\bfrom|\bimport)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g)].map((match) => match[1]!);
  return [...new Set(found)];
}

/** The imports of `file` that point up the layers. */
function upwardImports(file: string): string[] {
  const from = layerOf(file);
  return relativeImports(readFileSync(file, 'utf8'))
    .map((specifier) => ({ specifier, to: layerOf(path.resolve(path.dirname(file), specifier)) }))
    .filter(({ to }) => rankOf.get(to)! < rankOf.get(from)!)
    .map(({ specifier, to }) => `${path.relative(src, file)} (${from}) imports ${specifier} (${to})`);
}

const files = sourceFiles(src);

describe("the shell's layers", () => {
  it('place every folder of src/', () => {
    const unplaced = [...new Set(files.map(layerOf))].filter((folder) => !rankOf.has(folder));
    expect(unplaced).toEqual([]);
  });

  it('are followed by every import: down or sideways, never up', () => {
    expect(files.length).toBeGreaterThan(50);
    expect(files.flatMap(upwardImports)).toEqual([]);
  });

  it('read every kind of relative import', () => {
    const source = [
      "import { a } from './a.js';",
      "import type { B } from '../b/index.js';",
      "export { c } from './c.js';",
      "import './styles.css';",
      "const D = lazy(() => import('./screens/D.js'));",
      "import { e } from 'react';",
    ].join('\n');
    expect(relativeImports(source)).toEqual(['./a.js', '../b/index.js', './c.js', './styles.css', './screens/D.js']);
  });
});
