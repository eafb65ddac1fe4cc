// The event map: which service produces and which consumes each event. Each service declares its own
// in services/<service>/src/event-map.ts; this file reads the services' code to check those
// declarations (packages/contracts/test/event-map.test.ts) and writes the table of docs/events.md.
//
//   pnpm events:doc      rewrites the table between the event-map markers of docs/events.md
//
// The declarations are TypeScript: run as a script, this file registers itself as a loader that
// compiles them (types dropped) so that no build is needed.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { register } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { isMainThread } from 'node:worker_threads';
import ts from 'typescript';

export const root = fileURLToPath(new URL('..', import.meta.url));
export const START = '<!-- event-map:start -->';
export const END = '<!-- event-map:end -->';

/** An event definition of the contracts (what `eventCatalogue` holds). */
const isDefinition = (value) => typeof value === 'object' && value !== null && typeof value.subject === 'string' && Array.isArray(value.versions);

/** Every directory under services/ that has sources, the gateway included. */
export function serviceNames(rootDir = root) {
  return readdirSync(path.join(rootDir, 'services'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(path.join(rootDir, 'services', entry.name, 'src')))
    .map((entry) => entry.name)
    .sort();
}

/** The TypeScript sources under a directory, without Prisma's generated client nor the map itself. */
function sourcesUnder(dir) {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') && entry.name !== 'event-map.ts')
    .map((entry) => path.join(entry.parentPath ?? entry.path, entry.name))
    .filter((file) => !file.split(path.sep).includes('generated'))
    .sort();
}

/*
 * The scan reads the syntax of each file, not its types, and sees only the usual shapes:
 * - produced: the first argument of a call to `newEvent` or `newPublishedEvent`, an identifier imported
 *   from @civic/contracts, or a local `const` whose initializer names such identifiers
 *   (`const definition = selected ? ProposalSelected : ProposalSecondChance`). Anything else (a
 *   parameter, a property, an event built another way) is reported as unresolved, so that the test
 *   fails rather than missing it;
 * - consumed, in a file that calls `startConsumer` or the service kit's `memberConsumer`: the value of
 *   an `event:` property, and an event identifier passed as an argument of a call (a helper that wraps
 *   startConsumer, as notifications' `alerts('law-archived', LawArchived, ...)` or the member
 *   projection's `member('chat-user-renamed', UserRenamed)`); an event passed to another call in such
 *   a file would count as consumed too;
 * - the durable consumer's name: the string `name:` next to `event:`, or the string argument of the
 *   helper's call with the prefix of a `name: \`<prefix>${name}\`` template of the same file;
 * - imports are followed from @civic/contracts only: an event re-exported by another module, or an
 *   identifier renamed through a second variable, is not seen.
 */

/**
 * What one source file produces and consumes, by the contracts' export names. `isEvent(name)` tells
 * whether the contracts export an event definition under that name.
 */
export function scanSource(text, fileName, isEvent) {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, fileName.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const imported = new Map();
  const locals = new Map();
  const calls = [];
  const eventProperties = [];
  let namePrefix = '';
  const visit = (node) => {
    if (ts.isImportDeclaration(node) && node.moduleSpecifier.text === '@civic/contracts' && !node.importClause?.isTypeOnly) {
      const bindings = node.importClause?.namedBindings;
      if (bindings && ts.isNamedImports(bindings)) {
        for (const element of bindings.elements) if (!element.isTypeOnly) imported.set(element.name.text, (element.propertyName ?? element.name).text);
      }
    }
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer) locals.set(node.name.text, node.initializer);
    if (ts.isCallExpression(node)) calls.push(node);
    if (ts.isPropertyAssignment(node) && ts.isIdentifier(node.name)) {
      if (node.name.text === 'event') eventProperties.push(node);
      const value = node.initializer;
      if (node.name.text === 'name' && ts.isTemplateExpression(value) && value.templateSpans.length === 1 && value.templateSpans[0].literal.text === '') namePrefix = value.head.text;
    }
    ts.forEachChild(node, visit);
  };
  visit(source);

  const eventNamed = (identifier) => {
    const exported = imported.get(identifier);
    return exported && isEvent(exported) ? exported : undefined;
  };
  /** The events an expression stands for: an imported event, or a local const naming some. */
  const eventsOf = (expression, seen = new Set()) => {
    if (!ts.isIdentifier(expression)) return [];
    const direct = eventNamed(expression.text);
    if (direct) return [direct];
    const initializer = locals.get(expression.text);
    if (!initializer || seen.has(expression.text)) return [];
    seen.add(expression.text);
    const found = new Set();
    const collect = (node) => {
      if (ts.isIdentifier(node)) for (const event of eventsOf(node, seen)) found.add(event);
      ts.forEachChild(node, collect);
    };
    collect(initializer);
    return [...found];
  };
  const lineOf = (node) => source.getLineAndCharacterOfPosition(node.getStart()).line + 1;
  const calleeName = (call) => (ts.isIdentifier(call.expression) ? call.expression.text : ts.isPropertyAccessExpression(call.expression) ? call.expression.name.text : '');
  const stringOf = (node) => (node && (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) ? node.text : undefined);

  const produces = [];
  const unresolved = [];
  const consumes = [];
  // The service kit's member projection starts a service's consumers of identity's users too.
  const startsConsumers = calls.some((call) => ['startConsumer', 'memberConsumer'].includes(calleeName(call)));
  for (const call of calls) {
    const callee = calleeName(call);
    if (callee === 'newEvent' || callee === 'newPublishedEvent') {
      const [first] = call.arguments;
      const events = first ? eventsOf(first) : [];
      if (events.length === 0) unresolved.push({ line: lineOf(call), text: `${callee}(${first ? first.getText() : ''}, ...)` });
      for (const event of events) produces.push({ event, line: lineOf(call) });
    } else if (startsConsumers && callee !== 'startConsumer') {
      for (const argument of call.arguments) {
        const event = ts.isIdentifier(argument) ? eventNamed(argument.text) : undefined;
        if (!event) continue;
        const named = call.arguments.map(stringOf).find((text) => text !== undefined);
        consumes.push({ event, durable: named === undefined ? undefined : namePrefix + named, line: lineOf(argument) });
      }
    }
  }
  if (startsConsumers) {
    for (const property of eventProperties) {
      const sibling = property.parent.properties.find((p) => ts.isPropertyAssignment(p) && ts.isIdentifier(p.name) && p.name.text === 'name');
      for (const event of eventsOf(property.initializer)) consumes.push({ event, durable: stringOf(sibling?.initializer), line: lineOf(property) });
    }
  }
  const evented = calls.some((call) => calleeName(call) === 'createEventedApp');
  return { produces, consumes, unresolved, evented, imported: [...imported.values()].filter(isEvent) };
}

/**
 * What a service's code produces and consumes: events by export name, each with where it is seen
 * (`file:line`) and, for consumptions, the durable consumers' names; `evented` when it is built with
 * the service kit's createEventedApp (which reads identity's revocations in every process).
 */
export function scanService(service, isEvent, rootDir = root) {
  const dir = path.join(rootDir, 'services', service, 'src');
  const result = { produces: new Map(), consumes: new Map(), unresolved: [], evented: false };
  const add = (map, event, value) => map.set(event, [...(map.get(event) ?? []), value]);
  for (const file of sourcesUnder(dir)) {
    const relative = path.relative(rootDir, file).split(path.sep).join('/');
    const found = scanSource(readFileSync(file, 'utf8'), file, isEvent);
    for (const { event, line } of found.produces) add(result.produces, event, `${relative}:${line}`);
    for (const { event, durable, line } of found.consumes) add(result.consumes, event, { durable, at: `${relative}:${line}` });
    for (const { line, text } of found.unresolved) result.unresolved.push(`${relative}:${line}: ${text}`);
    result.evented ||= found.evented;
  }
  return result;
}

/** The events the service kit's own code reads: those its sources import from @civic/contracts. */
export function scanServiceKit(isEvent, rootDir = root) {
  const found = new Set();
  for (const file of sourcesUnder(path.join(rootDir, 'packages', 'service-kit', 'src'))) {
    for (const event of scanSource(readFileSync(file, 'utf8'), file, isEvent).imported) found.add(event);
  }
  return [...found].sort();
}

/** `isEvent` over the contracts' exports, and the export name of each definition. */
export function contractsIndex(contracts) {
  const names = new Map(Object.entries(contracts).filter(([, value]) => isDefinition(value)).map(([name, value]) => [value, name]));
  return { isEvent: (name) => isDefinition(contracts[name]), nameOf: (definition) => names.get(definition) };
}

const cell = (items) => (items.length ? items.join(', ') : '—');

/**
 * The generated section: one row per event of the catalogue, with its producer and consumers as the
 * maps declare them and the durable consumers' names as the code spells them.
 */
export function renderEventMap(contracts, maps, rootDir = root) {
  const { isEvent, nameOf } = contractsIndex(contracts);
  const durables = new Map(maps.map((map) => [map.service, scanService(map.service, isEvent, rootDir).consumes]));
  const sorted = [...maps].sort((a, b) => a.service.localeCompare(b.service));
  const rows = contracts.eventCatalogue.map((event) => {
    const has = (list) => list.some((declared) => declared.subject === event.subject);
    const producers = sorted.filter((map) => has(map.produces)).map((map) => map.service);
    const consumers = sorted
      .filter((map) => has(map.viaConsumers))
      .map((map) => {
        const names = [...new Set((durables.get(map.service).get(nameOf(event)) ?? []).map((seen) => seen.durable).filter(Boolean))].sort();
        return names.length ? `${map.service} (${names.map((name) => `\`${name}\``).join(', ')})` : map.service;
      });
    const everyProcess = sorted.filter((map) => has(map.viaServiceKit)).map((map) => map.service);
    if (everyProcess.length) consumers.push(`every process of ${everyProcess.join(', ')} (service kit, ordered consumer)`);
    const versions = event.versions.map((version) => version.version).join(', ');
    return `| \`${event.subject}\` | ${versions} | ${cell(producers)} | ${cell(consumers)} |`;
  });
  return [
    START,
    '<!-- Generated from services/*/src/event-map.ts by `pnpm events:doc`: edit the maps, not this table. -->',
    '',
    '| event | versions | producer | consumers (durable consumer) |',
    '| --- | --- | --- | --- |',
    ...rows,
    '',
    END,
  ].join('\n');
}

/** The document with its generated section replaced. */
export function withEventMap(document, section) {
  const start = document.indexOf(START);
  const end = document.indexOf(END);
  if (start < 0 || end < start) throw new Error(`docs/events.md has no ${START} ... ${END} section`);
  return document.slice(0, start) + section + document.slice(end + END.length);
}

// Loader hooks (Node runs them in a thread of their own once `register` is called below): the
// contracts and the maps are read from their TypeScript sources, compiled one file at a time.
const contractsEntry = pathToFileURL(path.join(root, 'packages', 'contracts', 'src', 'index.ts')).href;

export async function resolve(specifier, context, next) {
  if (specifier === '@civic/contracts') return { url: contractsEntry, shortCircuit: true };
  if (specifier.startsWith('.') && specifier.endsWith('.js') && context.parentURL?.endsWith('.ts')) {
    const url = new URL(specifier.replace(/\.js$/, '.ts'), context.parentURL);
    if (existsSync(url)) return { url: url.href, shortCircuit: true };
  }
  return next(specifier, context);
}

export async function load(url, context, next) {
  if (!url.startsWith('file:') || !url.endsWith('.ts')) return next(url, context);
  const text = readFileSync(new URL(url), 'utf8');
  const compiled = ts.transpileModule(text, { fileName: fileURLToPath(url), compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 } });
  return { format: 'module', source: compiled.outputText, shortCircuit: true };
}

if (isMainThread && process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  register(import.meta.url);
  const contracts = await import('@civic/contracts');
  const maps = [];
  for (const service of serviceNames()) {
    const file = path.join(root, 'services', service, 'src', 'event-map.ts');
    if (existsSync(file)) maps.push((await import(pathToFileURL(file).href)).eventMap);
  }
  const doc = path.join(root, 'docs', 'events.md');
  const before = readFileSync(doc, 'utf8');
  const after = withEventMap(before, renderEventMap(contracts, maps));
  if (after === before) {
    console.log('docs/events.md: the event map is up to date');
  } else {
    writeFileSync(doc, after);
    console.log('docs/events.md: event map rewritten');
  }
}
