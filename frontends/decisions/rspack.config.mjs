// @ts-check
// Production build of the decisions remote: a module-federation container served under
// /remotes/decisions/<version>/. `node rspack.config.mjs` (the build script) builds a version once
// and makes it current (see README.md); `rspack build` reads the same config.
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@rspack/cli';
import { buildRemote, remoteConfig } from '@civic/frontend-kit/rspack';

const here = (path) => fileURLToPath(new URL(path, import.meta.url));
const config = remoteConfig({
  dir: here('.'),
  name: 'decisions',
  exposes: { './DecisionsRoutes': './src/DecisionsRoutes.tsx' },
  routesModule: here('./src/DecisionsRoutes.tsx'),
});

// @civic/contracts from its sources, as the shell does: no build-order dependency on `tsc -b`, and
// contracts/src has no side effects, so only what the screens import is bundled (not typebox).
config.resolve.alias = { ...config.resolve.alias, '@civic/contracts$': here('../../packages/contracts/src/index.ts') };
config.module.rules = [...config.module.rules, { test: /packages[\\/]contracts[\\/]src[\\/]/, sideEffects: false }];

export default defineConfig(config);

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildRemote(config);
