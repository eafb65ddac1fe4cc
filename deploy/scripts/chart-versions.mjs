#!/usr/bin/env node
// Charts as releases: each chart's version is bumped whenever what it packages changes, and each
// version has its CHANGELOG section. A `ct lint`-style check over deploy/helm:
//
//   node deploy/scripts/chart-versions.mjs check [--base <git ref>]
//       every chart's Chart.yaml fields and CHANGELOG section; for each chart this change touches
//       (its files differ from the base's record): a version above the base's, and helm lint --strict
//   node deploy/scripts/chart-versions.mjs record [--base <git ref>]
//       after a bump: records each chart's version and files (refused for a chart changed since the
//       base under the base's version)
//
// The base is the commit a change goes onto (default HEAD; in CI the target branch, CHART_BASE_REF).
// What a chart packages is its folder with the charts it links (charts/platform-lib, the all-in-one
// chart's components), so a change of the library is a change of every chart built on it.
// The record, deploy/helm/chart-versions.json, is { <chart>: { version, files: <sha256> } }.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parse } from 'yaml';
import { runHelm } from './helm.mjs';

export const HELM_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../helm');
export const RECORD_FILE = path.join(HELM_DIR, 'chart-versions.json');
export const CHANGELOG_FILE = path.resolve(HELM_DIR, '../CHANGELOG.md');

const SEMVER = /^(\d+)\.(\d+)\.(\d+)(?:-([0-9A-Za-z.-]+))?(?:\+[0-9A-Za-z.-]+)?$/;

/** Compares two semantic versions: negative, zero or positive (a pre-release sorts before its release). */
export function compareVersions(a, b) {
  const [, ...left] = SEMVER.exec(a) ?? [];
  const [, ...right] = SEMVER.exec(b) ?? [];
  if (!left.length || !right.length) throw new Error(`not a semantic version: ${left.length ? b : a}`);
  for (let i = 0; i < 3; i++) if (Number(left[i]) !== Number(right[i])) return Number(left[i]) - Number(right[i]);
  if (left[3] === right[3]) return 0;
  if (left[3] === undefined) return 1;
  if (right[3] === undefined) return -1;
  return left[3] < right[3] ? -1 : 1;
}

/** The folders of deploy/helm holding a Chart.yaml (the released charts), sorted. */
export function releasedCharts(helmDir = HELM_DIR) {
  return readdirSync(helmDir)
    .filter((name) => existsSync(path.join(helmDir, name, 'Chart.yaml')))
    .sort();
}

/** SHA-256 of every file a chart packages, by relative path, following its links to other charts. */
export function chartFilesHash(dir) {
  const hash = createHash('sha256');
  const walk = (folder, prefix) => {
    for (const name of readdirSync(folder).sort()) {
      const full = path.join(folder, name);
      const relative = prefix ? `${prefix}/${name}` : name;
      if (statSync(full).isDirectory()) walk(full, relative);
      else hash.update(`${relative}\0`).update(readFileSync(full)).update('\0');
    }
  };
  walk(dir, '');
  return hash.digest('hex');
}

export function readChart(dir) {
  return parse(readFileSync(path.join(dir, 'Chart.yaml'), 'utf8'));
}

/** What a Chart.yaml lacks to be published: the fields `ct lint` and artifact hubs expect. */
export function chartYamlProblems(dir) {
  const chart = readChart(dir);
  const name = path.basename(dir);
  const problems = [];
  if (chart.apiVersion !== 'v2') problems.push(`${name}: apiVersion must be v2`);
  if (chart.name !== name) problems.push(`${name}: name is "${chart.name}", not its folder's`);
  if (!chart.description || String(chart.description).trim().length < 20) problems.push(`${name}: a description of a sentence or more`);
  if (!SEMVER.test(String(chart.version ?? ''))) problems.push(`${name}: version "${chart.version}" is not a semantic version`);
  if (!['application', 'library'].includes(chart.type)) problems.push(`${name}: type must be application or library`);
  if (chart.type === 'application') {
    if (!chart.appVersion) problems.push(`${name}: appVersion (the component's version) is missing`);
    if (!chart.kubeVersion) problems.push(`${name}: kubeVersion is missing`);
  }
  if (!Array.isArray(chart.maintainers) || chart.maintainers.length === 0 || chart.maintainers.some((m) => !m?.name)) {
    problems.push(`${name}: maintainers, each with a name`);
  }
  for (const dependency of chart.dependencies ?? []) {
    const linked = path.join(dir, 'charts', dependency.name, 'Chart.yaml');
    if (!existsSync(linked)) problems.push(`${name}: dependency ${dependency.name} is not in charts/`);
    else if (String(parse(readFileSync(linked, 'utf8')).version) !== String(dependency.version)) {
      problems.push(`${name}: dependency ${dependency.name} ${dependency.version}, but charts/${dependency.name} is ${parse(readFileSync(linked, 'utf8')).version}`);
    }
  }
  return problems;
}

export function readRecord(file = RECORD_FILE) {
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {};
}

/** The record as the base commit has it ({} when it has none yet). */
export function baseRecord(ref = process.env.CHART_BASE_REF || 'HEAD') {
  const result = spawnSync('git', ['show', `${ref}:${path.relative(path.resolve(HELM_DIR, '../..'), RECORD_FILE)}`], {
    cwd: HELM_DIR,
    encoding: 'utf8',
  });
  return result.status === 0 ? JSON.parse(result.stdout) : {};
}

/** The CHANGELOG's sections, as "<chart> <version>" (headings `## <chart> <version>`). */
export function changelogSections(file = CHANGELOG_FILE) {
  if (!existsSync(file)) return new Set();
  return new Set([...readFileSync(file, 'utf8').matchAll(/^## (\S+) (\S+)\s*$/gm)].map((m) => `${m[1]} ${m[2]}`));
}

/**
 * The check: every chart's Chart.yaml fields and CHANGELOG section, and the record up to date; each
 * chart this change touches (its files differ from the base's record) has a version above the base's
 * and passes `helm lint --strict`: the charts a change touches only. Answers { touched, problems }.
 */
export function checkCharts({ helmDir = HELM_DIR, base = baseRecord(), record = readRecord(), changelog = changelogSections(), lint = true } = {}) {
  const problems = [];
  const touched = [];
  for (const name of releasedCharts(helmDir)) {
    const dir = path.join(helmDir, name);
    problems.push(...chartYamlProblems(dir));
    const version = String(readChart(dir).version);
    if (!changelog.has(`${name} ${version}`)) problems.push(`${name}: deploy/CHANGELOG.md has no "## ${name} ${version}" section`);
    const files = chartFilesHash(dir);
    const before = base[name];
    if (before?.files === files && before.version === version) continue;
    touched.push(name);
    if (before && SEMVER.test(version) && compareVersions(version, before.version) <= 0) {
      problems.push(`${name}: its files changed but its version is still ${version}: bump version in its Chart.yaml, add its CHANGELOG section, then node deploy/scripts/chart-versions.mjs record`);
    } else if (record[name]?.files !== files || record[name]?.version !== version) {
      problems.push(`${name}: ${version} with these files is not recorded: node deploy/scripts/chart-versions.mjs record`);
    }
    if (lint) {
      const result = runHelm(['lint', '--strict', dir]);
      if (result.status !== 0) problems.push(`${name}: helm lint --strict failed:\n${result.stdout}${result.stderr}`);
    }
  }
  return { touched, problems };
}

/** Records each chart's version and files; refuses a chart changed since the base under the base's version. */
export function recordCharts({ helmDir = HELM_DIR, file = RECORD_FILE, base = baseRecord() } = {}) {
  const record = readRecord(file);
  const refused = [];
  for (const name of releasedCharts(helmDir)) {
    const dir = path.join(helmDir, name);
    const version = String(readChart(dir).version);
    const files = chartFilesHash(dir);
    const before = base[name];
    if (before && before.files !== files && compareVersions(version, before.version) <= 0) {
      refused.push(`${name}: changed without a version bump (still ${version})`);
      continue;
    }
    record[name] = { version, files };
  }
  writeFileSync(file, `${JSON.stringify(record, null, 2)}\n`);
  return refused;
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const [command, flag, ref] = process.argv.slice(2);
  const base = baseRecord(flag === '--base' ? ref : undefined);
  if (command === 'check') {
    const { touched, problems } = checkCharts({ base });
    console.log(touched.length ? `Charts this change touches: ${touched.join(', ')}` : 'No chart touched.');
    for (const problem of problems) console.error(`- ${problem}`);
    process.exitCode = problems.length ? 1 : 0;
  } else if (command === 'record') {
    const refused = recordCharts({ base });
    for (const line of refused) console.error(`- ${line}`);
    process.exitCode = refused.length ? 1 : 0;
  } else {
    console.error('Usage: node deploy/scripts/chart-versions.mjs check | record [--base <git ref>]');
    process.exitCode = 2;
  }
}
