/**
 * The docs against what cites them and what they describe: every `docs/<file>.md#<anchor>` that the
 * code, the READMEs and the docs cite names an existing file and one of its headings (GitHub's
 * anchors), and the jest projects and the services the docs list are the ones the repository has.
 * A failure names the citing file and line, and what it cites.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const thisFile = fileURLToPath(import.meta.url);

/** Where code and docs cite the docs from; generated and built files are not read. */
const citingFolders = ['services', 'packages', 'frontends', 'e2e', 'bench', 'scripts', 'deploy'];
const codeExtensions = ['.ts', '.tsx', '.mjs', '.js', '.yaml', '.yml'];
const skippedFolders = new Set(['node_modules', 'dist', 'generated', 'coverage']);

/** Files under `folder` (relative to the root) that `keep` accepts, skipping generated and built folders. */
function filesUnder(folder: string, keep: (name: string) => boolean): string[] {
  const found: string[] = [];
  const walk = (relative: string) => {
    for (const entry of readdirSync(path.join(root, relative), { withFileTypes: true })) {
      const child = path.posix.join(relative, entry.name);
      if (entry.isDirectory()) {
        if (!skippedFolders.has(entry.name) && !entry.name.startsWith('.')) walk(child);
      } else if (keep(entry.name)) found.push(child);
    }
  };
  walk(folder);
  return found.sort();
}

const isMarkdown = (name: string) => name.endsWith('.md');
const isCode = (name: string) => codeExtensions.some((extension) => name.endsWith(extension));

/** The docs themselves and the root README: their relative links and in-page anchors are checked too. */
const ownedMarkdown = ['README.md', ...filesUnder('docs', isMarkdown)];
const citingFiles = [...ownedMarkdown, ...citingFolders.flatMap((folder) => filesUnder(folder, (name) => isMarkdown(name) || isCode(name)))].filter(
  // This file's own examples are not citations.
  (file) => path.join(root, file) !== thisFile,
);

/** Lines outside fenced code blocks, with their 1-based numbers. */
function proseLines(markdown: string): Array<{ line: number; text: string }> {
  const lines: Array<{ line: number; text: string }> = [];
  let fence: string | null = null;
  markdown.split('\n').forEach((text, index) => {
    const marker = /^\s*(`{3,}|~{3,})/.exec(text)?.[1];
    if (marker && (fence === null || marker.startsWith(fence))) fence = fence === null ? marker : null;
    else if (fence === null) lines.push({ line: index + 1, text });
  });
  return lines;
}

/** GitHub's anchor of a heading: lower case, punctuation but hyphens and spaces removed, spaces to hyphens. */
function slugOf(heading: string): string {
  const text = heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1') // a link or an image counts by its text
    .replace(/<[^>]+>/g, ''); // inline HTML tags
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');
}

/** The anchors of a Markdown file's headings, in order; a repeated slug gets -1, -2, ... as on GitHub. */
function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  for (const { text } of proseLines(markdown)) {
    const heading = /^ {0,3}#{1,6}\s+(.*?)(?:\s+#+)?\s*$/.exec(text)?.[1];
    if (heading === undefined) continue;
    const slug = slugOf(heading);
    let unique = slug;
    for (let repeat = 1; anchors.has(unique); repeat++) unique = `${slug}-${repeat}`;
    anchors.add(unique);
  }
  return anchors;
}

interface Citation {
  /** The citing file (relative to the root) and line. */
  from: string;
  line: number;
  /** The cited file, relative to the root, and the anchor when one is cited. */
  file: string;
  anchor?: string;
}

/** `docs/<file>.md` with an optional anchor, alone or after `./` or `../` segments (a relative link to the root's docs). */
const docsCitation = /(?<![\w/.-])(?:\.{1,2}\/)*docs\/((?:[\w-]+\/)*[\w.-]+\.md)(?:#([\w-]+))?/g;
/** A Markdown link to a relative .md file or to an anchor of the page itself. */
const markdownLink = /\]\((?![a-z]+:)([^)\s#]*\.md)?(?:#([\w-]+))?\)/g;

function citationsIn(from: string, text: string): Citation[] {
  const citations: Citation[] = [];
  text.split('\n').forEach((content, index) => {
    for (const [, file, anchor] of content.matchAll(docsCitation)) citations.push({ from, line: index + 1, file: `docs/${file}`, anchor });
  });
  if (ownedMarkdown.includes(from)) {
    for (const { line, text: content } of proseLines(text)) {
      for (const [, target, anchor] of content.matchAll(markdownLink)) {
        if (target === undefined && anchor === undefined) continue;
        const file = target === undefined ? from : path.posix.normalize(path.posix.join(path.posix.dirname(from), target));
        // Links out of the docs (a service's README) are that README's owners' to keep.
        if (file === from || file.startsWith('docs/')) citations.push({ from, line, file, anchor });
      }
    }
  }
  return citations;
}

const anchorsByFile = new Map<string, Set<string> | null>();
function anchorsOfFile(file: string): Set<string> | null {
  if (!anchorsByFile.has(file)) {
    const full = path.join(root, file);
    let anchors: Set<string> | null = null;
    try {
      if (statSync(full).isFile()) anchors = anchorsOf(readFileSync(full, 'utf8'));
    } catch {
      anchors = null;
    }
    anchorsByFile.set(file, anchors);
  }
  return anchorsByFile.get(file)!;
}

/** What is wrong with a citation, as a sentence naming who cites what; null when it resolves. */
function problemOf(citation: Citation): string | null {
  const where = `${citation.from}:${citation.line}`;
  const cited = citation.anchor === undefined ? citation.file : `${citation.file}#${citation.anchor}`;
  const anchors = anchorsOfFile(citation.file);
  if (anchors === null) return `${where} cites ${cited}: no such file`;
  if (citation.anchor !== undefined && !anchors.has(citation.anchor)) return `${where} cites ${cited}: no heading of ${citation.file} has the anchor #${citation.anchor}`;
  return null;
}

const numberWords = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve'];

/**
 * The jest projects a doc gives: the count of its sentence "<count> jest projects" and the names that
 * open the list or table right after it (`- \`unit\` ...` or `| \`unit\` | ...`).
 */
function jestProjectsGiven(markdown: string): { count: number | null; names: string[] } {
  const lines = proseLines(markdown).map(({ text }) => text);
  const at = lines.findIndex((text) => /\b\w+ jest projects\b/i.test(text));
  if (at < 0) return { count: null, names: [] };
  const word = /\b(\w+) jest projects\b/i.exec(lines[at]!)![1]!.toLowerCase();
  const count = /^\d+$/.test(word) ? Number(word) : numberWords.indexOf(word);
  const names: string[] = [];
  let started = false;
  for (const text of lines.slice(at + 1)) {
    const name = /^(?:- |\| )`([\w-]+)`/.exec(text)?.[1];
    if (name) names.push(name);
    if (/^(?:- |\|)/.test(text)) started = true;
    else if (started && text.trim() === '') break;
  }
  return { count: count < 0 ? null : count, names };
}

/** The names of a `|` table's first column under the heading `## <title>` (header and rule rows left out). */
function firstColumnUnder(markdown: string, title: string): string[] {
  const lines = proseLines(markdown).map(({ text }) => text);
  const start = lines.indexOf(`## ${title}`);
  const section = lines.slice(start + 1);
  const end = section.findIndex((text) => /^## /.test(text));
  const rows = (end < 0 ? section : section.slice(0, end)).filter((text) => text.startsWith('|'));
  return rows
    .slice(2)
    .map((row) => row.split('|')[1]!.trim().replace(/`/g, ''))
    .filter(Boolean);
}

const read = (file: string) => readFileSync(path.join(root, file), 'utf8');
const jestConfig = (await import(path.join(root, 'jest.config.js'))) as { default: { projects: Array<{ displayName: string }> } };
const jestProjects = jestConfig.default.projects.map((project) => project.displayName);
const services = readdirSync(path.join(root, 'services'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();

describe('GitHub anchors of headings', () => {
  it('lower-cases, drops punctuation but hyphens, turns spaces into hyphens, and numbers repeats', () => {
    expect(slugOf('Rolling out an event change: expand, then contract')).toBe('rolling-out-an-event-change-expand-then-contract');
    expect(slugOf('`unitOfWork` and the [outbox](x.md)')).toBe('unitofwork-and-the-outbox');
    expect(slugOf('Proposals — the vote')).toBe('proposals--the-vote');
    const markdown = ['# Title', '## Open pages', '```sh', '# not a heading', '```', '### Open pages', '## Open pages ##'].join('\n');
    expect([...anchorsOf(markdown)]).toEqual(['title', 'open-pages', 'open-pages-1', 'open-pages-2']);
  });
});

describe('citations of the docs', () => {
  it('are found in code, READMEs and the docs themselves', () => {
    const citations = citingFiles.flatMap((file) => citationsIn(file, read(file)));
    expect(citations.length).toBeGreaterThan(100);
    // Both kinds are read: a bare file and a heading's anchor, and a doc's relative links.
    expect(citations.some((citation) => citation.anchor === undefined)).toBe(true);
    expect(citations.some((citation) => citation.from.startsWith('docs/') && citation.file === citation.from && citation.anchor)).toBe(true);
  });

  it('name an existing file and, with an anchor, one of its headings', () => {
    const problems = citingFiles.flatMap((file) => citationsIn(file, read(file)).map(problemOf)).filter((problem) => problem !== null);
    expect(problems).toEqual([]);
  });
});

describe('what the docs list', () => {
  it.each(['README.md', 'docs/architecture.md'])('%s gives the jest projects of jest.config.js, by count and by name', (file) => {
    const given = jestProjectsGiven(read(file));
    expect({ file, count: given.count, names: [...given.names].sort() }).toEqual({ file, count: jestProjects.length, names: [...jestProjects].sort() });
  });

  it("docs/architecture.md's services table and overview list the services of services/", () => {
    const architecture = read('docs/architecture.md');
    expect(firstColumnUnder(architecture, 'Services').sort()).toEqual(services);
    const overview = /^services\/\s+(.+)$/m.exec(architecture)?.[1] ?? '';
    const listed = overview
      .replace(/\([^)]*\)/g, '')
      .split(/,|\band\b/)
      .map((name) => name.trim())
      .filter(Boolean);
    expect(listed.sort()).toEqual(services);
  });

  it("the README's architecture lists the services of services/", () => {
    const line = /^- \*\*Services\*\* \(`services\/`\): ([^.]+)\./m.exec(read('README.md'))?.[1] ?? '';
    const listed = line
      .split(/,|\band\b/)
      .map((name) => name.trim().replace(/^the /, ''))
      .filter(Boolean);
    expect(listed.sort()).toEqual(services);
  });
});
