// @ts-check
// Production build of the shell: the module-federation host that owns the router, the layouts and
// the IntlProvider. Remotes are NOT listed here: their manifest URLs come from /remotes.json at run
// time (src/remotes/registry.ts), so a remote is redeployed without rebuilding the shell.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@rspack/cli';
import { rspack } from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { FirstLoadPreloadPlugin } from './build/first-load-preload.mjs';
import { cssRule, precompressed, productionRouterAlias, resolveTypeScript, sharedSingletons, tsxRule } from '@civic/frontend-kit/rspack';

const here = (path) => fileURLToPath(new URL(path, import.meta.url));
const require = createRequire(import.meta.url);

/**
 * The shared singletons, with the shell providing react-router-dom from build/react-router-dom.mjs:
 * the declarative-routing part of react-router only (a shared module is not tree-shaken otherwise).
 * The version is the installed one, so the remotes' requiredVersion is met as before.
 */
function shellShared() {
  const shared = sharedSingletons(here('./package.json'));
  const routerVersion = JSON.parse(readFileSync(require.resolve('react-router-dom/package.json'), 'utf8')).version;
  shared['react-router-dom'] = { ...shared['react-router-dom'], import: here('./build/react-router-dom.mjs'), version: routerVersion };
  return shared;
}

/**
 * Writes /build-manifest.json: the build's version and the entry scripts index.html loads. The
 * running app polls it (src/app/build-manifest.ts) and offers a reload once another build is deployed.
 */
class BuildManifestPlugin {
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('BuildManifestPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'BuildManifestPlugin', stage: rspack.Compilation.PROCESS_ASSETS_STAGE_REPORT },
        () => {
          const entry = [...(compilation.entrypoints.get('main')?.getFiles() ?? [])]
            .filter((file) => file.endsWith('.js'))
            .map((file) => `/${file}`);
          const version = createHash('sha256').update(entry.join('\n')).digest('hex').slice(0, 16);
          compilation.emitAsset('build-manifest.json', new rspack.sources.RawSource(`${JSON.stringify({ version, entry }, null, 2)}\n`));
        },
      );
    });
  }
}

export default defineConfig({
  mode: 'production',
  context: here('.'),
  target: ['web', 'es2022'],
  entry: { main: './src/index.ts' },
  output: {
    path: here('./dist'),
    // Absolute: deep links such as /elections/elected must load /main.<hash>.js, not /elections/main...
    publicPath: '/',
    filename: '[name].[contenthash:10].js',
    chunkFilename: '[name].[contenthash:10].js',
    cssFilename: '[name].[contenthash:10].css',
    cssChunkFilename: '[name].[contenthash:10].css',
    assetModuleFilename: 'assets/[name].[contenthash:10][ext]',
    clean: true,
  },
  devtool: false,
  resolve: {
    ...resolveTypeScript,
    // Workspace packages from their sources (as jest does): no build-order dependency on `tsc -b`.
    alias: { ...productionRouterAlias(here('./package.json')), '@civic/contracts$': here('../../packages/contracts/src/index.ts') },
  },
  module: {
    rules: [
      tsxRule,
      // contracts/src has no side effects: only what the shell imports is bundled (not typebox).
      { test: /packages[\\/]contracts[\\/]src[\\/]/, sideEffects: false },
      cssRule,
    ],
  },
  plugins: [
    new rspack.HtmlRspackPlugin({ template: './src/index.html', inject: 'body', scriptLoading: 'defer' }),
    // Home's first render waits for its feed (src/screens/HomeScreen.tsx).
    new FirstLoadPreloadPlugin({ bootstrap: './bootstrap.js', routeChunks: { '/': ['./home/HomeFeed.js'] } }),
    // public/remotes.json is the run-time remote map; deployments overwrite it, not the bundle.
    new rspack.CopyRspackPlugin({ patterns: [{ from: 'public', to: '.' }] }),
    new BuildManifestPlugin(),
    new ModuleFederationPlugin({
      name: 'shell',
      remotes: {},
      shared: shellShared(),
      shareStrategy: 'loaded-first',
      manifest: false,
      dts: false,
      // Browser-only runtime: leaves out the Node script loader (and its eval("require")).
      experiments: { optimization: { target: 'web' } },
    }),
    ...precompressed(),
  ],
  performance: { hints: false },
});
