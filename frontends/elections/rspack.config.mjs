// @ts-check
// Production build of the elections remote: a module-federation container served under /remotes/elections/.
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@rspack/cli';
import { remoteConfig } from '@civic/frontend-kit/rspack';

export default defineConfig(
  remoteConfig({
    dir: fileURLToPath(new URL('.', import.meta.url)),
    name: 'elections',
    exposes: { './ElectionsRoutes': './src/ElectionsRoutes.tsx' },
  }),
);
