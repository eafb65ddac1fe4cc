// @ts-check
// Build settings the shell and the remotes must agree on: the shared singletons, the TSX loader and
// react-router's production build. Each front end keeps its own rspack.config.mjs and deploys alone.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';

/** One React, one router, one react-intl on the page, whichever app loads first. */
export function sharedSingletons(packageJsonPath) {
  const pkg = JSON.parse(readFileSync(packageJsonPath, 'utf8'));
  const singletons = ['react', 'react-dom', 'react-router-dom', 'react-intl'];
  const shared = Object.fromEntries(singletons.map((name) => [name, { singleton: true, requiredVersion: pkg.dependencies[name] }]));
  // The JSX runtime lives in the react package; share it with the same version rule.
  shared['react/jsx-runtime'] = { singleton: true, requiredVersion: pkg.dependencies.react };
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

export const resolveTypeScript = {
  extensions: ['.tsx', '.ts', '.js', '.json'],
  extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
};

/**
 * A remote: a module-federation container whose only entry is remoteEntry.js, served wherever its
 * mf-manifest.json is (publicPath 'auto'), exposing route-level components.
 */
export function remoteConfig({ dir, name, exposes }) {
  const packageJson = join(dir, 'package.json');
  return {
    mode: 'production',
    context: dir,
    target: ['web', 'es2022'],
    entry: {},
    output: {
      path: join(dir, 'dist'),
      publicPath: 'auto',
      filename: '[name].[contenthash:10].js',
      chunkFilename: '[name].[contenthash:10].js',
      clean: true,
    },
    devtool: false,
    resolve: { ...resolveTypeScript, alias: productionRouterAlias(packageJson) },
    module: { rules: [tsxRule] },
    plugins: [
      new ModuleFederationPlugin({
        name,
        filename: 'remoteEntry.js',
        exposes,
        shared: sharedSingletons(packageJson),
        shareStrategy: 'loaded-first',
        manifest: true,
        dts: false,
        // Browser-only runtime: leaves out the Node script loader (and its eval("require")).
        experiments: { optimization: { target: 'web' } },
      }),
    ],
    performance: { hints: false },
  };
}
