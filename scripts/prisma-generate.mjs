// `pnpm generate`: the Prisma client of every service that has a schema, skipped when up to date.
//
// Conventions of a service (services/<name>/), which this script and packages/db-migrate rely on:
//   prisma/schema.prisma   datasource db { provider = "postgresql" }   (no url: Prisma 7 reads it from the config)
//                          generator client { provider = "prisma-client"  output = "../src/generated/prisma" }
//                          unqualified models; the service's tables live in the PostgreSQL schema named after it
//   prisma/migrations/     <yyyyMMddHHmmss>_<name>/migration.sql + migration_lock.toml (`pnpm db:migration <service> <name>`)
//   prisma.config.ts       import { defineConfig } from 'prisma/config';
//                          export default defineConfig({
//                            schema: 'prisma/schema.prisma',
//                            migrations: { path: 'prisma/migrations' },
//                            datasource: { url: process.env.DATABASE_URL ?? '' },
//                          });
//
// `prisma generate` never runs the native schema engine, which cannot be downloaded on every machine, so
// PRISMA_SCHEMA_ENGINE_BINARY may point at any executable (this Node); migrations use the wasm engine.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// The root devDependency `prisma` (its package.json names the CLI entry under "bin").
const prismaPackage = createRequire(path.join(root, 'package.json')).resolve('prisma/package.json');
const prismaCli = path.join(path.dirname(prismaPackage), 'build/index.js');

const servicesDir = path.join(root, 'services');
const services = (existsSync(servicesDir) ? readdirSync(servicesDir) : [])
  .filter((name) => existsSync(path.join(servicesDir, name, 'prisma/schema.prisma')))
  .sort();

function isUpToDate(serviceDir) {
  const generated = path.join(serviceDir, 'src/generated/prisma/client.ts');
  return existsSync(generated) && statSync(generated).mtimeMs >= statSync(path.join(serviceDir, 'prisma/schema.prisma')).mtimeMs;
}

function generate(serviceDir) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [prismaCli, 'generate'], {
      cwd: serviceDir,
      env: {
        ...process.env,
        PRISMA_SCHEMA_ENGINE_BINARY: process.env.PRISMA_SCHEMA_ENGINE_BINARY ?? process.execPath,
        PRISMA_HIDE_UPDATE_MESSAGE: '1',
      },
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', (error) => resolve({ ok: false, output: String(error) }));
    child.on('close', (code) => resolve({ ok: code === 0, output }));
  });
}

if (services.length === 0) {
  console.log('prisma generate: no service has a prisma/schema.prisma yet.');
} else {
  const stale = services.filter((service) => !isUpToDate(path.join(servicesDir, service)));
  if (stale.length === 0) console.log(`prisma generate: clients up to date (${services.join(', ')}).`);
  // Separate processes, one per service: running them side by side takes the time of one.
  const results = await Promise.all(stale.map((service) => generate(path.join(servicesDir, service))));
  let failed = false;
  stale.forEach((service, i) => {
    const { ok, output } = results[i];
    if (ok) {
      console.log(`${service}: Prisma client generated`);
    } else {
      failed = true;
      process.stderr.write(output);
      console.error(`${service}: prisma generate failed (above)`);
    }
  });
  if (failed) process.exitCode = 1;
}
