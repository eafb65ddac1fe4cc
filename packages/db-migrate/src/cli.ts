#!/usr/bin/env node
import { existsSync } from 'node:fs';
import path from 'node:path';

import { createMigration, resolveFailedMigration } from './migrate.js';
import { applyAllServiceMigrations, serviceMigrationsDir } from './services.js';
import { waitForDatabase, waitForMigrations } from './wait.js';

const USAGE = `Usage:
  db-migrate apply [service...] [--wait-for-database <seconds>]
                                    apply pending migrations (all services by default); with
                                    --wait-for-database, first wait that long for the database to answer
  db-migrate wait <service> [--timeout <seconds>]
                                    wait until every migration of services/<service>/prisma/migrations
                                    is applied (the pods' init container), then exit 0
  db-migrate create <service> <name> write services/<service>/prisma/migrations/<timestamp>_<name>
                                    from the difference between the migrations and schema.prisma
  db-migrate resolve <service> <migration>
                                    mark a failed migration rolled back so the next apply retries it
Environment: DATABASE_URL (default postgresql://postgres@127.0.0.1:5432/postgres)`;

const DEFAULT_DATABASE_URL = 'postgresql://postgres@127.0.0.1:5432/postgres';

/** The workspace root above the current directory (where pnpm-workspace.yaml is), else the current directory. */
function findRootDir(start = process.cwd()): string {
  for (let dir = path.resolve(start); ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'pnpm-workspace.yaml'))) return dir;
    if (path.dirname(dir) === dir) return process.cwd();
  }
}

/** Removes `--name <value>` from args; returns the value in seconds as milliseconds, or undefined. */
function takeSeconds(args: string[], name: string): number | undefined {
  const index = args.indexOf(name);
  if (index === -1) return undefined;
  const seconds = Number(args[index + 1]);
  if (!Number.isFinite(seconds) || seconds < 0) throw new UsageError();
  args.splice(index, 2);
  return seconds * 1000;
}

async function main(args: string[]): Promise<void> {
  const [command, ...rest] = args;
  const databaseUrl = process.env['DATABASE_URL'] || DEFAULT_DATABASE_URL;
  const rootDir = findRootDir();

  if (command === 'apply') {
    const waitMs = takeSeconds(rest, '--wait-for-database');
    if (waitMs !== undefined) await waitForDatabase({ databaseUrl, timeoutMs: waitMs });
    await applyAllServiceMigrations({ databaseUrl, rootDir, services: rest.length > 0 ? rest : undefined });
    return;
  }
  if (command === 'wait') {
    const timeoutMs = takeSeconds(rest, '--timeout');
    const [service = ''] = rest;
    if (rest.length !== 1) throw new UsageError();
    const migrationsDir = serviceMigrationsDir(rootDir, service);
    if (!existsSync(migrationsDir)) throw new Error(`No migrations folder for ${service} (expected ${migrationsDir}).`);
    await waitForMigrations({ databaseUrl, schema: service, migrationsDir, timeoutMs });
    return;
  }
  if (command === 'create' && rest.length === 2) {
    const [service = '', name = ''] = rest;
    const schemaPath = path.join(rootDir, 'services', service, 'prisma', 'schema.prisma');
    if (!existsSync(schemaPath)) throw new Error(`No schema at ${schemaPath}.`);
    const migrationsDir = serviceMigrationsDir(rootDir, service);
    const { created } = await createMigration({ databaseUrl, schema: service, schemaPath, migrationsDir, name });
    console.log(
      created
        ? `${service}: created ${path.relative(rootDir, path.join(migrationsDir, created, 'migration.sql'))}`
        : `${service}: schema.prisma matches the migrations, nothing to create`,
    );
    return;
  }
  if (command === 'resolve' && rest.length === 2) {
    const [service = '', migrationName = ''] = rest;
    await resolveFailedMigration({ databaseUrl, schema: service, migrationName });
    console.log(`${service}: ${migrationName} marked rolled back; the next apply runs it again`);
    return;
  }
  throw new UsageError();
}

class UsageError extends Error {}

// Errors that mean "wrong or unreachable DATABASE_URL" rather than a migration problem.
const CONNECTION_ERRORS = new Set(['ECONNREFUSED', 'ENOTFOUND', 'ETIMEDOUT', '3D000', '28000', '28P01']);

function databaseHint(error: unknown): string {
  const code = (error as { code?: unknown }).code;
  if (typeof code !== 'string' || !CONNECTION_ERRORS.has(code)) return '';
  const url = new URL(process.env['DATABASE_URL'] || DEFAULT_DATABASE_URL);
  if (url.password) url.password = '***';
  return ` (cannot use the database at ${url.toString()}: set DATABASE_URL)`;
}

main(process.argv.slice(2)).catch((error: unknown) => {
  if (error instanceof UsageError) {
    console.error(USAGE);
  } else {
    console.error(`db-migrate: ${error instanceof Error ? error.message : String(error)}${databaseHint(error)}`);
    if (process.env['DEBUG'] && error instanceof Error) console.error(error.stack);
  }
  process.exitCode = 1;
});
