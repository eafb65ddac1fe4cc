import fc from 'fast-check';
import pg from 'pg';
import { ErrorMessages } from '@civic/contracts';
import { JSON_MAX_DEPTH, JSON_MAX_KEYS } from '@civic/service-kit';

/** The slice of an OpenAPI 3 document the fuzzer reads. */
interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  format?: string;
}
interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  schema?: JsonSchema;
}
interface Operation {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}
export interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
}

export interface FuzzCaller {
  name: string;
  headers: Record<string, string>;
}

interface Injectable {
  inject(options: { method: string; url: string; headers: Record<string, string>; payload?: string }): Promise<{ statusCode: number; body: string; headers: Record<string, unknown> }>;
}

export interface FuzzOptions {
  app: Injectable;
  openapi: OpenApiDocument;
  /** Who calls: a visitor (no headers), users of each role… */
  callers: FuzzCaller[];
  /** Ids of existing rows, so generated paths and bodies also reach owners' and real records. */
  knownIds?: string[];
  /** A digest of the service's data; it must not change when a request is rejected. */
  fingerprint: () => Promise<string>;
  /** Routes left out, e.g. logout, which changes data whatever the input. `METHOD /path/{template}` */
  skip?: string[];
  runsPerRoute?: number;
  seed?: number;
  /**
   * Also send JSON bodies past the platform's shape limits (the service kit's json-shape.ts): mixed
   * into the generated bodies (never a 5xx), and to every route that takes a body, once deep and once
   * wide, expecting exactly 400 `bodyTooDeep` / `bodyTooWide` and no change. On for services
   * (fuzzService); an app that is not one does not keep those limits.
   */
  bodyShapes?: boolean;
}

export interface FuzzFinding {
  route: string;
  request: { method: string; url: string; caller: string; payload?: string };
  problem: string;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];
const BODY_METHODS = ['post', 'put', 'patch'];

/**
 * Text every field must refuse or handle (packages/contracts/src/text.ts): control characters (NUL,
 * BEL, ESC), a direction override, text of zero-width characters only.
 */
export const hostileStrings = ['\u0000', 'a\u0007b', '\u001b[2J', 'txt\u202egpj.exe', '\u202e', '\u200b', '\u200b\u200b\u2060'] as const;

/** Control characters no field accepts (multi-line ones keep tab, newline and carriage return). */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;

/** Whether `value` holds a string (or a property name) with a control character. */
export function holdsControl(value: unknown): boolean {
  if (typeof value === 'string') return CONTROL.test(value);
  if (typeof value !== 'object' || value === null) return false;
  return Object.entries(value).some(([key, item]) => CONTROL.test(key) || holdsControl(item));
}

/** A path segment as sent, decoded; null when it is not valid percent-encoding. */
function decodedSegment(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

/** Values near and beyond a schema's bounds, of the right and wrong types. */
function valueFor(schema: JsonSchema | undefined, knownIds: string[], depth = 0): fc.Arbitrary<unknown> {
  const anything = fc.jsonValue({ maxDepth: 2 });
  if (!schema || depth > 3) return anything;
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) return fc.oneof(...alternatives.map((alternative) => valueFor(alternative, knownIds, depth + 1)), anything);
  if (schema.enum) return fc.oneof(fc.constantFrom(...schema.enum), anything);
  if (schema.const !== undefined) return fc.oneof(fc.constant(schema.const), anything);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string': {
      const max = schema.maxLength ?? 64;
      const ids = knownIds.length ? [fc.constantFrom(...knownIds)] : [];
      return fc.oneof(
        fc.string({ maxLength: Math.min(max, 80) }),
        fc.string({ minLength: max + 1, maxLength: max + 40 }),
        fc.constantFrom('', ' ', '0', 'null', '<script>alert(1)</script>', "' OR 1=1 --", '../../etc/passwd', '🗳️ élu', '2026-02-30', 'a@b'),
        fc.constantFrom(...hostileStrings),
        fc.uuid(),
        fc.emailAddress(),
        fc.date({ noInvalidDate: true }).map((date) => date.toISOString()),
        ...ids,
        anything,
      );
    }
    case 'integer':
    case 'number':
      return fc.oneof(
        fc.integer({ min: (schema.minimum ?? 0) - 3, max: (schema.maximum ?? 1000) + 3 }),
        fc.constantFrom(-1, 0, 1, 2 ** 31, Number.MAX_SAFE_INTEGER, 1.5),
        anything,
      );
    case 'boolean':
      return fc.oneof(fc.boolean(), anything);
    case 'array':
      return fc.oneof(fc.array(valueFor(schema.items, knownIds, depth + 1), { maxLength: 5 }), anything);
    case 'object': {
      const properties = Object.entries(schema.properties ?? {});
      if (properties.length === 0) return anything;
      const record = fc.record(Object.fromEntries(properties.map(([key, value]) => [key, valueFor(value, knownIds, depth + 1)])), {
        requiredKeys: [],
      });
      return fc.oneof(record, record.chain((value) => fc.dictionary(fc.string({ maxLength: 8 }), anything, { maxKeys: 2 }).map((extra) => ({ ...extra, ...value }))), anything);
    }
    default:
      return anything;
  }
}

/**
 * Path segments as sent (percent-encoded): ids, odd and hostile text, and what no router can read
 * (malformed percent-encoding, a segment far too long).
 */
function pathSegment(knownIds: string[]): fc.Arbitrary<string> {
  const ids = knownIds.length ? [fc.constantFrom(...knownIds)] : [];
  const text = fc.oneof(
    fc.uuid(),
    fc.string({ minLength: 1, maxLength: 40 }),
    fc.integer({ min: -5, max: 5 }).map(String),
    fc.constantFrom('0', '1', '2', '3', 'null', '%00', '..', ...hostileStrings),
    ...ids,
  );
  return fc.oneof({ arbitrary: text.map(encodeURIComponent), weight: 8 }, fc.constantFrom('%c0', '%', '%E2%80', 'x'.repeat(3000)));
}

/** A JSON body (an object, as routes take) holding arrays `depth` deep. */
export const deepJsonBody = (depth: number) => `{"title":"Deep","items":${'['.repeat(depth)}${']'.repeat(depth)}}`;
/** A JSON body (an object) with `keys` keys in all. */
export const wideJsonBody = (keys: number) => `{${Array.from({ length: keys }, (_, i) => `"k${i}":${i}`).join(',')}}`;

/** Bodies past the shape limits, as text: JSON.stringify itself could not build the deepest. */
const shapeBody: fc.Arbitrary<string> = fc.oneof(
  fc.integer({ min: JSON_MAX_DEPTH + 1, max: 50_000 }).map(deepJsonBody),
  fc.integer({ min: JSON_MAX_KEYS + 1, max: 20_000 }).map(wideJsonBody),
);

/** The deep and the wide body every route that takes one is sent, with the answer each must get. */
const SHAPE_PROBES = [
  { label: 'deep', payload: deepJsonBody(100_000), key: 'bodyTooDeep' },
  { label: 'wide', payload: wideJsonBody(20_000), key: 'bodyTooWide' },
] as const;

const SHAPE_METHODS = ['post', 'put', 'patch', 'delete'];
const ANY_ID = '3f1c9a52-6b1e-4d8a-9c2f-5a7e0b4d1c63';

/** Findings text shows the start of a long payload only. */
const shown = (payload: string) => (payload.length > 300 ? `${payload.slice(0, 300)}… (${payload.length} characters)` : payload);

/**
 * Sends generated requests to every operation of the document as every caller: never a 5xx, every
 * error in the catalogue's shape, every answer with its request id, text with control characters never
 * accepted, and a rejected request never changes data. Answers the findings (empty when all is well)
 * and how many requests went out.
 */
export async function fuzzRoutes(options: FuzzOptions): Promise<{ routes: number; requests: number; findings: FuzzFinding[] }> {
  const knownIds = options.knownIds ?? [];
  const findings: FuzzFinding[] = [];
  let requests = 0;
  let routes = 0;
  for (const [template, operations] of Object.entries(options.openapi.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      if (!METHODS.includes(method)) continue;
      const route = `${method.toUpperCase()} ${template}`;
      if (options.skip?.includes(route)) continue;
      routes += 1;
      const parameters = operation.parameters ?? [];
      const pathNames = [...template.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]!);
      const queryParameters = parameters.filter((parameter) => parameter.in === 'query');
      const bodySchema = operation.requestBody?.content?.['application/json']?.schema;
      const generatedBody: fc.Arbitrary<unknown> =
        method === 'get' || method === 'delete' ? fc.option(fc.jsonValue({ maxDepth: 1 }), { freq: 4 }) : valueFor(bodySchema ?? { type: 'object' }, knownIds);
      const body: fc.Arbitrary<{ value: unknown } | { text: string }> =
        options.bodyShapes && BODY_METHODS.includes(method)
          ? fc.oneof({ arbitrary: generatedBody.map((value) => ({ value })), weight: 9 }, { arbitrary: shapeBody.map((text) => ({ text })), weight: 1 })
          : generatedBody.map((value) => ({ value }));
      const request = fc.record({
        caller: fc.constantFrom(...options.callers),
        path: fc.tuple(...pathNames.map(() => pathSegment(knownIds))),
        query: fc.record(Object.fromEntries(queryParameters.map((parameter) => [parameter.name, valueFor(parameter.schema, knownIds)])), { requiredKeys: [] }),
        body,
      });
      if (options.bodyShapes && SHAPE_METHODS.includes(method)) {
        let url = template;
        for (const name of pathNames) url = url.replace(`{${name}}`, encodeURIComponent(knownIds[0] ?? ANY_ID));
        findings.push(...(await probeBodyShapes(options, route, method.toUpperCase(), url)));
      }
      await fc.assert(
        fc.asyncProperty(request, async ({ caller, path, query, body: sent }) => {
          let url = template;
          pathNames.forEach((name, index) => (url = url.replace(`{${name}}`, path[index]!)));
          const search = new URLSearchParams();
          for (const [key, value] of Object.entries(query)) search.set(key, typeof value === 'string' ? value : JSON.stringify(value));
          if ([...search.keys()].length) url += `?${search}`;
          const body = 'value' in sent ? sent.value : undefined;
          const payload = 'text' in sent ? sent.text : body === null || body === undefined ? undefined : JSON.stringify(body);
          const before = await options.fingerprint();
          const answer = await options.app.inject({
            method: method.toUpperCase(),
            url,
            headers: { ...caller.headers, ...(payload === undefined ? {} : { 'content-type': 'application/json' }) },
            ...(payload === undefined ? {} : { payload }),
          });
          requests += 1;
          const record = (problem: string) => {
            findings.push({ route, request: { method: method.toUpperCase(), url, caller: caller.name, ...(payload === undefined ? {} : { payload: shown(payload) }) }, problem });
          };
          if (answer.statusCode >= 500) record(`answered ${answer.statusCode}: ${answer.body.slice(0, 200)}`);
          if (answer.headers['x-request-id'] === undefined) record(`answered ${answer.statusCode} without a request id`);
          const hostile = path.some((segment) => holdsControl(decodedSegment(segment))) || [...search.values()].some(holdsControl) || (BODY_METHODS.includes(method) && holdsControl(body));
          if (hostile && answer.statusCode < 400) record(`accepted text with control characters (answered ${answer.statusCode})`);
          if (answer.statusCode >= 400) {
            let shaped = false;
            try {
              const parsed = JSON.parse(answer.body) as { statusCode?: unknown; statusMessage?: unknown };
              shaped = parsed.statusCode === answer.statusCode && typeof parsed.statusMessage === 'string';
            } catch {
              shaped = false;
            }
            if (!shaped) record(`error not in the spec shape: ${answer.body.slice(0, 200)}`);
            if ((await options.fingerprint()) !== before) record(`rejected with ${answer.statusCode} but data changed`);
          }
          return true;
        }),
        { numRuns: options.runsPerRoute ?? 40, ...(options.seed === undefined ? {} : { seed: options.seed }) },
      );
    }
  }
  return { routes, requests, findings };
}

/**
 * A deep and a wide JSON body to one route, as the first and the last caller: each must be refused
 * with exactly 400 and its shape message (or a route's one failure message with the shape's key as
 * `data.reason`), in the catalogue's shape, with a request id, changing nothing.
 */
async function probeBodyShapes(options: FuzzOptions, route: string, method: string, url: string): Promise<FuzzFinding[]> {
  const findings: FuzzFinding[] = [];
  const callers = [...new Set([options.callers[0]!, options.callers[options.callers.length - 1]!])];
  for (const caller of callers) {
    for (const probe of SHAPE_PROBES) {
      const before = await options.fingerprint();
      const answer = await options.app.inject({ method, url, headers: { ...caller.headers, 'content-type': 'application/json' }, payload: probe.payload });
      let body: { statusCode?: unknown; statusMessage?: unknown; data?: { reason?: unknown } } = {};
      try {
        body = JSON.parse(answer.body) as typeof body;
      } catch {
        body = {};
      }
      const record = (problem: string) => findings.push({ route, request: { method, url, caller: caller.name, payload: shown(probe.payload) }, problem });
      // Its own message, or the one message a route answers every failure with (election votes' updateKO), naming it as the reason.
      const named = body.statusMessage === ErrorMessages[probe.key] || (typeof body.statusMessage === 'string' && body.data?.reason === probe.key);
      if (answer.statusCode !== 400 || body.statusCode !== 400 || !named) {
        record(`a ${probe.label} body answered ${answer.statusCode}: ${answer.body.slice(0, 200)}`);
      }
      if (answer.headers['x-request-id'] === undefined) record(`a ${probe.label} body answered without a request id`);
      if ((await options.fingerprint()) !== before) record(`a ${probe.label} body was refused but data changed`);
    }
  }
  return findings;
}

/**
 * A digest of every table of `schema`: whole contents, except the tables listed in `countOnly`
 * (outbox rows get `sent_at` from the relay in the background: their number is what matters).
 */
export function schemaFingerprint(pool: pg.Pool, schema: string, { countOnly = [], exclude = [] }: { countOnly?: string[]; exclude?: string[] } = {}): () => Promise<string> {
  let query: string | null = null;
  return async () => {
    if (query === null) {
      const tables = (
        await pool.query<{ table_name: string }>(
          "SELECT table_name FROM information_schema.tables WHERE table_schema = $1 AND table_type = 'BASE TABLE' AND table_name <> '_prisma_migrations' ORDER BY table_name",
          [schema],
        )
      ).rows
        .map((row) => row.table_name)
        .filter((table) => !exclude.includes(table));
      // One round trip for the whole schema: the fuzzers take a fingerprint around every emit.
      const digests = tables.map((table) => {
        const name = `"${schema}"."${table}"`;
        const digest = countOnly.includes(table)
          ? `(SELECT count(*)::text FROM ${name})`
          : `(SELECT md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) FROM ${name} t)`;
        return `'${table}:' || ${digest}`;
      });
      query = `SELECT concat_ws(',', ${digests.join(', ') || "''"}) AS digest`;
    }
    return (await pool.query<{ digest: string }>(query)).rows[0]!.digest;
  };
}

export interface ServiceFuzzOptions extends Omit<FuzzOptions, 'openapi' | 'fingerprint'> {
  databaseUrl: string;
  /** The service's schema, whose data must not change on a rejected request. */
  schema: string;
  /** Where the service serves its OpenAPI document. */
  openapiUrl: string;
  /** Tables left out of the comparison (their change on rejection is the point, e.g. login failures). */
  exclude?: string[];
}

/**
 * fuzzRoutes over a service's own OpenAPI document, comparing its schema's data before and after each
 * rejected request (outbox and inbox by their number of rows). Prints what it covered.
 */
export async function fuzzService({ databaseUrl, schema, openapiUrl, exclude, ...options }: ServiceFuzzOptions): Promise<{ routes: number; requests: number; findings: FuzzFinding[] }> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 4 });
  try {
    const answer = await options.app.inject({ method: 'GET', url: openapiUrl, headers: {} });
    const openapi = JSON.parse(answer.body) as OpenApiDocument;
    const fingerprint = schemaFingerprint(pool, schema, { countOnly: ['outbox_event', 'inbox_event'], exclude });
    const result = await fuzzRoutes({ bodyShapes: true, ...options, openapi, fingerprint });
    console.log(`fuzzed ${result.routes} routes of ${schema} with ${result.requests} requests`);
    return result;
  } finally {
    await pool.end();
  }
}

/** What the fuzz test of a service's routes needs to know of it. */
export interface RouteFuzzSuite<H extends { context: { databaseUrl: string }; close(): Promise<void> }> {
  /** The service's schema and where it serves its OpenAPI document. */
  schema: string;
  openapiUrl: string;
  /**
   * Puts the data in place, then names the app, the callers besides a visitor (each caller's name
   * with the headers it sends) and the ids that exist.
   */
  arrange(h: H): Promise<Omit<ServiceFuzzOptions, 'databaseUrl' | 'schema' | 'openapiUrl' | 'runsPerRoute' | 'callers'> & { callers: Record<string, Record<string, string>> }>;
  /** How many routes the document has: exactly, or at least (where routes keep being added). */
  routes: number | { atLeast: number };
  runsPerRoute: number;
  timeoutMs: number;
}

/**
 * The fuzz test of a service, on the harness `start` gives: every route of its OpenAPI document, as a visitor and as every caller
 * the suite names, never answers a 5xx, answers errors in the catalogue's shape, and changes no data
 * when it rejects a request.
 */
export function describeRouteFuzzing<H extends { context: { databaseUrl: string }; close(): Promise<void> }>(start: () => Promise<H>, suite: RouteFuzzSuite<H>): void {
  let h: H;

  beforeAll(async () => {
    h = await start();
  });

  afterAll(async () => {
    await h.close();
  });

  test('every route survives generated input from every kind of caller', async () => {
    const { callers, ...arranged } = await suite.arrange(h);
    const { routes, requests, findings } = await fuzzService({
      ...arranged,
      databaseUrl: h.context.databaseUrl,
      schema: suite.schema,
      openapiUrl: suite.openapiUrl,
      callers: [{ name: 'visitor', headers: {} }, ...Object.entries(callers).map(([name, headers]) => ({ name, headers }))],
      runsPerRoute: suite.runsPerRoute,
    });

    if (typeof suite.routes === 'number') expect(routes).toBe(suite.routes);
    else expect(routes).toBeGreaterThanOrEqual(suite.routes.atLeast);
    expect(requests).toBe(routes * suite.runsPerRoute);
    expect(findings).toEqual([]);
  }, suite.timeoutMs);
}
