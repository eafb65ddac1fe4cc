// Builds a new version of a remote into a dist folder of the caller's, as a remote's release does:
// the version's files appear complete, then `current` names it (frontends' build, see
// packages/frontend-kit/rspack.mjs).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { root } from '../../scripts/stack.mjs';

/** Builds `name`'s remote as `version` into `distDir` and makes it current there. */
export function buildRemoteVersion(name, version, distDir) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['rspack.config.mjs'], {
      cwd: path.join(root, 'frontends', name),
      env: { ...process.env, REMOTE_VERSION: version, REMOTE_DIST_DIR: distDir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`building the ${name} remote ${version} failed:\n${output}`))));
  });
}
