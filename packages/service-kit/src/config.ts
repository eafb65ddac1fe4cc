import Type, { type Static, type TObject, type TProperties } from 'typebox';
import Value from 'typebox/value';

/** Settings every service reads. Services extend this with their own. */
export const BaseConfigProperties = {
  PORT: Type.Integer({ minimum: 0, maximum: 65535 }),
  HOST: Type.String({ default: '0.0.0.0' }),
  LOG_LEVEL: Type.Union(
    ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'].map((level) => Type.Literal(level)),
    { default: 'info' },
  ),
  DATABASE_URL: Type.String({ pattern: '^postgres(ql)?://' }),
  NATS_URL: Type.String({ pattern: '^(nats|tls)://', default: 'nats://127.0.0.1:4222' }),
  /** Prefix of every subject and stream name, so test runs sharing one NATS never meet. */
  NATS_PREFIX: Type.String({ pattern: '^([a-z0-9_]+\\.)?$', default: '' }),
  /**
   * The outbox relay's safety-net poll: a commit wakes the relay at once through LISTEN/NOTIFY, and
   * the poll only catches a notice lost while its connection was down.
   */
  OUTBOX_POLL_MS: Type.Integer({ minimum: 10, default: 2000 }),
  /** Where the relay listens for commits: a direct connection when DATABASE_URL goes through a transaction-mode pooler. */
  OUTBOX_LISTEN_URL: Type.Optional(Type.String({ minLength: 1 })),
  SHUTDOWN_GRACE_MS: Type.Integer({ minimum: 0, default: 15_000 }),
  /**
   * On SIGTERM, how long at most a pod keeps answering (unready, each answer closing its connection)
   * before it closes: callers' idle keep-alive connections end on their side, never under a request.
   */
  SHUTDOWN_DRAIN_MS: Type.Integer({ minimum: 0, default: 5_000 }),
  /**
   * The version a producer writes of an event that has several, e.g. `identity.user.registered=2`
   * (comma-separated). An event not listed is written in its oldest supported version: switch only
   * once every consumer reads the newer one (docs/events.md). Entries of other services' events are ignored.
   */
  PUBLISH_EVENT_VERSIONS: Type.String({ pattern: '^([a-z0-9-]+(\\.[a-z0-9-]+)+=[1-9][0-9]*(,[a-z0-9-]+(\\.[a-z0-9-]+)+=[1-9][0-9]*)*)?$', default: '' }),
  /**
   * A consumer reads event versions up to this number only; newer ones are parked until it is
   * "upgraded". Unset: every version the build knows. Rehearses a consumer build that predates a version.
   */
  READ_EVENT_VERSIONS_UP_TO: Type.Optional(Type.Integer({ minimum: 1 })),
};

/** Who issues access tokens and for whom: identity signs with these, every service checks them. */
export const JwtConfigProperties = {
  JWT_ISSUER: Type.String({ minLength: 1, default: 'civic-identity' }),
  JWT_AUDIENCE: Type.String({ minLength: 1, default: 'civic-platform' }),
  /** Identity signs access tokens for this long; the others keep a revoked session's tokens refused as long (docs/sessions.md). */
  ACCESS_TOKEN_MINUTES: Type.Integer({ minimum: 1, default: 15 }),
};

/** Services other than identity verify tokens with identity's public keys. */
export const JwksConfigProperties = {
  ...JwtConfigProperties,
  JWKS_URL: Type.String({ format: 'uri', default: 'http://127.0.0.1:4001/api/auth/jwks' }),
};

export const BaseConfig = Type.Object(BaseConfigProperties);
export type BaseConfig = Static<typeof BaseConfig>;

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/**
 * Reads the schema's keys from the environment, applies defaults, converts strings to the
 * declared types and validates. Throws ConfigError naming every missing or bad variable.
 */
export function loadConfig<P extends TProperties>(
  schema: TObject<P>,
  env: Record<string, string | undefined> = process.env,
): Static<TObject<P>> {
  const raw: Record<string, unknown> = {};
  for (const key of Object.keys(schema.properties)) {
    const value = env[key];
    if (value !== undefined && value !== '') raw[key] = value;
  }
  const withDefaults = Value.Default(schema, raw);
  const converted = Value.Convert(schema, withDefaults);
  if (Value.Check(schema, converted)) return converted as Static<TObject<P>>;

  // Each variable is checked on its own so that every bad one is named, not only the first.
  const problems: string[] = [];
  const values = converted as Record<string, unknown>;
  const required = new Set<string>((schema.required ?? []) as string[]);
  for (const [name, property] of Object.entries(schema.properties)) {
    const value = values[name];
    if (value === undefined) {
      if (required.has(name)) problems.push(`${name} is required but not set`);
      continue;
    }
    const [first] = Value.Errors(property, value);
    if (first) problems.push(`${name} is invalid (${first.message}): got ${JSON.stringify(env[name] ?? null)}`);
  }
  // A rule across settings (a schema refinement) fails no single variable: report its own message.
  if (problems.length === 0) for (const error of Value.Errors(schema, converted)) problems.push(error.message);
  throw new ConfigError(problems);
}
