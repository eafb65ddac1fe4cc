// `pnpm generate`: the Prisma client of every service that has a schema, skipped when up to date.
// `prisma generate` never runs the native schema engine, which cannot be downloaded everywhere, so
// PRISMA_SCHEMA_ENGINE_BINARY may point at any executable; migrations use the wasm engine instead.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const prismaCli = path.join(root, 'node_modules/prisma/build/index.js');
const services = readdirSync(path.join(root, 'services')).filter((name) => existsSync(path.join(root, 'services', name, 'prisma/schema.prisma')));

if (services.length === 0) console.log('No service has a prisma/schema.prisma yet.');
for (const service of services) {
  const dir = path.join(root, 'services', service);
  const schema = path.join(dir, 'prisma/schema.prisma');
  const generated = path.join(dir, 'src/generated/prisma/client.ts');
  if (existsSync(generated) && statSync(generated).mtimeMs > statSync(schema).mtimeMs) continue;
  const result = spawnSync(process.execPath, [prismaCli, 'generate'], {
    cwd: dir,
    encoding: 'utf8',
    env: { ...process.env, PRISMA_SCHEMA_ENGINE_BINARY: process.env.PRISMA_SCHEMA_ENGINE_BINARY ?? process.execPath, PRISMA_HIDE_UPDATE_MESSAGE: '1' },
  });
  if (result.status !== 0) {
    process.stderr.write(result.stdout + result.stderr);
    console.error(`prisma generate failed for ${service}`);
    process.exit(1);
  }
  console.log(`${service}: Prisma client generated`);
}
