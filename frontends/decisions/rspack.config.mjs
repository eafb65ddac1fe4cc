// @ts-check
// Production build of the decisions remote: a module-federation container served under /remotes/decisions/.
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@rspack/cli';
import { remoteConfig } from '@civic/frontend-kit/rspack';

const here = (path) => fileURLToPath(new URL(path, import.meta.url));
const config = remoteConfig({
  dir: here('.'),
  name: 'decisions',
  exposes: { './DecisionsRoutes': './src/DecisionsRoutes.tsx' },
});

// @civic/contracts from its sources, as the shell does: no build-order dependency on `tsc -b`, and
// contracts/src has no side effects, so only what the screens import is bundled (not typebox).
config.resolve.alias = { ...config.resolve.alias, '@civic/contracts$': here('../../packages/contracts/src/index.ts') };
config.module.rules = [...config.module.rules, { test: /packages[\\/]contracts[\\/]src[\\/]/, sideEffects: false }];

export default defineConfig(config);
