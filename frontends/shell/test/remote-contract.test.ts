/**
 * The shell hands its layouts and 404 to the remotes through props typed in
 * shell/src/remotes/contract.ts; each remote keeps a verbatim copy (a remote cannot import its host).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const read = (path: string) => readFileSync(fileURLToPath(new URL(path, import.meta.url)), 'utf8');

describe('shell/remote contract', () => {
  const contract = read('../src/remotes/contract.ts');

  it.each(['decisions', 'elections'])('is copied verbatim into the %s remote', (remote) => {
    expect(read(`../../${remote}/src/shell-contract.ts`)).toBe(contract);
  });
});
