/**
 * The front ends bundle contracts from its sources, keeping only the modules they use. A value
 * imported from a module that builds TypeBox schemas keeps that module, its schemas and typebox in
 * the bundle, so the values a browser imports must live in schema-free modules (types are erased).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const contractsSource = path.join(root, 'packages/contracts/src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(name) ? [file] : [];
  });
}

/** Names a file imports from '@civic/contracts' as values (not `import type`, not `type X`). */
function valueImports(source: string): string[] {
  const names: string[] = [];
  for (const match of source.matchAll(/import\s+(type\s+)?\{([^}]*)\}\s+from\s+'@civic\/contracts'/g)) {
    if (match[1]) continue;
    for (const part of (match[2] ?? '').split(',')) {
      const name = part.trim();
      if (name !== '' && !name.startsWith('type ')) names.push(name.split(/\s+as\s+/)[0]!.trim());
    }
  }
  return names;
}

/** Relative modules a contracts module imports as values. */
const valueDependencies = (source: string): string[] =>
  [...source.matchAll(/^import\s+(?!type\b)[^;]*?from\s+'\.\/([\w-]+)\.js';/gm)].map((match) => `${match[1]}.ts`);

/** Whether a contracts module loads typebox when it runs, itself or through what it imports. */
function loadsTypebox(file: string, seen = new Set<string>()): boolean {
  if (seen.has(file)) return false;
  seen.add(file);
  const source = readFileSync(path.join(contractsSource, file), 'utf8');
  if (/^import\s+(?!type\b)[^;]*from\s+'typebox'/m.test(source)) return true;
  return valueDependencies(source).some((dependency) => loadsTypebox(dependency, seen));
}

function definingModule(name: string): string {
  const modules = readdirSync(contractsSource).filter((file) => file.endsWith('.ts') && file !== 'index.ts');
  const found = modules.find((file) => new RegExp(`export (const|function|class|let) ${name}\\b`).test(readFileSync(path.join(contractsSource, file), 'utf8')));
  if (!found) throw new Error(`no contracts module exports the value ${name}`);
  return found;
}

describe('values the front ends import from contracts', () => {
  const browserSources = ['frontends/shell/src', 'frontends/decisions/src', 'frontends/elections/src', 'packages/frontend-kit/src'].flatMap((dir) =>
    sourceFiles(path.join(root, dir)),
  );
  const imported = [...new Set(browserSources.flatMap((file) => valueImports(readFileSync(file, 'utf8'))))].sort();

  it('are found in the front ends (the scan reads their imports)', () => {
    expect(imported).toEqual(expect.arrayContaining(['ErrorMessages', 'chatRooms', 'candidateDateField']));
  });

  it('come from modules that do not load typebox', () => {
    const offending = imported.map((name) => ({ name, module: definingModule(name) })).filter(({ module }) => loadsTypebox(module));
    expect(offending).toEqual([]);
  });

  it('would be caught in a module that builds schemas', () => {
    expect(loadsTypebox('chat.ts')).toBe(true);
    expect(loadsTypebox('chat-rooms.ts')).toBe(false);
  });
});
