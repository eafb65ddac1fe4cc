/**
 * Two rules every front end keeps (frontends/* and this package's src/), read from the sources with
 * the TypeScript compiler:
 * - no component function (one whose own body returns JSX) is longer than 150 lines: a longer one
 *   is split into parts, hooks and files;
 * - a .tsx file (one that holds JSX; a module without it is a .ts file) is named in PascalCase
 *   after the component it exports (`Snackbar.tsx` may export `SnackbarProvider`), or after the
 *   family of components it gathers (`InfoScreens.tsx`, `FormParts.tsx`); entry files are the exception.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const MAX_COMPONENT_LINES = 150;
/** Files that start an app rather than define a component. */
const ENTRY_FILES = new Set(['bootstrap.tsx']);

function tsxFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' || entry.name === 'dist' ? [] : tsxFiles(full);
    return entry.name.endsWith('.tsx') ? [full] : [];
  });
}

const sourceDirs = [
  ...readdirSync(path.join(root, 'frontends'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => path.join(root, 'frontends', entry.name, 'src')),
  path.join(root, 'packages/frontend-kit/src'),
];
const files = sourceDirs.flatMap(tsxFiles).sort();

interface ComponentFunction {
  name: string;
  line: number;
  lines: number;
}

const isJsx = (node: ts.Node) => ts.isJsxElement(node) || ts.isJsxSelfClosingElement(node) || ts.isJsxFragment(node);

/** JSX in the function's own body, not in a function nested in it. */
function ownsJsx(fn: ts.Node): boolean {
  let found = false;
  const visit = (node: ts.Node) => {
    if (found || ts.isFunctionLike(node)) return;
    if (isJsx(node)) found = true;
    else ts.forEachChild(node, visit);
  };
  ts.forEachChild(fn, visit);
  return found;
}

function nameOf(fn: ts.SignatureDeclaration): string {
  if (fn.name) return fn.name.getText();
  if (ts.isVariableDeclaration(fn.parent) || ts.isPropertyAssignment(fn.parent)) return fn.parent.name.getText();
  return '(anonymous)';
}

/** Every function of `source` that returns JSX itself, with its length in lines. */
export function componentFunctions(fileName: string, source: string): ComponentFunction[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: ComponentFunction[] = [];
  const visit = (node: ts.Node) => {
    if ((ts.isFunctionDeclaration(node) || ts.isFunctionExpression(node) || ts.isArrowFunction(node) || ts.isMethodDeclaration(node)) && ownsJsx(node)) {
      const start = file.getLineAndCharacterOfPosition(node.getStart(file)).line;
      const end = file.getLineAndCharacterOfPosition(node.getEnd()).line;
      found.push({ name: nameOf(node), line: start + 1, lines: end - start + 1 });
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

const relative = (file: string) => path.relative(root, file);
const components = files.map((file) => {
  const source = readFileSync(file, 'utf8');
  return { file, functions: componentFunctions(file, source), exported: exportedNames(file, source) };
});

describe('component functions', () => {
  it(`are found in the front ends' sources (the scan reads their JSX)`, () => {
    const names = components.flatMap(({ functions }) => functions.map((fn) => fn.name));
    expect(names).toEqual(expect.arrayContaining(['ChatPanel', 'NotificationsProvider', 'ElectionsOverviewScreen', 'Menu']));
  });

  it(`are at most ${MAX_COMPONENT_LINES} lines long`, () => {
    const tooLong = components.flatMap(({ file, functions }) =>
      functions.filter((fn) => fn.lines > MAX_COMPONENT_LINES).map((fn) => `${relative(file)}:${fn.line} ${fn.name} (${fn.lines} lines)`),
    );
    expect(tooLong).toEqual([]);
  });

  it('would be caught one line over the limit, nested functions measured apart', () => {
    const body = Array.from({ length: MAX_COMPONENT_LINES - 2 }, (_, index) => `  const x${index} = ${index};`).join('\n');
    const long = `export function Long() {\n${body}\n  return <p />;\n}\n`;
    expect(componentFunctions('Long.tsx', long)).toEqual([{ name: 'Long', line: 1, lines: MAX_COMPONENT_LINES + 1 }]);
    const nested = `export function makeRow() {\n  const Row = () => <li />;\n  return Row;\n}\n`;
    expect(componentFunctions('Rows.tsx', nested)).toEqual([{ name: 'Row', line: 2, lines: 1 }]);
  });
});

/** The names a module exports: its exported declarations and export lists. */
export function exportedNames(fileName: string, source: string): string[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const names: string[] = [];
  const bindingNames = (name: ts.BindingName): string[] =>
    ts.isIdentifier(name) ? [name.text] : name.elements.flatMap((element) => (ts.isOmittedExpression(element) ? [] : bindingNames(element.name)));
  for (const statement of file.statements) {
    const exported = ts.canHaveModifiers(statement) && ts.getModifiers(statement)?.some((modifier) => modifier.kind === ts.SyntaxKind.ExportKeyword);
    if (ts.isExportDeclaration(statement) && statement.exportClause && ts.isNamedExports(statement.exportClause)) {
      names.push(...statement.exportClause.elements.map((element) => element.name.text));
    } else if (exported && ts.isVariableStatement(statement)) {
      names.push(...statement.declarationList.declarations.flatMap((declaration) => bindingNames(declaration.name)));
    } else if (exported && (ts.isFunctionDeclaration(statement) || ts.isClassDeclaration(statement)) && statement.name) {
      names.push(statement.name.text);
    }
  }
  return names;
}

/**
 * Why the file's name breaks the rule, or null: PascalCase, and the name of a component it defines
 * or of what it exports (a provider may drop "Provider"), unless it defines several (a family).
 */
export function namingProblem(fileName: string, defined: string[], exported: string[] = []): string | null {
  const base = path.basename(fileName, '.tsx');
  if (ENTRY_FILES.has(path.basename(fileName))) return null;
  if (!/^[A-Z][A-Za-z0-9]*$/.test(base)) return 'is not PascalCase';
  const names = [...defined, ...exported].flatMap((name) => [name, name.replace(/Provider$/, '')]);
  if (names.includes(base) || defined.length >= 2) return null;
  if (defined.length === 0) return 'holds no JSX (a .ts file)';
  return `is not named after its component (${defined.join(', ')})`;
}

describe('.tsx file names', () => {
  it('are PascalCase, after the component or the family of components the file defines (entry files apart)', () => {
    const problems = components
      .map(({ file, functions, exported }) => ({ file, problem: namingProblem(file, [...new Set(functions.map((fn) => fn.name).filter((name) => /^[A-Z]/.test(name)))], exported) }))
      .filter(({ problem }) => problem !== null)
      .map(({ file, problem }) => `${relative(file)} ${problem}`);
    expect(problems).toEqual([]);
  });

  it('would catch a kebab-case name, a name that is not its component and a file without JSX', () => {
    expect(namingProblem('ui/law-tabs.tsx', ['LawTabs'])).toBe('is not PascalCase');
    expect(namingProblem('ui/Tabs.tsx', ['LawTabs'])).toBe('is not named after its component (LawTabs)');
    expect(namingProblem('ui/LawTabs.tsx', ['LawTabs'])).toBeNull();
    expect(namingProblem('ui/States.tsx', ['Loading', 'Empty'])).toBeNull();
    expect(namingProblem('feedback/Snackbar.tsx', ['SnackbarProvider'], ['SnackbarProvider', 'useSnackbar'])).toBeNull();
    expect(namingProblem('screens/Barrel.tsx', [], ['HomeScreen'])).toBe('holds no JSX (a .ts file)');
    expect(namingProblem('src/bootstrap.tsx', [])).toBeNull();
  });
});
