// @ts-check
// Build settings the shell and the remotes must agree on: the shared singletons, the TSX loader and
// react-router's production build. Each front end keeps its own rspack.config.mjs and deploys alone.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, realpathSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import zlib from 'node:zlib';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import CompressionPlugin from 'compression-webpack-plugin';
import { parse as parseYaml } from 'yaml';

/** The workspace's version catalogue (pnpm-workspace.yaml `catalog:`), found above `dir`. */
function workspaceCatalog(dir) {
  for (let current = dir; ; current = dirname(current)) {
    const file = join(current, 'pnpm-workspace.yaml');
    if (existsSync(file)) return /** @type {Record<string, string>} */ (parseYaml(readFileSync(file, 'utf8')).catalog ?? {});
    if (dirname(current) === current) return {};
  }
}

/** The design system's module, shared like React (see sharedSingletons). */
export const DESIGN_MODULE = '@civic/frontend-kit/design';
/** The page socket's module, shared the same way. */
export const PAGE_SOCKET_MODULE = '@civic/frontend-kit/page-socket';
const kitVersion = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')).version;

/** One React, one router, one react-intl and one design system on the page, whichever app loads first. */
export function sharedSingletons(packageJsonPath) {
  const pkg = JSON.parse(readFileSync(packageJsonPath, 'utf8'));
  const catalog = workspaceCatalog(dirname(packageJsonPath));
  // `catalog:` is pnpm's; module federation needs the range it stands for.
  const rangeOf = (/** @type {string} */ name) => {
    const range = pkg.dependencies[name];
    if (range !== 'catalog:') return range;
    if (!catalog[name]) throw new Error(`${name} says catalog: but pnpm-workspace.yaml has no version for it`);
    return catalog[name];
  };
  const singletons = ['react', 'react-dom', 'react-router-dom', 'react-intl'];
  const shared = Object.fromEntries(singletons.map((name) => [name, { singleton: true, requiredVersion: rangeOf(name) }]));
  // The JSX runtime lives in the react package; share it with the same version rule.
  shared['react/jsx-runtime'] = { singleton: true, requiredVersion: rangeOf('react') };
  // The design system: one copy on the page, the shell's (design.css styles its classes). A remote
  // built against another minor version of the kit still takes the shell's, with a console warning.
  shared[DESIGN_MODULE] = { singleton: true, requiredVersion: `^${kitVersion}` };
  // The page's one socket (docs/live.md): one module, so socket.io-client loads once, from the shell.
  shared[PAGE_SOCKET_MODULE] = { singleton: true, requiredVersion: `^${kitVersion}` };
  return shared;
}

/**
 * react-router 7 exports only its development build (remix-run/react-router#12532, #14102), which
 * logs development warnings; production bundles use the production build it also ships.
 */
export function productionRouterAlias(packageJsonPath) {
  const routerDom = createRequire(packageJsonPath).resolve('react-router-dom/package.json');
  const router = dirname(createRequire(routerDom).resolve('react-router/package.json'));
  return {
    'react-router$': join(router, 'dist/production/index.mjs'),
    'react-router/dom$': join(router, 'dist/production/dom-export.mjs'),
  };
}

export const tsxRule = {
  test: /\.tsx?$/,
  exclude: /node_modules/,
  loader: 'builtin:swc-loader',
  options: {
    jsc: {
      parser: { syntax: 'typescript', tsx: true },
      transform: { react: { runtime: 'automatic' } },
    },
  },
  type: 'javascript/auto',
};

/**
 * A component's own stylesheet: `import './chat.css'` next to the component. Rspack's CSS support
 * puts it in a .css file beside the chunk that imports it, and the chunk loads it (a <link> in
 * <head>) before its code runs, so a screen never shows unstyled. No CSS in TypeScript strings.
 */
export const cssRule = { test: /\.css$/, type: 'css' };

export const resolveTypeScript = {
  extensions: ['.tsx', '.ts', '.js', '.json'],
  extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
};

/**
 * Brotli and gzip forms of each text file, written beside it (`x.js.br`, `x.js.gz`): the gateway and
 * nginx send them as they are, so no file is compressed per request and brotli gets its best level.
 * Files under 1 KiB, or that shrink by less than 10 %, stay plain. Used by the shell and every remote.
 */
export function precompressed() {
  return [
    ['brotliCompress', '.br', { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY } }],
    ['gzip', '.gz', { level: zlib.constants.Z_BEST_COMPRESSION }],
  ].map(
    ([algorithm, extension, compressionOptions]) =>
      new CompressionPlugin({ test: /\.(js|css|html|svg|json)$/, algorithm, compressionOptions, filename: `[path][base]${extension}`, threshold: 1024, minRatio: 0.9 }),
  );
}

/** A remote version names a folder and a URL segment: a Docker tag's alphabet, never `current`. */
export const VERSION_NAME = /^(?!current$)[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;
/** How many versions a remote's dist/ keeps: pages loaded before a rollout still find their chunks. */
export const KEPT_VERSIONS = 5;
/** A build's own folder while it is written; never served (a version never starts with a dot). */
const BUILDING_PREFIX = '.building-';

/**
 * The version a remote build writes: REMOTE_VERSION when set (a release tag), otherwise a hash of
 * the build's inputs, so an unchanged rebuild finds its version already built.
 */
export function remoteVersion(dir, env = process.env) {
  const given = env.REMOTE_VERSION?.trim();
  if (!given) return inputsHash(dir);
  if (!VERSION_NAME.test(given)) {
    throw new Error(`REMOTE_VERSION ${JSON.stringify(given)} is not a version: letters, digits, ".", "_", "-", at most 128, not "current"`);
  }
  return given;
}

/**
 * 12 hex digits of a hash over what a remote's bundle is made of: its own files, the workspace
 * packages it depends on (frontend-kit, contracts, and theirs), and the lockfile.
 */
export function inputsHash(dir) {
  const hash = createHash('sha256');
  const add = (label, file) => hash.update(`${label}\0${createHash('sha256').update(readFileSync(file)).digest('hex')}\n`);
  for (const folder of [realpathSync(dir), ...workspaceDependencies(dir)]) {
    const packageName = JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8')).name;
    for (const file of filesOf(folder)) add(`${packageName}/${relative(folder, file)}`, file);
  }
  const lockfile = findUp(dir, 'pnpm-lock.yaml');
  if (lockfile) add('pnpm-lock.yaml', lockfile);
  return hash.digest('hex').slice(0, 12);
}

/** The folders of the workspace packages `dir` depends on, transitively, in a stable order. */
function workspaceDependencies(dir, seen = new Set([realpathSync(dir)])) {
  const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
  const names = Object.entries({ ...pkg.dependencies, ...pkg.devDependencies })
    .filter(([, spec]) => String(spec).startsWith('workspace:'))
    .map(([name]) => name)
    .sort();
  const found = [];
  for (const name of names) {
    const folder = realpathSync(join(dir, 'node_modules', name));
    if (seen.has(folder)) continue;
    seen.add(folder);
    found.push(folder, ...workspaceDependencies(folder, seen));
  }
  return found;
}

/** Not part of a bundle: build output, installed packages, tests, docs, dot files. */
const NOT_INPUTS = new Set(['node_modules', 'dist', 'test']);
const notInput = (name) => name.startsWith('.') || NOT_INPUTS.has(name) || name.endsWith('.md') || name.endsWith('.tsbuildinfo');

function filesOf(folder) {
  const entries = readdirSync(folder, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1));
  return entries.flatMap((entry) => {
    if (notInput(entry.name)) return [];
    const full = join(folder, entry.name);
    if (entry.isDirectory()) return filesOf(full);
    return entry.isFile() ? [full] : [];
  });
}

function findUp(dir, name) {
  for (let folder = dir; ; folder = dirname(folder)) {
    if (existsSync(join(folder, name))) return join(folder, name);
    if (dirname(folder) === folder) return undefined;
  }
}

/**
 * Makes a finished build `version` of the remote whose build output is `distDir` the current one:
 * the build folder becomes dist/<version> (a rename: a version folder is complete or absent, and a
 * version already there is never rewritten), then dist/current names it (also a rename), then
 * versions beyond the KEPT_VERSIONS newest are removed.
 */
export function publishVersion({ distDir, version, buildDir }) {
  const versionDir = join(distDir, version);
  if (buildDir !== undefined) {
    if (existsSync(versionDir)) rmSync(buildDir, { recursive: true, force: true });
    else renameSync(buildDir, versionDir);
  }
  // The newest is the one made current last, so a re-activated older version is kept.
  const now = new Date();
  utimesSync(versionDir, now, now);
  const next = join(distDir, `.current-${process.pid}`);
  writeFileSync(next, `${version}\n`);
  renameSync(next, join(distDir, 'current'));
  pruneVersions(distDir, version);
}

/** Keeps `active` and the KEPT_VERSIONS newest versions; removes every other entry of dist/. */
export function pruneVersions(distDir, active) {
  const hourAgo = Date.now() - 3_600_000;
  const versions = [];
  for (const entry of readdirSync(distDir, { withFileTypes: true })) {
    const full = join(distDir, entry.name);
    if (entry.name === 'current') continue;
    if (entry.isDirectory() && VERSION_NAME.test(entry.name)) versions.push({ name: entry.name, mtime: statSync(full).mtimeMs });
    // Another build's folder is left alone, unless it is old enough to be left over from a crash.
    else if (!entry.name.startsWith(BUILDING_PREFIX) || statSync(full).mtimeMs < hourAgo) rmSync(full, { recursive: true, force: true });
  }
  versions.sort((a, b) => b.mtime - a.mtime);
  for (const { name } of versions.slice(KEPT_VERSIONS)) {
    if (name !== active) rmSync(join(distDir, name), { recursive: true, force: true });
  }
}

/** Publishes the version once its build succeeded (see publishVersion). */
class PublishVersionPlugin {
  constructor(target) {
    this.target = target;
  }

  apply(compiler) {
    compiler.hooks.done.tap('PublishVersionPlugin', (stats) => {
      if (!stats.hasErrors()) publishVersion(this.target);
    });
  }
}

/**
 * A remote: a module-federation container whose only entry is remoteEntry.js, exposing route-level
 * components. Each build is a version: its files go to dist/<version>/ and name their URLs under
 * /remotes/<name>/<version>/ (output.publicPath, which mf-manifest.json carries), so a page keeps
 * loading the chunks of the version it started with while another one becomes current. Its CSS
 * files sit beside its chunks; loaded after the shell's stylesheet, a remote's rules win ties with it.
 */
/** An entry of a remote's route table: `['<path>', screen(() => import('<request>')`. */
const ROUTE_ENTRY = /\[\s*'([^']+)',\s*screen\(\s*\(\)\s*=>\s*import\('([^']+)'\)/g;

/**
 * The manifest's `metaData.firstLoad`: for each path of the route table in `routesModule`, in its
 * order (the most specific path first), the files of the screen's chunk group. The shell preloads
 * those of the opened page beside the remote's entry (frontends/shell/src/index.ts), instead of after
 * it: one round trip less on a phone's slow link.
 */
function firstLoadData(routesModule) {
  return ({ stats, compilation }) => {
    const entries = [...readFileSync(routesModule, 'utf8').matchAll(ROUTE_ENTRY)].map(([, path, request]) => ({ path, request }));
    if (entries.length === 0) throw new Error(`firstLoad: no route entry in ${routesModule}`);
    const filesOf = (request) =>
      [...new Set(compilation.chunkGroups.filter((group) => group.origins.some((origin) => origin.request === request)).flatMap((group) => group.getFiles()))].filter((file) => /\.(js|css)$/.test(file));
    stats.metaData.firstLoad = entries.map(({ path, request }) => {
      const files = filesOf(request);
      if (files.length === 0) throw new Error(`firstLoad: no chunk for ${request} (${path}) in ${routesModule}`);
      return { path, files };
    });
    return stats;
  };
}

/**
 * `routesModule`: the module whose route table names each path's screen (see firstLoadData); the
 * manifest then tells the shell which files the first page needs.
 */
export function remoteConfig({ dir, name, exposes, routesModule, env = process.env }) {
  const packageJson = join(dir, 'package.json');
  // REMOTE_DIST_DIR: versions published elsewhere than the remote's own dist/ (the rolling-update
  // rehearsal builds into a folder only its stack serves).
  const distDir = process.env.REMOTE_DIST_DIR ?? join(dir, 'dist');
  const version = remoteVersion(dir, env);
  const buildDir = join(distDir, `${BUILDING_PREFIX}${version}-${process.pid}`);
  return {
    mode: 'production',
    context: dir,
    target: ['web', 'es2022'],
    entry: {},
    output: {
      path: buildDir,
      publicPath: `/remotes/${name}/${version}/`,
      filename: '[name].[contenthash:10].js',
      chunkFilename: '[name].[contenthash:10].js',
      cssFilename: '[name].[contenthash:10].css',
      cssChunkFilename: '[name].[contenthash:10].css',
      clean: true,
    },
    devtool: false,
    resolve: { ...resolveTypeScript, alias: productionRouterAlias(packageJson) },
    module: { rules: [tsxRule, cssRule] },
    // A stylesheet several screens import (the chat's, the search's) goes to a CSS chunk of its own,
    // loaded once, rather than a copy in each screen's chunk.
    optimization: { splitChunks: { cacheGroups: { sharedStyles: { type: 'css', chunks: 'async', minChunks: 2, minSize: 0 } } } },
    plugins: [
      new ModuleFederationPlugin({
        name,
        filename: 'remoteEntry.js',
        exposes,
        shared: sharedSingletons(packageJson),
        shareStrategy: 'loaded-first',
        manifest: routesModule ? { additionalData: firstLoadData(routesModule) } : true,
        dts: false,
        // Browser-only runtime: leaves out the Node script loader (and its eval("require")).
        experiments: { optimization: { target: 'web' } },
      }),
      ...precompressed(),
      new PublishVersionPlugin({ name, distDir, version, buildDir }),
    ],
    performance: { hints: false },
  };
}

/**
 * The remotes' build script (`node rspack.config.mjs`): builds the config's version unless dist/
 * already holds it, in which case that version only becomes current again (a second or so saved on
 * every start, and a version folder is never rewritten while a gateway serves it).
 */
export async function buildRemote(config) {
  const publish = config.plugins.find((plugin) => plugin instanceof PublishVersionPlugin);
  if (!publish) throw new Error('buildRemote takes a config made by remoteConfig');
  const { name, distDir, version, buildDir } = publish.target;
  const label = `${name} remote ${version}`;
  if (existsSync(join(distDir, version, 'mf-manifest.json'))) {
    publishVersion({ distDir, version });
    console.log(`${label}: already built, now current`);
    return;
  }
  const started = Date.now();
  const { rspack } = await import(pathToFileURL(createRequire(join(config.context, 'package.json')).resolve('@rspack/core')).href);
  const stats = await new Promise((resolve, reject) => {
    const compiler = rspack(config);
    compiler.run((error, result) => {
      compiler.close(() => (error ? reject(error) : resolve(result)));
    });
  });
  const report = stats.toString({ preset: 'errors-warnings', colors: process.stdout.isTTY });
  if (report) console.log(report);
  if (stats.hasErrors()) {
    rmSync(buildDir, { recursive: true, force: true });
    throw new Error(`${label}: the build failed`);
  }
  console.log(`${label}: built in ${Date.now() - started} ms, now current`);
}
