#!/usr/bin/env node
// Each chart README's values table, generated from the `# --` comments of its values.yaml
// (helm-docs style: a `# -- text` comment documents the key below it; a documented map is one row
// with its default as JSON, unless keys inside it are documented themselves). Every chart under
// deploy/helm with a values.yaml is covered.
//
//   node deploy/scripts/values-doc.mjs           check: exit 1 if a value is undocumented or a README is stale
//   node deploy/scripts/values-doc.mjs --write   rewrite the table in each deploy/helm/<chart>/README.md
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const require = createRequire(path.join(root, 'package.json'));
const { parseDocument, isMap, isSeq, isScalar } = require('yaml');

export const HELM_DIR = path.join(root, 'deploy/helm');

/** The directories of the charts that have values to document, by name. */
export function chartDirs() {
  return readdirSync(HELM_DIR, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(path.join(HELM_DIR, entry.name, 'values.yaml')))
    .map((entry) => path.join(HELM_DIR, entry.name))
    .sort();
}
const START = '<!-- values-table:start -->';
const END = '<!-- values-table:end -->';

/** The `-- ` description in a comment block (the last `--` paragraph), or undefined. */
function description(comment) {
  if (!comment) return undefined;
  const lines = comment.split('\n').map((line) => line.trim());
  let start = -1;
  lines.forEach((line, index) => {
    if (line.startsWith('-- ')) start = index;
  });
  if (start === -1) return undefined;
  return lines
    .slice(start)
    .map((line, index) => (index === 0 ? line.slice(3) : line))
    .join(' ')
    .trim();
}

function hasDocumentedDescendant(node) {
  if (!isMap(node)) return false;
  return node.items.some(
    (pair, index) =>
      description(commentOf(node, pair, index)) !== undefined || hasDocumentedDescendant(pair.value),
  );
}

function commentOf(map, pair, index) {
  return [index === 0 ? map.commentBefore : undefined, pair.key?.commentBefore].filter(Boolean).join('\n');
}

/**
 * Rows { key, default, description } of values.yaml, and the leaves no row covers.
 */
export function valuesRows(valuesYaml) {
  const doc = parseDocument(valuesYaml);
  const rows = [];
  const undocumented = [];
  const walk = (map, prefix, covered) => {
    map.items.forEach((pair, index) => {
      const key = `${prefix}${pair.key.value}`;
      const text = description(commentOf(map, pair, index));
      const value = pair.value;
      const documentedInside = hasDocumentedDescendant(value);
      if (text !== undefined && !documentedInside) {
        rows.push({ key, default: JSON.stringify(value?.toJSON ? value.toJSON() : (value ?? null)), description: text });
        return;
      }
      if (text !== undefined) rows.push({ key, default: '', description: text });
      if (isMap(value) && value.items.length > 0) {
        walk(value, `${key}.`, covered || text !== undefined);
      } else if (!covered && text === undefined && (isScalar(value) || isSeq(value) || isMap(value) || value == null)) {
        undocumented.push(key);
      }
    });
  };
  walk(doc.contents, '', false);
  return { rows, undocumented };
}

const cell = (text) => text.replace(/\|/g, '\\|');

export function valuesTable(rows) {
  const lines = ['| key | default | description |', '| --- | --- | --- |'];
  for (const row of rows) lines.push(`| \`${row.key}\` | ${row.default ? `\`${cell(row.default)}\`` : ''} | ${cell(row.description)} |`);
  return lines.join('\n');
}

/** README.md with its table replaced by the current one. */
export function renderReadme(readme, table) {
  const start = readme.indexOf(START);
  const end = readme.indexOf(END);
  if (start === -1 || end === -1) throw new Error(`README.md needs the markers ${START} and ${END}`);
  return `${readme.slice(0, start + START.length)}\n${table}\n${readme.slice(end)}`;
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  for (const chartDir of chartDirs()) {
    const chart = path.basename(chartDir);
    const { rows, undocumented } = valuesRows(readFileSync(path.join(chartDir, 'values.yaml'), 'utf8'));
    if (undocumented.length > 0) {
      console.error(`${chart}/values.yaml: no "# --" description for: ${undocumented.join(', ')}`);
      process.exitCode = 1;
    }
    const readmePath = path.join(chartDir, 'README.md');
    const readme = readFileSync(readmePath, 'utf8');
    const updated = renderReadme(readme, valuesTable(rows));
    if (process.argv.includes('--write')) {
      writeFileSync(readmePath, updated);
      console.log(`${chart}/README.md: ${rows.length} values`);
    } else if (updated !== readme) {
      console.error(`${chart}/README.md values table is stale: run node deploy/scripts/values-doc.mjs --write`);
      process.exitCode = 1;
    }
  }
}
