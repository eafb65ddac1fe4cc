#!/usr/bin/env node
// Removes from a `pnpm deploy` output the packages its code cannot reach. The workspace installs
// optional peers automatically (autoInstallPeers), so @prisma/client brings Prisma's CLI (with its
// Studio, PGlite, effect...) and TypeScript: about 190 MB that only `prisma generate` uses, in the
// build stage. Everything reachable from the package's dependencies stays, minus those two edges.
//
//   node deploy/docker/prune-unreachable.mjs <deployed package dir>
import { existsSync, lstatSync, readdirSync, realpathSync, rmSync } from 'node:fs';
import path from 'node:path';

/** Edges not followed: parent package -> dependency names used only at build time. */
const BUILD_TIME_ONLY = new Map([['@prisma/client', new Set(['prisma', 'typescript'])]]);

const root = path.resolve(process.argv[2] ?? '.');
const store = path.join(root, 'node_modules', '.pnpm');
if (!existsSync(store)) {
  console.log(`prune: no ${path.relative(process.cwd(), store)}, nothing to do`);
  process.exit(0);
}

/** The package names (scoped ones as @scope/name) linked in a node_modules folder. */
function linkedPackages(nodeModules) {
  if (!existsSync(nodeModules)) return [];
  const names = [];
  for (const entry of readdirSync(nodeModules)) {
    if (entry.startsWith('.')) continue;
    if (entry.startsWith('@')) {
      for (const inner of readdirSync(path.join(nodeModules, entry))) names.push(`${entry}/${inner}`);
    } else {
      names.push(entry);
    }
  }
  return names;
}

/** `.pnpm/<id>` of a package's real directory, or undefined when it lives outside the store. */
function storeEntryOf(realDir) {
  const relative = path.relative(store, realDir);
  if (relative.startsWith('..') || path.isAbsolute(relative)) return undefined;
  return relative.split(path.sep)[0];
}

const reached = new Set();
const queue = [];
const visit = (nodeModules, name, parentName) => {
  if (BUILD_TIME_ONLY.get(parentName)?.has(name)) return;
  const link = path.join(nodeModules, name);
  let real;
  try {
    real = realpathSync(link);
  } catch {
    return; // a dangling link: nothing to keep
  }
  const entry = storeEntryOf(real);
  const key = entry === undefined ? real : `${entry}::${name}`;
  if (reached.has(key)) return;
  reached.add(key);
  if (entry !== undefined) reached.add(entry);
  queue.push({ real, name, entry });
};

for (const name of linkedPackages(path.join(root, 'node_modules'))) visit(path.join(root, 'node_modules'), name, undefined);
while (queue.length > 0) {
  const { real, name, entry } = queue.shift();
  // A package's own node_modules (rare in the store) and, in the store, its siblings: its dependencies.
  for (const dep of linkedPackages(path.join(real, 'node_modules'))) visit(path.join(real, 'node_modules'), dep, name);
  if (entry !== undefined) {
    const siblings = path.join(store, entry, 'node_modules');
    for (const dep of linkedPackages(siblings)) if (dep !== name) visit(siblings, dep, name);
  }
}

let removed = 0;
for (const entry of readdirSync(store)) {
  if (entry === 'node_modules' || entry.startsWith('.') || reached.has(entry)) continue;
  rmSync(path.join(store, entry), { recursive: true, force: true });
  removed += 1;
}
// Links left pointing at removed packages (pnpm's hoisted links in .pnpm/node_modules).
const removeDangling = (dir) => {
  if (!existsSync(dir)) return;
  for (const entry of readdirSync(dir)) {
    const full = path.join(dir, entry);
    const stats = lstatSync(full);
    if (stats.isSymbolicLink()) {
      if (!existsSync(full)) rmSync(full, { force: true });
    } else if (stats.isDirectory() && entry.startsWith('@')) {
      removeDangling(full);
    }
  }
};
removeDangling(path.join(store, 'node_modules'));
removeDangling(path.join(root, 'node_modules'));
console.log(`prune: removed ${removed} unreachable packages from ${path.relative(process.cwd(), root) || '.'}`);
