export { applyMigrations, createMigration, resolveFailedMigration } from './migrate.js';
export type { ApplyMigrationsOptions, CreateMigrationOptions, ResolveOptions } from './migrate.js';
export { applyAllServiceMigrations, findMigratableServices, serviceMigrationsDir } from './services.js';
export type { ApplyAllOptions } from './services.js';
export { isNotReadyYet, waitForDatabase, waitForMigrations } from './wait.js';
export type { WaitForDatabaseOptions, WaitForMigrationsOptions } from './wait.js';
