export const CHART_DIR: string;
export interface ValuesRow {
  key: string;
  default: string;
  description: string;
}
/** The documented values of values.yaml, and the leaves no `# --` comment covers. */
export function valuesRows(valuesYaml?: string): { rows: ValuesRow[]; undocumented: string[] };
export function valuesTable(rows: ValuesRow[]): string;
export function renderReadme(readme: string, table: string): string;
