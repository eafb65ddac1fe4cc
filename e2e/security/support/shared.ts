/**
 * State built once per jest run and shared by every security test file, whichever worker process
 * runs it. Some of what the files need is global to the stack (an election sets every official at
 * once; identity seeds exactly one moderator; the first decision cycle fills only once), so it cannot
 * be built per file. The first file to ask builds it under a lock file in the run's shared folder
 * (SECURITY_SHARED_DIR, made by the global setup); the others, in parallel workers or later in the
 * same one, wait for the JSON it writes, or for the error it left.
 */
import { closeSync, existsSync, openSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';

function sharedDir(): string {
  const dir = process.env.SECURITY_SHARED_DIR;
  if (!dir) throw new Error('SECURITY_SHARED_DIR is unset: the security tests run after their global setup (e2e/security/global-setup.mjs)');
  return dir;
}

/**
 * Answers the value `name` built once in this run: `build` runs in the first caller only (which also
 * gets its local part, things that cannot cross a process such as logged-in clients), the other
 * callers get the shared part only.
 */
export async function buildOnce<S, L>(name: string, build: () => Promise<{ shared: S; local: L }>, timeoutMs = 180_000): Promise<{ shared: S; local: L | null }> {
  const dir = sharedDir();
  const file = (suffix: string) => path.join(dir, `${name}.${suffix}`);
  let owner = false;
  try {
    closeSync(openSync(file('lock'), 'wx'));
    owner = true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }

  if (owner) {
    try {
      const built = await build();
      writeFileSync(file('tmp'), JSON.stringify(built.shared));
      renameSync(file('tmp'), file('json'));
      return built;
    } catch (error) {
      writeFileSync(file('failed'), error instanceof Error ? (error.stack ?? error.message) : String(error));
      throw error;
    }
  }

  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (existsSync(file('json'))) return { shared: JSON.parse(readFileSync(file('json'), 'utf8')) as S, local: null };
    if (existsSync(file('failed'))) throw new Error(`building the shared ${name} failed in another test file:\n${readFileSync(file('failed'), 'utf8')}`);
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for another test file to build the shared ${name}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
