import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
// @ts-expect-error -- a plain ES module of build settings, without type declarations
import { KEPT_VERSIONS, inputsHash, publishVersion, remoteConfig, remoteVersion } from '../rspack.mjs';

let root: string;

function write(file: string, content: string): void {
  mkdirSync(dirname(join(root, file)), { recursive: true });
  writeFileSync(join(root, file), content);
}

/** A workspace with a remote that depends on a kit package, as pnpm lays it out. */
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'remote-version-'));
  write('pnpm-lock.yaml', 'lockfileVersion: 9.0\n');
  write('package.json', '{"name":"workspace"}');
  write('packages/kit/package.json', '{"name":"@x/kit"}');
  write('packages/kit/src/ui.ts', 'export const ui = 1;');
  write('frontends/remote/package.json', '{"name":"@x/remote","dependencies":{"@x/kit":"workspace:*","react":"^19.2.0"}}');
  write('frontends/remote/src/index.ts', 'export const screen = 1;');
  mkdirSync(join(root, 'frontends/remote/node_modules/@x'), { recursive: true });
  symlinkSync(join(root, 'packages/kit'), join(root, 'frontends/remote/node_modules/@x/kit'));
});

afterEach(() => {
  rmSync(root, { recursive: true, force: true });
});

const remote = () => join(root, 'frontends/remote');

describe('the version of a remote build', () => {
  test('is REMOTE_VERSION when set', () => {
    expect(remoteVersion(remote(), { REMOTE_VERSION: '1.4.0-rc.1' })).toBe('1.4.0-rc.1');
    expect(remoteVersion(remote(), { REMOTE_VERSION: ' v2\n' })).toBe('v2');
  });

  test('refuses a REMOTE_VERSION that cannot name a folder and a URL segment', () => {
    for (const bad of ['current', '../v1', '.hidden', 'v 1', 'a/b', 'x'.repeat(129)]) {
      expect(() => remoteVersion(remote(), { REMOTE_VERSION: bad })).toThrow('is not a version');
    }
  });

  test('is otherwise a hash of the inputs: the same for an unchanged tree', () => {
    const version = remoteVersion(remote(), {});
    expect(version).toMatch(/^[0-9a-f]{12}$/);
    expect(remoteVersion(remote(), { REMOTE_VERSION: '' })).toBe(version);
    // Build output, installed packages, tests, docs and dot files are not inputs.
    write('frontends/remote/dist/abc/remoteEntry.js', 'built');
    write('frontends/remote/test/screen.test.ts', 'test()');
    write('frontends/remote/README.md', '# remote');
    write('frontends/remote/node_modules/react/index.js', 'installed');
    write('packages/kit/dist/ui.js', 'built');
    write('frontends/remote/.eslintcache', 'cache');
    write('frontends/remote/tsconfig.tsbuildinfo', '{}');
    expect(inputsHash(remote())).toBe(version);
  });

  test.each([
    { input: 'a source of the remote', file: 'frontends/remote/src/index.ts', content: 'export const screen = 2;' },
    { input: 'a new source file', file: 'frontends/remote/src/other.ts', content: 'export {};' },
    { input: "the remote's package.json", file: 'frontends/remote/package.json', content: '{"name":"@x/remote","dependencies":{"@x/kit":"workspace:*","react":"^19.3.0"}}' },
    { input: 'a workspace package it depends on', file: 'packages/kit/src/ui.ts', content: 'export const ui = 2;' },
    { input: 'the lockfile', file: 'pnpm-lock.yaml', content: 'lockfileVersion: 9.0\n# another resolution\n' },
  ])('changes with $input', ({ file, content }) => {
    const before = inputsHash(remote());
    write(file, content);
    expect(inputsHash(remote())).not.toBe(before);
  });

  test('does not change with a package the remote does not depend on', () => {
    const before = inputsHash(remote());
    write('packages/other/package.json', '{"name":"@x/other"}');
    write('packages/other/src/a.ts', 'export {};');
    expect(inputsHash(remote())).toBe(before);
  });

  test("names the version's URL path in the config, and builds into a folder of its own", () => {
    const decisions = join(dirname(fileURLToPath(import.meta.url)), '../../../frontends/decisions');
    const config = remoteConfig({ dir: decisions, name: 'decisions', exposes: { './DecisionsRoutes': './src/DecisionsRoutes.tsx' }, env: { REMOTE_VERSION: 'v3' } });
    expect(config.output.publicPath).toBe('/remotes/decisions/v3/');
    expect(dirname(config.output.path)).toBe(join(decisions, 'dist'));
    expect(basename(config.output.path)).toMatch(/^\.building-v3-/);
  });
});

describe('publishing a built version', () => {
  const dist = () => join(remote(), 'dist');
  const versionsIn = () => readdirSync(dist()).filter((name) => !name.startsWith('.') && name !== 'current').sort();
  const current = () => readFileSync(join(dist(), 'current'), 'utf8');

  function built(version: string, content = version): string {
    const buildDir = join(dist(), `.building-${version}-1`);
    mkdirSync(buildDir, { recursive: true });
    writeFileSync(join(buildDir, 'remoteEntry.js'), content);
    return buildDir;
  }

  test('moves the build to dist/<version>, then names it in dist/current', () => {
    publishVersion({ distDir: dist(), version: 'v1', buildDir: built('v1') });
    expect(readFileSync(join(dist(), 'v1/remoteEntry.js'), 'utf8')).toBe('v1');
    expect(current()).toBe('v1\n');
    expect(readdirSync(dist()).sort()).toEqual(['current', 'v1']);
  });

  test('never rewrites a version that exists: a second build of it is dropped', () => {
    publishVersion({ distDir: dist(), version: 'v1', buildDir: built('v1', 'first') });
    const again = built('v1', 'second');
    publishVersion({ distDir: dist(), version: 'v1', buildDir: again });
    expect(readFileSync(join(dist(), 'v1/remoteEntry.js'), 'utf8')).toBe('first');
    expect(existsSync(again)).toBe(false);
  });

  test(`keeps the ${KEPT_VERSIONS} newest versions and the current one, and removes files of the old flat layout`, () => {
    write('frontends/remote/dist/remoteEntry.js', 'an unversioned build');
    for (let index = 1; index <= 7; index += 1) {
      publishVersion({ distDir: dist(), version: `v${index}`, buildDir: built(`v${index}`) });
      // Distinct ages without waiting: each version made current later is newer.
      const at = new Date(Date.now() - (10 - index) * 60_000);
      utimesSync(join(dist(), `v${index}`), at, at);
    }
    expect(versionsIn()).toEqual(['v3', 'v4', 'v5', 'v6', 'v7']);
    expect(current()).toBe('v7\n');

    // Making an older version current again (a rebuild of it) counts it as the newest.
    publishVersion({ distDir: dist(), version: 'v3' });
    expect(current()).toBe('v3\n');
    publishVersion({ distDir: dist(), version: 'v8', buildDir: built('v8') });
    expect(versionsIn()).toEqual(['v3', 'v5', 'v6', 'v7', 'v8']);
  });

  test("leaves another build's folder alone while it is being written", () => {
    const other = built('v9');
    publishVersion({ distDir: dist(), version: 'v1', buildDir: built('v1') });
    expect(existsSync(other)).toBe(true);
  });
});
