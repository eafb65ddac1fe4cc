// @ts-check
// Production build of the elections remote: a module-federation container served under
// /remotes/elections/<version>/. `node rspack.config.mjs` (the build script) builds a version once
// and makes it current (see README.md); `rspack build` reads the same config.
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@rspack/cli';
import { buildRemote, remoteConfig } from '@civic/frontend-kit/rspack';

const config = remoteConfig({
  dir: fileURLToPath(new URL('.', import.meta.url)),
  name: 'elections',
  exposes: { './ElectionsRoutes': './src/ElectionsRoutes.tsx' },
});
// The shared HTTP contract, from its sources (as tsconfig.json's paths does for the type check).
config.resolve.alias['@civic/contracts$'] = fileURLToPath(new URL('../../packages/contracts/src/index.ts', import.meta.url));

export default defineConfig(config);

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildRemote(config);
