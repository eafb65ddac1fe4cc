/**
 * The built gateway (`node dist/server.js`) as a process, as the start script runs it: for the tests
 * of single-machine mode, which read what the process does with its environment and its files.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const gatewayDir = join(dirname(fileURLToPath(import.meta.url)), '..');
export const server = join(gatewayDir, 'dist', 'server.js');

/** How long a start may take: a loaded machine (the whole suite beside) takes seconds to load the server. */
const START_TIMEOUT_MS = 60_000;

export interface StartedGateway {
  child: ChildProcess;
  /** Where it listens, e.g. http://127.0.0.1:41234. */
  base: string;
  /** Everything it wrote so far, stdout and stderr. */
  output: () => string;
}

/** Starts the built gateway on a free port with only PATH and `env`; resolves once it listens. */
export function startBuiltGateway(env: Record<string, string>): Promise<StartedGateway> {
  const child = spawn(process.execPath, [server], {
    cwd: gatewayDir,
    env: { PATH: process.env.PATH ?? '', PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`gateway did not start within ${START_TIMEOUT_MS} ms (run tsc -b first):\n${output}`)), START_TIMEOUT_MS);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const listening = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (listening) {
        clearTimeout(timer);
        resolve({ child, base: listening[1]!, output: () => output });
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`gateway exited with ${code}:\n${output}`));
    });
  });
}
