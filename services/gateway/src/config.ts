import { existsSync, statSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';
import Type, { type Static } from 'typebox';
import { ConfigError } from '@civic/service-kit';
import { REMOTE_VERSION_PATTERN } from './domain/static-files.js';
import type { RemoteFolder } from './frontend.js';

/** An upstream base URL: scheme, host and port only (the gateway forwards the full path). */
const upstreamUrl = (port: number) =>
  Type.String({ pattern: '^https?://[^/?#\\s]+/?$', default: `http://127.0.0.1:${port}` });

/** One origin (`scheme://host[:port]`), as browsers send it in the Origin header. */
const ORIGIN = 'https?://[^/\\s,]+/?';
/** A proxy address or CIDR, or one of proxy-addr's names (loopback, linklocal, uniquelocal). */
const PROXY_ADDRESS =
  '(loopback|linklocal|uniquelocal|[0-9]{1,3}(\\.[0-9]{1,3}){3}(/[0-9]{1,2})?|[0-9A-Fa-f]*:[0-9A-Fa-f:.]*(/[0-9]{1,3})?)';

/**
 * The gateway's settings. It owns no database and no NATS connection, so it does not take the
 * services' BaseConfigProperties (which require DATABASE_URL); it keeps their names for the shared
 * ones (PORT, HOST, LOG_LEVEL, SHUTDOWN_GRACE_MS) because runService reads those.
 */
export const GatewayConfig = Type.Object({
  PORT: Type.Integer({ minimum: 0, maximum: 65535, default: 8080 }),
  HOST: Type.String({ minLength: 1, default: '0.0.0.0' }),
  LOG_LEVEL: Type.Union(
    ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'].map((level) => Type.Literal(level)),
    { default: 'info' },
  ),
  SHUTDOWN_GRACE_MS: Type.Integer({ minimum: 0, default: 10_000 }),

  IDENTITY_URL: upstreamUrl(4001),
  DECISIONS_URL: upstreamUrl(4002),
  ELECTIONS_URL: upstreamUrl(4003),
  CHAT_URL: upstreamUrl(4004),
  NOTIFICATIONS_URL: upstreamUrl(4005),
  /** Longest wait for an upstream's response headers, and between two chunks of its body. */
  UPSTREAM_TIMEOUT_MS: Type.Integer({ minimum: 100, default: 30_000 }),
  /** Keep-alive connections the gateway opens at most to each API upstream. */
  UPSTREAM_CONNECTIONS: Type.Integer({ minimum: 1, maximum: 65_535, default: 128 }),

  /**
   * Built front ends; when set, the gateway serves them itself (single-machine mode). A remote's
   * folder is its dist/: one folder per version and `current` naming the active one.
   */
  SHELL_DIST: Type.Optional(Type.String({ minLength: 1 })),
  DECISIONS_REMOTE_DIST: Type.Optional(Type.String({ minLength: 1 })),
  ELECTIONS_REMOTE_DIST: Type.Optional(Type.String({ minLength: 1 })),
  /** Pins the version a remote's manifest URL answers with, whatever dist/current says (rollback). */
  DECISIONS_REMOTE_VERSION: Type.Optional(Type.String({ pattern: REMOTE_VERSION_PATTERN })),
  ELECTIONS_REMOTE_VERSION: Type.Optional(Type.String({ pattern: REMOTE_VERSION_PATTERN })),

  /** Requests per client IP and window on /api. */
  RATE_LIMIT_MAX: Type.Integer({ minimum: 1, default: 600 }),
  RATE_LIMIT_WINDOW_MS: Type.Integer({ minimum: 1000, default: 60_000 }),
  /**
   * Whom to believe about the client's address, scheme and host (X-Forwarded-*): `false` (the
   * gateway faces clients), `true` (whatever connects is a proxy), or the proxies' addresses /
   * CIDRs, comma separated (Fastify ignores hop counts, so none are taken).
   */
  TRUST_PROXY: Type.String({
    pattern: `^(true|false|${PROXY_ADDRESS}(\\s*,\\s*${PROXY_ADDRESS})*)$`,
    default: 'false',
  }),
  /**
   * The origin users open (scheme://host[:port]; a path is ignored), as the services' PUBLIC_URL: the
   * origin whose pages may change anything (the CSRF rule) and open the chat socket. The request's
   * Host never decides it: anyone can write a Host header.
   */
  PUBLIC_URL: Type.String({ pattern: '^https?://[^/?#\\s]+(/[^\\s]*)?$', default: 'http://localhost:8080' }),
  /** Other origins allowed to call /api with credentials, comma separated. Empty: same origin only. */
  CORS_ORIGINS: Type.String({ pattern: `^(\\s*${ORIGIN}\\s*(,\\s*${ORIGIN}\\s*)*)?$`, default: '' }),
});
export type GatewayConfig = Static<typeof GatewayConfig>;

/** TRUST_PROXY in the form Fastify's `trustProxy` takes. */
export function trustProxySetting(value: string): boolean | string {
  if (value === 'true') return true;
  if (value === 'false') return false;
  return value
    .split(',')
    .map((part) => part.trim())
    .join(',');
}

/** CORS_ORIGINS as a set of lower-case origins. */
export function corsOrigins(value: string): ReadonlySet<string> {
  return new Set(
    value
      .split(',')
      .map((origin) => origin.trim().toLowerCase().replace(/\/$/, ''))
      .filter((origin) => origin.length > 0),
  );
}

/**
 * The origins whose pages may send state-changing requests and open the socket, lower case: PUBLIC_URL's
 * and CORS_ORIGINS.
 */
export function siteOrigins(config: Pick<GatewayConfig, 'PUBLIC_URL' | 'CORS_ORIGINS'>): ReadonlySet<string> {
  return new Set([new URL(config.PUBLIC_URL).origin.toLowerCase(), ...corsOrigins(config.CORS_ORIGINS)]);
}

export const DIST_VARIABLES = ['SHELL_DIST', 'DECISIONS_REMOTE_DIST', 'ELECTIONS_REMOTE_DIST'] as const;

/**
 * The front-end folders, made absolute. Throws ConfigError naming each variable whose folder
 * does not exist, so a typo fails at start instead of serving 404s.
 */
export function resolveDistFolders(
  config: GatewayConfig,
  cwd: string = process.cwd(),
): Record<(typeof DIST_VARIABLES)[number], string | undefined> {
  const problems: string[] = [];
  const folders = {} as Record<(typeof DIST_VARIABLES)[number], string | undefined>;
  for (const name of DIST_VARIABLES) {
    const given = config[name];
    if (given === undefined) {
      folders[name] = undefined;
      continue;
    }
    const folder = isAbsolute(given) ? given : resolve(cwd, given);
    let isDirectory = false;
    try {
      isDirectory = statSync(folder).isDirectory();
    } catch {
      isDirectory = false;
    }
    if (!isDirectory) problems.push(`${name} is invalid (not a directory): got ${JSON.stringify(given)}`);
    folders[name] = folder;
  }
  for (const remote of REMOTES) {
    const folder = folders[remote.dist];
    const pinned = config[remote.version];
    if (folder === undefined || pinned === undefined || problems.length > 0) continue;
    if (!existsSync(join(folder, pinned, 'mf-manifest.json'))) {
      problems.push(`${remote.version} is invalid (no such build in ${remote.dist}): got ${JSON.stringify(pinned)}`);
    }
  }
  if (problems.length > 0) throw new ConfigError(problems);
  return folders;
}

const REMOTES = [
  { name: 'decisions', dist: 'DECISIONS_REMOTE_DIST', version: 'DECISIONS_REMOTE_VERSION' },
  { name: 'elections', dist: 'ELECTIONS_REMOTE_DIST', version: 'ELECTIONS_REMOTE_VERSION' },
] as const;

/** The remotes the gateway serves itself: those whose dist folder is set, with their pinned version. */
export function servedRemotes(config: GatewayConfig, folders: ReturnType<typeof resolveDistFolders>): RemoteFolder[] {
  return REMOTES.flatMap((remote) => {
    const folder = folders[remote.dist];
    return folder === undefined ? [] : [{ name: remote.name, folder, pinnedVersion: config[remote.version] }];
  });
}
