#!/usr/bin/env node
// Publishes the charts to an OCI registry of the operator's: packages each chart whose version the
// registry does not hold yet (`helm package`, linked charts included) and pushes it (`helm push`).
// A version already there is never pushed again: a published version never changes.
//
//   node deploy/scripts/push-charts.mjs oci://<registry>/<path> [--dry-run] [chart...]
//   CHART_REGISTRY=oci://<registry>/<path> node deploy/scripts/push-charts.mjs
//
// Log in first with `helm registry login <registry>`: helm runs here with your own configuration.
// --dry-run packages into .tmp/charts and says what would be pushed. The check comes first
// (chart-versions.mjs): nothing is published from a tree whose versions are not in order.
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { checkCharts, HELM_DIR, readChart, releasedCharts } from './chart-versions.mjs';
import { helmPath } from './helm.mjs';

/** Library first, then the component charts, the all-in-one chart (which holds them) last. */
export function publishOrder(charts) {
  const rank = (name) => (name === 'platform-lib' ? 0 : name === 'civic-platform' ? 2 : 1);
  return [...charts].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
}

function helm(args) {
  // The operator's own helm configuration (registry logins), unlike the checks' private one.
  const result = spawnSync(helmPath(), args, { encoding: 'utf8' });
  if (result.error) throw result.error;
  return result;
}

function main() {
  const { values, positionals } = parseArgs({ allowPositionals: true, options: { 'dry-run': { type: 'boolean', default: false } } });
  const [first, ...named] = positionals;
  const registry = first?.startsWith('oci://') ? first : process.env.CHART_REGISTRY;
  const only = first?.startsWith('oci://') ? named : positionals;
  if (!registry?.startsWith('oci://')) {
    console.error('Usage: node deploy/scripts/push-charts.mjs oci://<registry>/<path> [--dry-run] [chart...]  (or CHART_REGISTRY=oci://...)');
    process.exitCode = 2;
    return;
  }
  const { problems } = checkCharts({ lint: false });
  if (problems.length) {
    console.error(`Not publishing: the charts' versions are not in order (node deploy/scripts/chart-versions.mjs check):\n${problems.map((p) => `- ${p}`).join('\n')}`);
    process.exitCode = 1;
    return;
  }
  const outDir = path.resolve(HELM_DIR, '../../.tmp/charts');
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  const target = registry.replace(/\/+$/, '');
  for (const name of publishOrder(releasedCharts().filter((chart) => only.length === 0 || only.includes(chart)))) {
    const { version } = readChart(path.join(HELM_DIR, name));
    // `helm show chart` answers only for a version the registry holds.
    if (helm(['show', 'chart', `${target}/${name}`, '--version', String(version)]).status === 0) {
      console.log(`${name} ${version}: already in the registry`);
      continue;
    }
    const packaged = helm(['package', path.join(HELM_DIR, name), '--destination', outDir]);
    if (packaged.status !== 0) throw new Error(`helm package ${name} failed:\n${packaged.stderr}`);
    const archive = path.join(outDir, `${name}-${version}.tgz`);
    if (values['dry-run']) {
      console.log(`${name} ${version}: packaged (${path.relative(process.cwd(), archive)}), would be pushed to ${target}`);
      continue;
    }
    const pushed = helm(['push', archive, target]);
    if (pushed.status !== 0) throw new Error(`helm push ${name} ${version} failed:\n${pushed.stderr}`);
    console.log(`${name} ${version}: pushed to ${target}`);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname)) main();
