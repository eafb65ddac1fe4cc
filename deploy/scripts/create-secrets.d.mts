export interface SecretOptions {
  name?: string;
  release?: string;
  namespace?: string;
  smtpUrl?: string;
  databaseUrl?: string;
  natsUrl?: string;
  redisUrl?: string;
  /** A direct PostgreSQL connection for the outbox relays' LISTEN, when databaseUrl goes through a transaction-mode pooler. */
  outboxListenUrl?: string;
  /** A direct PostgreSQL connection for the migration Jobs (key migration-database-url), when databaseUrl goes through a transaction-mode pooler. */
  migrationDatabaseUrl?: string;
  /** Source of random values (tests pass a fixed one). */
  generate?: (bytes?: number) => string;
}
export function generateSecret(bytes?: number): string;
/** The platform Secret's manifest, with generated passwords and IP-hash key. */
export function secretManifest(options: SecretOptions): {
  apiVersion: 'v1';
  kind: 'Secret';
  metadata: { name: string; namespace?: string; labels: Record<string, string> };
  type: 'Opaque';
  stringData: Record<string, string>;
};
