import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// The shell provides react-router-dom to the page from build/react-router-dom.mjs, a subset of
// react-router: every name the shell or a remote imports from 'react-router-dom' must be in it.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const subsetFile = path.join(root, 'frontends/shell/build/react-router-dom.mjs');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return name === 'node_modules' || name === 'dist' ? [] : sources(full);
    return /\.tsx?$/.test(name) ? [full] : [];
  });
}

function importedNames(text: string): string[] {
  const names: string[] = [];
  for (const match of text.matchAll(/import\s+(type\s+)?\{([^}]*)\}\s*from\s*'react-router-dom'/g)) {
    if (match[1]) continue; // type-only imports vanish at build time
    for (const raw of match[2]!.split(',')) {
      const name = raw.trim();
      if (name === '' || name.startsWith('type ')) continue;
      names.push(name.split(/\s+as\s+/)[0]!.trim());
    }
  }
  return names;
}

describe('the shared react-router-dom subset', () => {
  const subset = new Set(
    [...readFileSync(subsetFile, 'utf8').matchAll(/^\s+(\w+),$/gm)].map((match) => match[1]!),
  );

  it('lists the declarative-routing API', () => {
    for (const name of ['BrowserRouter', 'Routes', 'Route', 'Link', 'NavLink', 'Navigate', 'Outlet', 'useLocation', 'useNavigate', 'useParams', 'useSearchParams']) {
      expect(subset.has(name)).toBe(true);
    }
  });

  it('has every name the shell and the remotes import from react-router-dom', () => {
    const files = ['shell', 'decisions', 'elections'].flatMap((app) => sources(path.join(root, 'frontends', app, 'src')));
    files.push(...sources(path.join(root, 'packages/frontend-kit/src')));
    const missing = files.flatMap((file) =>
      importedNames(readFileSync(file, 'utf8'))
        .filter((name) => !subset.has(name))
        .map((name) => `${path.relative(root, file)}: ${name}`),
    );
    expect(files.length).toBeGreaterThan(20);
    expect(missing).toEqual([]);
  });

  it('reads named, aliased and type-only imports', () => {
    expect(importedNames("import { Link, type To, useParams as params } from 'react-router-dom';")).toEqual(['Link', 'useParams']);
    expect(importedNames("import type { Location } from 'react-router-dom';")).toEqual([]);
  });
});
