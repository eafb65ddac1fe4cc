#!/usr/bin/env node
// Creates, once, the Secret every chart of the platform reads (global.existingSecret, default
// civic-secrets): the charts never generate secrets themselves, so `helm template` stays
// deterministic and an upgrade never changes a password. For an evaluation install with the
// bundled PostgreSQL, NATS and Redis of the civic-platform chart:
//
//   node deploy/scripts/create-secrets.mjs --release civic                 prints the Secret (JSON)
//   node deploy/scripts/create-secrets.mjs --release civic | kubectl -n civic create -f -
//   node deploy/scripts/create-secrets.mjs --release civic --apply --namespace civic
//       creates it with kubectl unless it exists already (an existing Secret is never replaced:
//       its passwords are in the database and its IP-hash key in stored hashes)
//
// Options: --name <secret> (default civic-secrets), --release <name> (the civic-platform release
// whose bundled services the URLs point at; default civic), --smtp-url <url>, and --database-url,
// --nats-url, --redis-url for services outside the release (with --outbox-listen-url, a direct
// PostgreSQL connection for the outbox relays, when --database-url goes through a transaction-mode pooler,
// and --migration-database-url, a direct one for the migration Jobs, written as migration-database-url
// for global.secretKeys.migrationDatabaseUrl to name). Passwords and the IP-hash key are
// generated here. Production: keep the Secret in a secret manager instead (External Secrets or
// Sealed Secrets, deploy/OPERATIONS.md).
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import path from 'node:path';
import { parseArgs } from 'node:util';

/** A random secret of URL-safe characters (it is spliced into connection URLs). */
export const generateSecret = (bytes = 24) => randomBytes(bytes).toString('base64url');

/**
 * The Secret's manifest. The bundled PostgreSQL and Redis read their passwords from it
 * (postgres-password, redis-password), the services their URLs.
 */
export function secretManifest({ name = 'civic-secrets', release = 'civic', namespace, smtpUrl, databaseUrl, natsUrl, redisUrl, outboxListenUrl, migrationDatabaseUrl, generate = generateSecret }) {
  const postgresPassword = generate();
  const redisPassword = generate();
  const stringData = {
    'postgres-password': postgresPassword,
    'redis-password': redisPassword,
    'database-url': databaseUrl ?? `postgresql://civic:${postgresPassword}@${release}-postgresql:5432/civic`,
    'nats-url': natsUrl ?? `nats://${release}-nats:4222`,
    'redis-url': redisUrl ?? `redis://:${redisPassword}@${release}-redis:6379`,
    'ip-hash-key': generate(36),
    'digest-unsubscribe-key': generate(48),
    ...(smtpUrl ? { 'smtp-url': smtpUrl } : {}),
    // Absent: the relays listen on database-url, right unless a transaction-mode pooler is in between.
    ...(outboxListenUrl ? { 'outbox-listen-url': outboxListenUrl } : {}),
    // Absent: the migration Jobs use database-url; the charts read it only when secretKeys name it.
    ...(migrationDatabaseUrl ? { 'migration-database-url': migrationDatabaseUrl } : {}),
  };
  return {
    apiVersion: 'v1',
    kind: 'Secret',
    metadata: { name, ...(namespace ? { namespace } : {}), labels: { 'app.kubernetes.io/part-of': 'civic-platform' } },
    type: 'Opaque',
    stringData,
  };
}

function kubectl(args, input) {
  const result = spawnSync('kubectl', args, { input, encoding: 'utf8' });
  if (result.error) throw new Error(`kubectl could not run (${result.error.message}): print the Secret without --apply and create it yourself`);
  return result;
}

function main(argv) {
  const { values } = parseArgs({
    args: argv,
    options: {
      name: { type: 'string', default: 'civic-secrets' },
      release: { type: 'string', default: 'civic' },
      namespace: { type: 'string' },
      'smtp-url': { type: 'string' },
      'database-url': { type: 'string' },
      'nats-url': { type: 'string' },
      'redis-url': { type: 'string' },
      'outbox-listen-url': { type: 'string' },
      'migration-database-url': { type: 'string' },
      apply: { type: 'boolean', default: false },
    },
  });
  const manifest = secretManifest({
    name: values.name,
    release: values.release,
    namespace: values.namespace,
    smtpUrl: values['smtp-url'],
    databaseUrl: values['database-url'],
    natsUrl: values['nats-url'],
    redisUrl: values['redis-url'],
    outboxListenUrl: values['outbox-listen-url'],
    migrationDatabaseUrl: values['migration-database-url'],
  });
  const json = `${JSON.stringify(manifest, null, 2)}\n`;
  if (!values.apply) {
    process.stdout.write(json);
    return 0;
  }
  const namespaceArgs = values.namespace ? ['--namespace', values.namespace] : [];
  if (kubectl(['get', 'secret', values.name, ...namespaceArgs]).status === 0) {
    console.log(`Secret ${values.name} exists already: left as it is (delete it first to start afresh, which also loses the data it protects).`);
    return 0;
  }
  const created = kubectl(['create', '-f', '-', ...namespaceArgs], json);
  process.stdout.write(created.stdout);
  process.stderr.write(created.stderr);
  return created.status ?? 1;
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  try {
    process.exitCode = main(process.argv.slice(2));
  } catch (error) {
    console.error(`create-secrets: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  }
}
