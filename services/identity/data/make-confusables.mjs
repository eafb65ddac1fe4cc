// Makes confusables.txt of this folder from Unicode's UTS #39 confusables.txt (data/README.md):
// node data/make-confusables.mjs <path of Unicode's confusables.txt>
import { readFileSync, writeFileSync } from 'node:fs';

const source = process.argv[2];
if (!source) throw new Error('usage: node data/make-confusables.mjs <path of confusables.txt from https://www.unicode.org/Public/security/latest/>');
const text = readFileSync(source, 'utf8');
const version = text.match(/^# Version: (.+)$/m)?.[1];
const date = text.match(/^# Date: (.+)$/m)?.[1];
if (!version) throw new Error(`${source} names no version: is it Unicode's confusables.txt?`);

const lines = [];
for (const line of text.split('\n')) {
  const data = line.replace(/#.*/, '').trim();
  if (data === '') continue;
  const [from, to] = data.split(';').map((field) => field.trim());
  if (!from || !to) throw new Error(`unexpected line: ${line}`);
  lines.push(`${from};${to}`);
}
const header = [
  `# Source → prototype of Unicode's confusables.txt, version ${version} (${date}), one mapping a line, code points in hex.`,
  '# Made by data/make-confusables.mjs; licence: Unicode License v3 (https://www.unicode.org/terms_of_use.html).',
];
writeFileSync(new URL('./confusables.txt', import.meta.url), `${[...header, ...lines].join('\n')}\n`);
console.log(`${lines.length} mappings of version ${version}`);
