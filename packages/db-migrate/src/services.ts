import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';

import { applyMigrations } from './migrate.js';

export interface ApplyAllOptions {
  databaseUrl: string;
  /** The repository root holding `services/<name>/prisma/migrations`. */
  rootDir: string;
  /** Only these services (default: every service that has a migrations folder). */
  services?: string[];
  /** Where the one-line-per-service report goes. */
  log?: (line: string) => void;
}

export function serviceMigrationsDir(rootDir: string, service: string): string {
  return path.join(rootDir, 'services', service, 'prisma', 'migrations');
}

async function isDirectory(dir: string): Promise<boolean> {
  return stat(dir).then(
    (stats) => stats.isDirectory(),
    () => false,
  );
}

/** The services with a migrations folder, by name. */
export async function findMigratableServices(rootDir: string): Promise<string[]> {
  const entries = await readdir(path.join(rootDir, 'services'), { withFileTypes: true }).catch(() => []);
  const services: string[] = [];
  for (const entry of entries) {
    if (entry.isDirectory() && (await isDirectory(serviceMigrationsDir(rootDir, entry.name)))) services.push(entry.name);
  }
  return services.sort();
}

/**
 * Applies each service's migrations into the schema named after the service, one service after the
 * other (the report stays in order and a failure stops before the next service).
 */
export async function applyAllServiceMigrations({
  databaseUrl,
  rootDir,
  services,
  log = (line) => console.log(line),
}: ApplyAllOptions): Promise<Record<string, string[]>> {
  const available = await findMigratableServices(rootDir);
  const selected = services ?? available;
  const unknown = selected.filter((service) => !available.includes(service));
  if (unknown.length > 0) {
    throw new Error(
      `No migrations folder for ${unknown.join(', ')} (expected services/<name>/prisma/migrations); ` +
        `services with migrations: ${available.join(', ') || 'none'}.`,
    );
  }
  if (selected.length === 0) log('No service has a prisma/migrations folder yet.');

  const applied: Record<string, string[]> = {};
  for (const service of selected) {
    const result = await applyMigrations({ databaseUrl, schema: service, migrationsDir: serviceMigrationsDir(rootDir, service) });
    applied[service] = result.applied;
    log(
      result.applied.length === 0
        ? `${service}: up to date`
        : `${service}: applied ${result.applied.length} migration(s): ${result.applied.join(', ')}`,
    );
  }
  return applied;
}
