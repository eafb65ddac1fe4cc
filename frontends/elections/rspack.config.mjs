// @ts-check
// Production build of the elections remote: a module-federation container served under
// /remotes/elections/ (publicPath 'auto': chunk URLs follow wherever mf-manifest.json is served).
import { fileURLToPath } from 'node:url';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { defineConfig } from '@rspack/cli';
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

/** The same shared singletons as the shell: one React, one router, one react-intl on the page. */
const singletons = ['react', 'react-dom', 'react-router-dom', 'react-intl'];
const shared = Object.fromEntries(
  singletons.map((name) => [name, { singleton: true, requiredVersion: pkg.dependencies[name] }]),
);
shared['react/jsx-runtime'] = { singleton: true, requiredVersion: pkg.dependencies.react };

export default defineConfig({
  mode: 'production',
  context: here('.'),
  target: ['web', 'es2022'],
  // A remote has no page of its own: the container entry (remoteEntry.js) is its only entry.
  entry: {},
  output: {
    path: here('./dist'),
    publicPath: 'auto',
    filename: '[name].[contenthash:10].js',
    chunkFilename: '[name].[contenthash:10].js',
    clean: true,
  },
  devtool: false,
  resolve: {
    extensions: ['.tsx', '.ts', '.js', '.json'],
    extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
    alias: productionRouter,
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
    ],
  },
  plugins: [
    new ModuleFederationPlugin({
      name: 'elections',
      filename: 'remoteEntry.js',
      exposes: { './ElectionsRoutes': './src/ElectionsRoutes.tsx' },
      shared,
      shareStrategy: 'loaded-first',
      manifest: true,
      dts: false,
      // Browser-only runtime: leaves out the Node script loader (and its eval("require")).
      experiments: { optimization: { target: 'web' } },
    }),
  ],
  performance: { hints: false },
});
