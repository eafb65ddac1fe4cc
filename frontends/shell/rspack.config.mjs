// @ts-check
// Production build of the shell: the module-federation host that owns the router, the layouts and
// the IntlProvider. Remotes are NOT listed here: their manifest URLs come from /remotes.json at run
// time (src/remotes/registry.ts), so a remote is redeployed without rebuilding the shell.
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@rspack/cli';
import { rspack } from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { productionRouterAlias, resolveTypeScript, sharedSingletons, tsxRule } from '@civic/frontend-kit/rspack';

const here = (path) => fileURLToPath(new URL(path, import.meta.url));

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
      { test: /\.css$/, type: 'css' },
    ],
  },
  plugins: [
    new rspack.HtmlRspackPlugin({ template: './src/index.html', inject: 'body', scriptLoading: 'defer' }),
    // public/remotes.json is the run-time remote map; deployments overwrite it, not the bundle.
    new rspack.CopyRspackPlugin({ patterns: [{ from: 'public', to: '.' }] }),
    new ModuleFederationPlugin({
      name: 'shell',
      remotes: {},
      shared: sharedSingletons(here('./package.json')),
      shareStrategy: 'loaded-first',
      manifest: false,
      dts: false,
      // Browser-only runtime: leaves out the Node script loader (and its eval("require")).
      experiments: { optimization: { target: 'web' } },
    }),
  ],
  performance: { hints: false },
});
