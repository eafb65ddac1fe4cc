// @ts-check
// Production build of the decisions remote: a module-federation container served under /remotes/decisions/.
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@rspack/cli';
import { remoteConfig } from '@civic/frontend-kit/rspack';

export default defineConfig(
  remoteConfig({
    dir: fileURLToPath(new URL('.', import.meta.url)),
    name: 'decisions',
    exposes: { './DecisionsRoutes': './src/DecisionsRoutes.tsx' },
  }),
);
