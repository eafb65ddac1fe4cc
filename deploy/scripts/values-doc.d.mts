/** deploy/helm: one directory per chart. */
export const HELM_DIR: string;
/** The charts with a values.yaml to document (absolute directories, sorted). */
export function chartDirs(): string[];
export interface ValuesRow {
  key: string;
  default: string;
  description: string;
}
/** The documented values of a values.yaml text, and the leaves no `# --` comment covers. */
export function valuesRows(valuesYaml: string): { rows: ValuesRow[]; undocumented: string[] };
export function valuesTable(rows: ValuesRow[]): string;
export function renderReadme(readme: string, table: string): string;
