// @ts-check
// Production build of the shell: the module-federation host that owns the router, the layouts and
// the IntlProvider. Remotes are NOT listed here: their manifest URLs come from /remotes.json at run
// time (src/remotes/registry.ts), so a remote is redeployed without rebuilding the shell.
import { fileURLToPath } from 'node:url';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { defineConfig } from '@rspack/cli';
import { rspack } from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';

const here = (path) => fileURLToPath(new URL(path, import.meta.url));
const pkg = JSON.parse(readFileSync(here('./package.json'), 'utf8'));

// react-router 7 exports only its development build (remix-run/react-router#12532, #14102), which
// logs development warnings; production bundles use the production build it also ships.
const routerDom = createRequire(here('./package.json')).resolve('react-router-dom/package.json');
const router = dirname(createRequire(routerDom).resolve('react-router/package.json'));
const productionRouter = {
  'react-router$': join(router, 'dist/production/index.mjs'),
  'react-router/dom$': join(router, 'dist/production/dom-export.mjs'),
};

/** The shared singletons; remotes declare the same list (see their rspack.config.mjs). */
const singletons = ['react', 'react-dom', 'react-router-dom', 'react-intl'];
const shared = Object.fromEntries(
  singletons.map((name) => [name, { singleton: true, requiredVersion: pkg.dependencies[name] }]),
);
// The JSX runtime lives in the react package; share it with the same version rule.
shared['react/jsx-runtime'] = { singleton: true, requiredVersion: pkg.dependencies.react };

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
    extensions: ['.tsx', '.ts', '.js', '.json'],
    extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
    // Workspace packages from their sources (as jest does): no build-order dependency on `tsc -b`.
    alias: { ...productionRouter, '@civic/contracts$': here('../../packages/contracts/src/index.ts') },
  },
  module: {
    rules: [
      {
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
      },
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
      shared,
      shareStrategy: 'loaded-first',
      manifest: false,
      dts: false,
      // Browser-only runtime: leaves out the Node script loader (and its eval("require")).
      experiments: { optimization: { target: 'web' } },
    }),
  ],
  performance: { hints: false },
});
