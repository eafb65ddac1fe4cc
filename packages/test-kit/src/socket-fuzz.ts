import fc from 'fast-check';
import { errorKeyOf } from '@civic/contracts';
import { hostileStrings, holdsControl } from './fuzz.js';

/** The slice of a JSON schema (TypeBox's included) the generators read. */
interface PayloadSchema {
  type?: string | string[];
  properties?: Record<string, PayloadSchema>;
  required?: string[];
  maxLength?: number;
  pattern?: string;
}

/** The slice of a socket.io client the fuzzer drives. */
export interface FuzzSocket {
  readonly connected: boolean;
  emit(event: string, ...args: unknown[]): unknown;
  timeout(ms: number): { emitWithAck(event: string, ...args: unknown[]): Promise<unknown> };
  disconnect(): unknown;
}

export interface SocketFuzzCaller {
  name: string;
  /** Opens a connection as this caller (the fuzzer opens another when one used up its budget). */
  connect(): Promise<FuzzSocket>;
}

export interface SocketFuzzOptions {
  /** Every event the server accepts from clients, with the schema of its payload. */
  events: Record<string, PayloadSchema>;
  callers: SocketFuzzCaller[];
  /** Real ids and names (rooms, messages, users), so generated payloads also reach existing records. */
  knownValues: string[];
  /** A digest of the service's data; it must not change when an emit is rejected. */
  fingerprint: () => Promise<string>;
  /** What the data must keep whatever was accepted: answers what is broken, or null. Checked after each accepted emit. */
  invariant?: () => Promise<string | null>;
  /**
   * An event the server answers at once whatever it carries (an unknown one): sent after every emit,
   * its answer proves the connection is alive and that the server handled the emits before it.
   */
  probeEvent: string;
  /** Emits one connection may make before the server's per-connection flood limit; a fresh one is opened then. */
  emitsPerSocket?: number;
  /** Payloads are kept under the server's frame limit (beyond it, closing the connection is the intended answer). */
  maxFrameBytes?: number;
  ackTimeoutMs?: number;
  runsPerEvent?: number;
  seed?: number;
}

export interface SocketFuzzFinding {
  event: string;
  caller: string;
  mode: EmitMode;
  payload: string;
  problem: string;
}

export interface SocketFuzzResult {
  /** The events fuzzed, in the order given. */
  events: string[];
  emits: number;
  /** How the emits were answered: `ok`, a status code, `ignored` (no callback to answer) or `unanswered`. */
  outcomes: Record<string, number>;
  findings: SocketFuzzFinding[];
}

/** How an emit carries its acknowledgement callback, the client mistakes included. */
const EMIT_MODES = ['ack', 'ack only', 'no ack', 'non-function ack', 'extra arguments'] as const;
type EmitMode = (typeof EMIT_MODES)[number];

const anything = fc.anything({ maxDepth: 2, maxKeys: 4 });
const oddStrings = fc.constantFrom('', ' ', '\n', '\t', '\ud800', '<script>alert(1)</script>', "' OR 1=1 --", '🗳️ élu', '%00', '__proto__', 'null', ...hostileStrings);

/** Real values slightly wrong: another case, padded, cut, stretched. */
const mutatedFrom = (values: string[]) =>
  fc.constantFrom(...values).chain((value) => fc.constantFrom(value.toUpperCase(), ` ${value}`, `${value} `, value.slice(0, -1), `${value}0`, value.replace(/-/g, '')));

/**
 * Mostly strings the field accepts, so generated payloads get past validation and reach real records
 * (the known values that fit its pattern), and otherwise any other known value, one slightly wrong,
 * odd characters, strings beyond the bound, or no string at all.
 */
function stringArbitrary(schema: PayloadSchema, knownValues: string[]): fc.Arbitrary<unknown> {
  const max = schema.maxLength ?? 256;
  const pattern = schema.pattern === undefined ? null : new RegExp(schema.pattern);
  const fitting = pattern ? knownValues.filter((value) => pattern.test(value)) : [];
  const weighted = (arbitrary: fc.Arbitrary<unknown>, weight: number) => ({ arbitrary, weight });
  return fc.oneof(
    ...(fitting.length ? [weighted(fc.constantFrom(...fitting), 10)] : []),
    ...(knownValues.length ? [weighted(fc.constantFrom(...knownValues), 1), weighted(mutatedFrom(knownValues), 2)] : []),
    weighted(fc.string({ unit: 'grapheme', minLength: 1, maxLength: 40 }), pattern ? 1 : 10),
    weighted(fc.string({ unit: 'binary', maxLength: Math.min(max + 20, 600) }), 2),
    weighted(fc.string({ unit: 'binary-ascii', minLength: max + 1, maxLength: max + 4000 }), 1),
    weighted(oddStrings, 2),
    weighted(fc.uuid(), 1),
    weighted(anything, 1),
  );
}

/** Values the field accepts: the known values that fit its pattern, else text, around its bounds too. */
function fittingArbitrary(schema: PayloadSchema, knownValues: string[]): fc.Arbitrary<unknown> {
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (type === 'boolean') return fc.boolean();
  if (type === 'object') return objectArbitrary(schema, knownValues);
  if (type !== 'string') return anything;
  if (schema.pattern !== undefined) {
    const pattern = new RegExp(schema.pattern);
    const fitting = knownValues.filter((value) => pattern.test(value));
    // The same value in capitals, where the pattern allows it: one record, two spellings.
    const recased = fitting.map((value) => value.toUpperCase()).filter((value) => pattern.test(value) && !fitting.includes(value));
    if (fitting.length === 0) return fc.uuid();
    return recased.length ? fc.oneof({ arbitrary: fc.constantFrom(...fitting), weight: 3 }, { arbitrary: fc.constantFrom(...recased), weight: 1 }) : fc.constantFrom(...fitting);
  }
  const max = schema.maxLength ?? 256;
  return fc.oneof(
    { arbitrary: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 60 }), weight: 4 },
    { arbitrary: fc.string({ unit: 'grapheme-ascii', minLength: Math.floor(max / 2) - 10, maxLength: max }), weight: 1 },
  );
}

/** Values of the field's type, near and beyond its bounds, and of the wrong types. */
function valueArbitrary(schema: PayloadSchema, knownValues: string[]): fc.Arbitrary<unknown> {
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string':
      return stringArbitrary(schema, knownValues);
    case 'boolean':
      return fc.oneof(fc.boolean(), fc.constantFrom('true', 0, 1, null), anything);
    case 'integer':
    case 'number':
      return fc.oneof(fc.integer(), fc.constantFrom(-1, 0, 1.5, Number.MAX_SAFE_INTEGER, '1'), anything);
    case 'object':
      return objectArbitrary(schema, knownValues);
    default:
      return anything;
  }
}

/**
 * Objects shaped like the payload: valid ones (so the handlers and permissions run), and ones with
 * any value in the fields, fields missing, extra fields, or one field of any kind.
 */
function objectArbitrary(schema: PayloadSchema, knownValues: string[]): fc.Arbitrary<unknown> {
  const properties = Object.entries(schema.properties ?? {});
  const requiredKeys = schema.required ?? [];
  const fitting = fc.record(Object.fromEntries(properties.map(([key, value]) => [key, fittingArbitrary(value, knownValues)])), { requiredKeys });
  const fields = Object.fromEntries(properties.map(([key, value]) => [key, valueArbitrary(value, knownValues)]));
  const mixed = fc.record(fields, { requiredKeys });
  const partial = fc.record(fields, { requiredKeys: [] });
  const withExtra = fc.tuple(fitting, fc.dictionary(fc.string({ maxLength: 8 }), anything, { minKeys: 1, maxKeys: 2 })).map(([value, extra]) => ({ ...extra, ...value }));
  const keys = Object.keys(fields);
  const withOneWrong =
    keys.length === 0 ? anything : fc.tuple(fitting, fc.constantFrom(...keys), anything).map(([value, key, wrong]) => ({ ...(value as object), [key]: wrong }));
  return fc.oneof(
    { arbitrary: fitting, weight: 5 },
    { arbitrary: mixed, weight: 3 },
    { arbitrary: partial, weight: 1 },
    { arbitrary: withExtra, weight: 1 },
    { arbitrary: withOneWrong, weight: 2 },
  );
}

function payloadArbitrary(schema: PayloadSchema, knownValues: string[], maxFrameBytes: number): fc.Arbitrary<unknown> {
  return fc
    .oneof(
      { arbitrary: valueArbitrary(schema, knownValues), weight: 10 },
      { arbitrary: anything, weight: 1 },
      { arbitrary: fc.jsonValue({ maxDepth: 3 }), weight: 1 },
      { arbitrary: fc.array(valueArbitrary(schema, knownValues), { maxLength: 3 }), weight: 1 },
      { arbitrary: fc.uint8Array({ maxLength: 64 }), weight: 1 },
      ...(knownValues.length ? [{ arbitrary: fc.constantFrom(...knownValues), weight: 1 }] : []),
    )
    .filter((payload) => frameBytes(payload) <= maxFrameBytes);
}

function frameBytes(payload: unknown): number {
  return Buffer.byteLength(JSON.stringify(payload) ?? '');
}

function shown(payload: unknown): string {
  if (payload instanceof Uint8Array) return `<${payload.length} bytes>`;
  const text = JSON.stringify(payload) ?? String(payload);
  return text.length > 200 ? `${text.slice(0, 200)}… (${text.length} characters)` : text;
}

/** Why an answer is not `{ ok: true, data }` nor a 4xx in the error shape (docs/product.md#errors), or null when it is. */
function answerProblem(answer: unknown): string | null {
  if (typeof answer !== 'object' || answer === null) return `answered ${shown(answer)}`;
  if ('ok' in answer) return (answer as { ok: unknown }).ok === true && 'data' in answer ? null : `answered ${shown(answer)}`;
  const { statusCode, statusMessage } = answer as { statusCode?: unknown; statusMessage?: unknown };
  if (typeof statusCode !== 'number' || typeof statusMessage !== 'string' || errorKeyOf(statusMessage) === undefined) return `error not in the spec shape: ${shown(answer)}`;
  if (statusCode >= 500) return `answered ${statusCode}: ${shown(answer)}`;
  if (statusCode < 400) return `error with status ${statusCode}`;
  return null;
}

const outcomeOf = (answer: unknown) => (typeof answer === 'object' && answer !== null && 'ok' in answer ? 'ok' : String((answer as { statusCode?: unknown })?.statusCode));

/**
 * Emits generated payloads for every client event, as every caller and in every way of passing (or
 * not) the acknowledgement: each answer is `{ ok: true, data }` or a 4xx in the error shape,
 * the connection stays up, text with control characters is never accepted, and a rejected or
 * ignored emit changes no data. Answers the findings (empty when all is well) with what the emits got.
 */
export async function fuzzSocketEvents(options: SocketFuzzOptions): Promise<SocketFuzzResult> {
  const { knownValues, fingerprint, probeEvent } = options;
  const emitsPerSocket = options.emitsPerSocket ?? 50;
  const ackTimeoutMs = options.ackTimeoutMs ?? 3000;
  const maxFrameBytes = options.maxFrameBytes ?? 8 * 1024;
  const findings: SocketFuzzFinding[] = [];
  const outcomes: Record<string, number> = {};
  const open = new Map<string, { socket: FuzzSocket; emits: number }>();
  let emits = 0;

  async function socketOf(caller: SocketFuzzCaller): Promise<FuzzSocket> {
    let current = open.get(caller.name);
    if (!current || current.emits >= emitsPerSocket || !current.socket.connected) {
      current?.socket.disconnect();
      current = { socket: await caller.connect(), emits: 0 };
      open.set(caller.name, current);
    }
    current.emits += 2; // the emit and its probe
    return current.socket;
  }

  const withTimeout = (promise: Promise<unknown>) => promise.then((answer) => ({ answered: true as const, answer }), () => ({ answered: false as const }));

  for (const [event, schema] of Object.entries(options.events)) {
    const run = fc.record({
      caller: fc.constantFrom(...options.callers),
      mode: fc.oneof({ arbitrary: fc.constant<EmitMode>('ack'), weight: 4 }, { arbitrary: fc.constantFrom<EmitMode>(...EMIT_MODES), weight: 2 }),
      payload: payloadArbitrary(schema, knownValues, maxFrameBytes),
      extra: fc.oneof(fc.jsonValue({ maxDepth: 1 }), oddStrings),
    });
    await fc.assert(
      fc.asyncProperty(run, async ({ caller, mode, payload, extra }) => {
        const socket = await socketOf(caller);
        const record = (problem: string) => findings.push({ event, caller: caller.name, mode, payload: shown(payload), problem });
        const before = await fingerprint();
        const acked = socket.timeout(ackTimeoutMs);
        let reply: { answered: true; answer: unknown } | { answered: false } | null = null;
        if (mode === 'ack') reply = await withTimeout(acked.emitWithAck(event, payload));
        else if (mode === 'ack only') reply = await withTimeout(acked.emitWithAck(event));
        else if (mode === 'extra arguments') reply = await withTimeout(acked.emitWithAck(event, payload, extra));
        else if (mode === 'no ack') socket.emit(event, payload);
        else socket.emit(event, payload, extra);
        emits += 1;

        // Handled in order: once the probe is answered, the emit before it was too.
        const probe = await withTimeout(socket.timeout(ackTimeoutMs).emitWithAck(probeEvent, {}));
        if (!probe.answered || !socket.connected) record('the connection dropped or stopped answering');
        else if (answerProblem(probe.answer) !== null || outcomeOf(probe.answer) === 'ok') record(`the probe got ${shown(probe.answer)}`);

        if (reply && !reply.answered) record(`no answer within ${ackTimeoutMs} ms`);
        const outcome = reply === null ? 'ignored' : reply.answered ? outcomeOf(reply.answer) : 'unanswered';
        outcomes[outcome] = (outcomes[outcome] ?? 0) + 1;
        const problem = reply?.answered ? answerProblem(reply.answer) : null;
        if (problem) record(problem);
        if (outcome === 'ok') {
          if (mode !== 'ack only' && holdsControl(payload)) record('accepted text with control characters');
          const broken = await options.invariant?.();
          if (broken) record(`accepted, and then ${broken}`);
        } else if ((await fingerprint()) !== before) record(`data changed although the emit was ${outcome === 'ignored' || outcome === 'unanswered' ? outcome : `rejected with ${outcome}`}`);
        return true;
      }),
      { numRuns: options.runsPerEvent ?? 40, ...(options.seed === undefined ? {} : { seed: options.seed }) },
    );
  }
  for (const { socket } of open.values()) socket.disconnect();
  return { events: Object.keys(options.events), emits, outcomes, findings };
}
