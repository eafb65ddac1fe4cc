#!/usr/bin/env node
// Rotates identity's access-token signing key (procedure and bounds: docs/signing-keys.md).
// identity keeps its Ed25519 keys in its own schema (table identity.signing_key): the newest signs,
// every stored key is published in the JWKS (/api/auth/jwks). Runs inside the identity image (copied
// to /app/deploy/scripts) or from the repository, with DATABASE_URL set (the identity pods have it):
//
//   node deploy/scripts/rotate-signing-key.mjs rotate
//       adds a new key; restart identity (kubectl rollout restart) so every pod signs with it
//   node deploy/scripts/rotate-signing-key.mjs retire --older-than-minutes 60
//       removes every key but the newest created more than N minutes ago. Their tokens stop at once in
//       identity and within 7 seconds in the other services. Run it only once the restart is complete
//       (an identity pod still signing with a retired key hands out refused tokens); unless the old key
//       leaked, wait ACCESS_TOKEN_MINUTES after the restart, so that its tokens have expired.
//   node deploy/scripts/rotate-signing-key.mjs list
//
// IDENTITY_SCHEMA overrides the schema name (default identity).
import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
// pg is a dependency of identity's Prisma adapter: found from identity's package, in the image
// (/app/services/identity) and in the repository alike.
const identityPackage = [path.resolve(here, '../../services/identity/package.json'), path.resolve(here, '../services/identity/package.json')].find(
  (candidate) => existsSync(candidate),
);
if (!identityPackage) throw new Error('services/identity not found next to this script');
const fromIdentity = createRequire(identityPackage);
const pg = createRequire(fromIdentity.resolve('@prisma/adapter-pg'))('pg');

const schema = process.env.IDENTITY_SCHEMA || 'identity';
if (!/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`bad IDENTITY_SCHEMA: ${schema}`);
const table = `"${schema}"."signing_key"`;

async function main([command, ...args]) {
  if (!process.env.DATABASE_URL) throw new Error('DATABASE_URL is not set');
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    if (command === 'rotate') {
      const { privateKey, publicKey } = generateKeyPairSync('ed25519');
      const kid = randomUUID();
      const publicJwk = { ...publicKey.export({ format: 'jwk' }), kid, alg: 'EdDSA', use: 'sig' };
      const privateJwk = { ...privateKey.export({ format: 'jwk' }), kid, alg: 'EdDSA' };
      await client.query(`INSERT INTO ${table} (kid, private_jwk, public_jwk, created_at) VALUES ($1, $2, $3, now())`, [kid, privateJwk, publicJwk]);
      console.log(`new signing key ${kid}. Next: kubectl rollout restart deployment/<release>-identity, then retire the old keys after ACCESS_TOKEN_MINUTES.`);
    } else if (command === 'retire') {
      const index = args.indexOf('--older-than-minutes');
      const minutes = Number(index === -1 ? Number.NaN : args[index + 1]);
      if (!Number.isInteger(minutes) || minutes < 1) throw new Error('retire needs --older-than-minutes <N>');
      const { rows } = await client.query(
        `DELETE FROM ${table} WHERE kid <> (SELECT kid FROM ${table} ORDER BY created_at DESC LIMIT 1)
           AND created_at < now() - make_interval(mins => $1) RETURNING kid`,
        [minutes],
      );
      console.log(
        rows.length === 0
          ? 'no key to retire'
          : `retired ${rows.map((row) => row.kid).join(', ')}: identity refuses their tokens now, the other services within seconds (docs/signing-keys.md).`,
      );
    } else if (command === 'list') {
      const { rows } = await client.query(`SELECT kid, created_at FROM ${table} ORDER BY created_at DESC`);
      rows.forEach((row, i) => console.log(`${row.kid}  ${row.created_at.toISOString()}${i === 0 ? '  (signing)' : ''}`));
    } else {
      throw new Error('usage: rotate-signing-key.mjs rotate | retire --older-than-minutes <N> | list');
    }
  } finally {
    await client.end();
  }
}

main(process.argv.slice(2)).catch((error) => {
  console.error(`rotate-signing-key: ${error.message}`);
  process.exitCode = 1;
});
